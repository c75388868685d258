// Ends a page's parsed DOM when its callback is done, so that the young-generation GC can free it.
import type { CheerioAPI } from 'cheerio';
import { PricecrawlError } from './errors';

/**
 * Why: cheerio's `load` defines a class per document. V8 allocates that class's hidden class (its
 * map) in the old generation, and the map points at the class, whose closure holds the document. An
 * old object counts as alive to every young-generation GC until the next full one, so each page's whole
 * DOM was copied and then promoted as if in use (fast bench: ~110 KB promoted per page, 43–50 full GCs
 * per 6,160 pages; a bare htmlparser2 parse promotes nothing). Emptying the document leaves that map
 * holding an empty root. Reading the root's children afterwards throws: a `$` or selection kept past
 * its callback must not quietly find nothing.
 */
export function releaseDom($: CheerioAPI, url: string): void {
  const released = (): never => {
    throw new PricecrawlError('DOM_RELEASED', `the DOM of ${url} was released when its callback ended: keep the values read from it, not $ or its elements`);
  };
  Object.defineProperty($._root, 'children', { configurable: true, get: released, set: released });
}
