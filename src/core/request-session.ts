// The session a request is sent on: its id, its pinned proxy and its cookie jar, as the fetchers see them.
import type { ErrorCode } from './errors';

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
  /**
   * The proxy itself failed a fetch on this session (see `isProxyFailure`). Told by the fetcher, so every
   * fetch made with the session counts (a page's, its robots.txt's) toward retiring the proxy.
   */
  proxyFailed(): void;
  /**
   * A session of the same host on another usable proxy (a live one first), or null when there is none.
   * For a fetch made outside the chain (robots.txt) whose last try through this proxy failed.
   */
  elsewhere?(): Promise<RequestSession | null>;
}

/**
 * Failures that say the proxy is unusable whatever the site: no connection to it, or our credentials
 * refused. A refused tunnel is left out: a proxy answers 502 to a CONNECT when the site is down, and a
 * site's outage must not retire every proxy.
 */
const PROXY_FAILURES: ReadonlySet<ErrorCode> = new Set(['FETCH_PROXY_UNREACHABLE', 'FETCH_PROXY_AUTH']);

export function isProxyFailure(code: ErrorCode): boolean {
  return PROXY_FAILURES.has(code);
}

/**
 * Transport failures a proxy causes as readily as the site (a timeout, a cut connection, a body cut short or
 * mangled, a tunnel not set up): a request that met one through a proxy tries another next. Waits of our own
 * (a redirect target's robots.txt, its slot) are none: they say nothing about the proxy.
 */
const PROXY_OR_SITE_FAILURES: ReadonlySet<ErrorCode> = new Set(['FETCH_TIMEOUT', 'FETCH_CONNECT_TIMEOUT', 'FETCH_CONNECTION_RESET', 'FETCH_FAILED', 'FETCH_PROTOCOL', 'FETCH_TRUNCATED', 'FETCH_DECOMPRESS', 'FETCH_TLS', 'FETCH_PROXY_TUNNEL']);

export function mayBeProxyFailure(code: ErrorCode): boolean {
  return PROXY_OR_SITE_FAILURES.has(code);
}

/** What a fetcher does with a failure of a fetch on `session`: tells the session when the proxy failed, and hands the failure back. */
export function proxyFailureNoted<E extends { code: ErrorCode }>(session: RequestSession | null, failure: E): E {
  if (session?.proxyUrl && isProxyFailure(failure.code)) session.proxyFailed();
  return failure;
}
