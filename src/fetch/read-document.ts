// Reads a settled page's HTML together with the URL and response of the document it came from.
import type { Page, Response as PwResponse } from 'playwright-core';
import { FetchError } from '../core/errors';
import type { DocumentWatch } from './document-watch';
import { evaluateIsolated } from './isolated-world';
import { pageHtml } from './page-html';

export interface ReadDocument {
  html: string;
  /** The URL that served the document read (after redirects, with the request's fragment). */
  url: string;
  response: PwResponse;
  /** The URLs the page went through before that document: redirects, and documents a script moved on from. */
  chain: string[];
  /** The page stopped the document as it loaded (window.stop()): only the head of its answer ever came. */
  stopped: boolean;
  /** The protocol the document came over, as the navigation entry names it (`http/1.1`, `h2`), or null. */
  protocol: string | null;
}

/**
 * Script hops (a meta refresh, `location` set on load) the read follows: a page that moves on just as it
 * is read is read again once it settled, as it would have been had it moved a moment earlier while the
 * fetcher waited; a page still moving after this many is refused (`browser/page-navigated`). The same
 * bound as HTTP's default `http.maxRedirects`.
 */
const SCRIPT_HOPS_FOLLOWED = 10;

/**
 * Reads the page once no navigation is on its way (`check` re-judges confinement before each read). A
 * redirect by meta refresh or by script on load starts about when the load ends: read as soon as the load
 * ended, the page failed for good or was followed depending on which came first in Node.
 */
export async function readSettledDocument(page: Page, watch: DocumentWatch, requestUrl: string, check: () => Promise<unknown>): Promise<ReadDocument> {
  for (let hop = 0; ; hop++) {
    await watch.settled();
    watch.startReading();
    await check();
    try {
      return await readDocument(page, watch, requestUrl);
    } catch (error) {
      if (hop >= SCRIPT_HOPS_FOLLOWED || !watch.movedOnSinceRead()) throw error;
    }
  }
}

/**
 * The page's URL is no name for its document: `history.pushState` rewrites it to any path of the origin
 * without loading anything, and a script, a form or a frame setting `top.location` can have replaced
 * the document while the request's own load was still under way, so neither the URL asked for nor the
 * response `goto` gave need be the one whose HTML is read. The navigation timing entry names the URL
 * that served the current document, which pushState leaves alone; its response must be one the page
 * received during this request, else the page shows something no response of it served (an error page,
 * a document a script made up), and the request fails rather than store it under a name.
 */
async function readDocument(page: Page, watch: DocumentWatch, requestUrl: string): Promise<ReadDocument> {
  const read = async (): Promise<[Identity, string]> => [await identify(page), await pageHtml(page)];
  // Mid-read, a navigation makes the read throw (the document is going), wait for the next document or
  // return it: either way the body would not be this URL's, so the navigation is the request's failure.
  const reading = read();
  const departed = watch.departed();
  // Only raced: the loser's rejection is no one's (a departure after the read is checked below).
  for (const raced of [reading, departed]) raced.catch(() => undefined);
  const [{ served, web, protocol }, html] = await Promise.race([reading, departed]).catch((error: unknown) => {
    throw watch.departure() ?? error;
  });
  const departure = watch.departure();
  if (departure) throw departure;
  const response = web && served !== null ? watch.responseFor(served.split('#')[0]) : null;
  const cut = response && watch.cutBody(response.response);
  if (cut) throw cut;
  if (served !== null && response) return { html, url: served, ...response, protocol };
  // Chromium's error page for a navigation that failed: that failure, as over HTTP. Not ERR_ABORTED: that is a
  // load the page cut short by leaving it (for about:blank, a blob, its history), which shows no error page.
  const failure = watch.lastFailure();
  if (failure !== null && !/ERR_ABORTED/.test(failure)) throw new Error(`${failure} (the page of ${requestUrl} moved to a document that failed to load)`);
  throw new FetchError('BROWSER_PAGE_NAVIGATED', `the page of ${requestUrl} shows ${served ?? 'a document'} that no response of this request served`);
}

interface Identity {
  /** The URL of the response the current document was parsed from. */
  served: string | null;
  /** False on Chromium's error page (chrome-error://), about:blank, data: and the like. */
  web: boolean;
  /** The entry's `nextHopProtocol`: empty or absent where Chromium did not say. */
  protocol: string | null;
}

/** Read in the page itself, in one evaluation: the navigation entry and the document's own scheme. */
async function identify(page: Page): Promise<Identity> {
  // In a world of our own: the page's scripts may have replaced performance's methods in theirs.
  const [served, scheme, protocol] = (await evaluateIsolated(page, `(() => { const entry = performance.getEntriesByType('navigation')[0]; return [entry?.name ?? null, location.protocol, entry?.nextHopProtocol ?? null]; })()`)) as [unknown, unknown, unknown];
  return { served: typeof served === 'string' ? served : null, web: scheme === 'http:' || scheme === 'https:', protocol: typeof protocol === 'string' && protocol !== '' ? protocol : null };
}
