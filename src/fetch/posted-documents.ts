// A document a page asks for by POST (a form its script submits) is refused before it is sent.
import type { Request as PwRequest } from 'playwright-core';
import { FetchError } from '../core/errors';

/** Counted for each one refused, of the main frame or of a frame. */
export const POST_NAVIGATION_BLOCKED = 'browser/post-navigation-blocked';

/**
 * The spider asks for pages by GET (the browser fetcher sends nothing else), yet a page's script may submit a
 * form on its own: a consent or region wall, an "add to cart" a shop submits on load, a challenge page. Sent,
 * the crawler changed state on the shop by itself (measured: `POST /cart/add` reached the server from a page
 * that submitted its cart form as it parsed, or from a timer after its load), and the answer to that POST, a
 * page no GET of its URL gives (the cart's total), was stored as that URL's price. Any document with a
 * method other than GET is refused here: in the main frame the request fails (`browser/post-navigation`,
 * permanent: the page does it again on every try); a frame's stays blank and the page is read. A fetch or
 * XHR by POST is no document and goes on: shops ask GraphQL APIs for prices that way.
 */
export function postedDocument(req: PwRequest): FetchError | null {
  const method = req.method();
  if (method === 'GET') return null;
  return new FetchError('BROWSER_POST_NAVIGATION', `the page ${req.frame().url()} submitted a form by ${method} to ${req.url()}: not sent, as the crawler sends only the GETs its spider asks for`);
}
