// A hop the chain follows for a middleware (a refresh redirect): looped, limited and sent as the fetcher's own 3xx hops are.
import { FetchError, RedirectChainError } from '../core/errors';
import type { CrawlRequest } from '../core/request';
import type { CrawlResponse } from '../core/response';

/**
 * The fetcher's rules for its own hops, applied to one from `from` to `toUrl`: a URL the request went
 * through before this answer is a loop (A refreshing to B refreshing to A), and the hops before it count
 * against `http.maxRedirects` with it. The answer's own URL is not: a middleware asks for that only to
 * reload with a cookie the answer set (the cookie check), which a second time is in the chain, a loop.
 */
export function checkFollowedHop(from: CrawlResponse, toUrl: string, maxRedirects: number): void {
  const { protocol } = new URL(toUrl);
  if (protocol !== 'http:' && protocol !== 'https:') throw new FetchError('FETCH_BAD_REDIRECT', `refresh from ${from.url} to a non-HTTP URL "${toUrl}"`);
  const target = withoutFragment(toUrl);
  // Named hops, as the fetcher's own: a loop through a wall is a block (block-rules.ts).
  const chain = [...from.redirectChain, from.url];
  if (from.redirectChain.some((url) => withoutFragment(url) === target)) {
    throw new RedirectChainError('FETCH_REDIRECT_LOOP', chain, toUrl, `redirect loop: ${from.url} → ${toUrl} (a refresh) was already visited`);
  }
  if (from.redirectChain.length >= maxRedirects) {
    throw new RedirectChainError('FETCH_TOO_MANY_REDIRECTS', chain, toUrl, `more than ${maxRedirects} redirects, last ${from.url} → ${toUrl} (a refresh)`);
  }
}

/** The target's answer as an answer to the request: its URL list starts with everything before the hop. */
export function answerAfterHop(request: CrawlRequest, from: CrawlResponse, target: CrawlResponse): CrawlResponse {
  return target.reachedFrom(request, [...from.redirectChain, from.url]);
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}
