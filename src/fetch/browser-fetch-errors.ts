// How a browser fetch's failures are named: a refused document hop, Chromium's errors, the caller's redirect check for the page's documents.
import { FetchError, OffsiteHopError, PricecrawlError } from '../core/errors';
import type { DocumentCheck, RefusedHop } from './page-guard';
import { netFetchError } from './chromium-net-errors';
import type { FetchOptions } from './fetcher';
import { TimeBoundExceeded } from './time-bound';

/**
 * The caller's `checkRedirect` (offsite, robots.txt) for the page's documents (main frame and frames), run
 * before a hop or a navigation is sent: on the page's 'request' event it ran after Chromium had already fetched the URL.
 */
export function documentCheck(options: FetchOptions): DocumentCheck | undefined {
  const { checkRedirect } = options;
  if (!checkRedirect) return undefined;
  return (from, to) => {
    // As over HTTP, where a hop to another scheme never reaches the check (Chromium refuses those redirects itself).
    if (!/^https?:/i.test(to)) return null;
    try {
      checkRedirect(from, to);
      return null;
    } catch (error) {
      return error instanceof FetchError ? error : new FetchError('FETCH_FAILED', `redirect check failed for ${to}`, { cause: error });
    }
  };
}

/** A refused hop of the request's own redirects reads as HTTP's offsite redirect; one a script started, as the page leaving. */
export function hopError(hop: RefusedHop, requestUrl: string, ownChain: ReadonlySet<string>): FetchError {
  if (ownChain.has(hop.from)) return new OffsiteHopError('OFFSITE_REDIRECT', hop.from, hop.to);
  return new OffsiteHopError('OFFSITE_BROWSER_NAVIGATION', requestUrl, hop.to, `the page of ${requestUrl} was sent through ${hop.from} to ${hop.to}, outside allowedDomains`);
}

/** Chromium's net:: errors and a vanished browser, as the same codes the HTTP fetcher uses. */
export function browserError(error: unknown, url: string): FetchError {
  if (error instanceof FetchError) return error;
  if (error instanceof TimeBoundExceeded) return new FetchError('FETCH_BROWSER_CRASHED', `the browser stopped answering (${error.message}) for ${url}`, { cause: error });
  if (error instanceof PricecrawlError && (error.code === 'BROWSER_MISSING' || error.code === 'BROWSER_UNAVAILABLE')) return new FetchError(error.code, error.message, { cause: error });
  const message = error instanceof Error ? error.message : String(error);
  // The page's own answer (a Content-Disposition attachment), not a transport failure: retrying changes nothing.
  if (/Download is starting/.test(message)) return new FetchError('BROWSER_DOWNLOAD', `${url} answered with a download, not a page`, { cause: error });
  const net = netFetchError(message, url, error);
  if (net) return net;
  if (/has been closed|crash|disconnected/i.test(message)) return new FetchError('FETCH_BROWSER_CRASHED', `the browser or the page's renderer went away while loading ${url}`, { cause: error });
  return new FetchError('FETCH_FAILED', `${message.split('\n')[0]} (${url})`, { cause: error });
}
