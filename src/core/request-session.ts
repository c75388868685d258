// The session a request is sent on: its id, its pinned proxy and its cookie jar, as the fetchers see them.

/**
 * Set on `CrawlRequest.session` by the sessions middleware just before the send (never serialized).
 * The HTTP fetcher sends through `proxyUrl` and keeps cookies per redirect hop; a browser fetcher can pin
 * a context to the same id and proxy. `proxyUrl` may hold credentials: log `proxyId`, never the URL.
 */
export interface RequestSession {
  readonly id: string;
  /** `host:port` of the proxy (no credentials), or null when the session goes direct. */
  readonly proxyId: string | null;
  /** The full proxy URL, credentials included, for the fetcher only; null when direct. */
  readonly proxyUrl: string | null;
  /** The `Cookie` header value this session sends to `url` ('' when none). */
  cookieHeader(url: string): string;
  /** Stores a response's `Set-Cookie` values, as received from `url`. */
  storeCookies(url: string, setCookie: readonly string[]): void;
}
