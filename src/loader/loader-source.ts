// What a loader reads from: a response (its HTML and JSON, parsed only when asked), a cheerio root, or plain JSON.
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { CrawlResponse } from '../core/response';

/**
 * `res` in a callback (HTML parsed on the first addCss, JSON on the first addJson), a cheerio `$` (the shell, a fixture),
 * or the parts by hand: `{ json: product }` for one product of an API page, `{ $, scope: $(card) }` for one card of a list.
 */
export type LoaderSource = CrawlResponse | CheerioAPI | { $?: CheerioAPI; scope?: Cheerio<AnyNode>; json?: unknown };

/** The source with each part read lazily: a JSON answer is never parsed as HTML, nor a page as JSON. */
export interface ReadSource {
  select(selector: string): Cheerio<AnyNode>;
  scoped(selector: string): ReadSource;
  json(): unknown;
}

export function readSource(source: LoaderSource | undefined): ReadSource {
  if (source instanceof CrawlResponse) return parts(() => source.$, undefined, () => source.json());
  if (typeof source === 'function') return parts(() => source, undefined, () => undefined);
  return parts(source?.$ ? () => source.$! : undefined, source?.scope, () => source?.json);
}

function parts(dom: (() => CheerioAPI) | undefined, scope: Cheerio<AnyNode> | undefined, json: () => unknown): ReadSource {
  const $ = (): CheerioAPI => {
    if (!dom) throw new TypeError('addCss needs HTML: make the loader from the response (`loader.from(res)`) or give it `{ $ }`');
    return dom();
  };
  const select = (selector: string) => (scope ? scope.find(selector) : $()(selector));
  return { select, scoped: (selector) => parts(dom, select(selector), json), json };
}
