// The fetcher port: turns one CrawlRequest into a CrawlResponse or throws a FetchError with a code.
import type { CrawlRequest } from '../core/request';
import type { CrawlResponse } from '../core/response';

/** The fetch's own deadline as a hop sees it: its abort signal and the time left. */
export interface HopDeadline {
  signal: AbortSignal;
  remainingMs(): number;
}

export interface FetchOptions {
  /** Aborts the fetch (shutdown, engine timeout). */
  signal?: AbortSignal;
  /**
   * Called for every redirect hop before it is followed; throwing a FetchError (e.g. OFFSITE_REDIRECT)
   * stops the chain. Lets the offsite rules re-check each hop.
   */
  checkRedirect?(fromUrl: string, toUrl: string): void;
  /**
   * Awaited before a hop's `checkRedirect`, within the fetch's deadline: what the check needs first (the
   * target's robots.txt) is waited for here, so a fetcher that can wait follows the hop once it is known
   * instead of the check deferring the whole request (which fetched its start URL again on every try). A
   * fetcher that cannot wait inside a hop (Chromium follows redirects itself) leaves it out.
   */
  prepareHop?(fromUrl: string, toUrl: string, deadline: HopDeadline): Promise<void>;
  /**
   * Awaited before each further send of the fetch (a redirect hop that passed `checkRedirect`, a GET sent
   * again after its kept-alive connection died): the engine takes the slot of the host it goes to here
   * (its own host's too), within what is left of the fetch's deadline.
   */
  beforeHop?(toUrl: string, deadline: HopDeadline): Promise<void>;
  /**
   * Awaited right before the fetch's first send, after whatever the fetcher readies first (a browser page):
   * the engine holds the request until its host's interval since the host's latest send has run, within the
   * fetch's deadline. A request that took longer than the interval to get there went out just after one
   * whose slot came later.
   */
  beforeSend?(deadline: HopDeadline): Promise<void>;
  /**
   * The spider's allowedDomains as a predicate. A fetcher that runs page code (the browser) keeps every
   * navigation the page attempts (frames and popups included) inside it; without it pages go anywhere.
   */
  allowsUrl?(url: string): boolean;
  /** Only the body's first this many bytes are wanted: a longer one is cut there, not failed (robots.txt). */
  readAtMostBytes?: number;
  /** The body is a text file (robots.txt): plain text under a Content-Encoding it does not decode is read as sent (body-reader.ts `undoLayer`). */
  textFile?: boolean;
  /** Called when the request (and each redirect hop) is written to the socket. */
  onSend?(): void;
  /** Called when a send is made again at once because its kept-alive connection had been closed by the server (src/fetch/stale-connection.ts). */
  onStaleConnection?(): void;
  /**
   * Offered by the engine: a fetcher whose response holds a live resource (the browser page behind
   * `res.page`) hands its release here instead of freeing it, and the engine calls it when the
   * request's task ends (callback done, failed or timed out). Without it the resource is freed at once.
   */
  retain?(release: () => Promise<void>): void;
}

export interface Fetcher {
  fetch(request: CrawlRequest, options?: FetchOptions): Promise<CrawlResponse>;
  close(): Promise<void>;
}
