// Error classes with stable codes: tests and the ledger use the code, never the message text.
import { didYouMean } from './closest-name';
import { projectFrame } from './code-location';
import type { RedirectResume } from './redirect-resume';

export type ErrorCode =
  | 'SETTINGS_INVALID'
  | 'SPIDER_NOT_FOUND'
  | 'SPIDER_START_FAILED'
  | 'SPIDER_LOAD_FAILED'
  | 'COMPONENT_LOAD_FAILED'
  | 'FRONTIER_UNREACHABLE'
  | 'FRONTIER_RUN_LOST'
  | 'FRONTIER_SEEDER_LOST'
  | 'FRONTIER_REFUSED'
  | 'FRONTIER_EVICTS'
  | 'FRONTIER_ADD_FAILED'
  | 'FRONTIER_NO_RUN'
  | 'FRONTIER_STORE_MISMATCH'
  | 'STORAGE_WRITE_FAILED'
  | 'STORE_UNREACHABLE'
  | 'STORE_REFUSED'
  | 'STORE_SCHEMA_NEWER'
  | 'UNKNOWN_CALLBACK'
  | 'CALLBACK_ERROR'
  | 'CALLBACK_TIMEOUT'
  | 'CALLBACK_CUT_OFF'
  | 'FETCH_TIMEOUT'
  | 'FETCH_CONNECT_TIMEOUT'
  | 'FETCH_CONNECTION_RESET'
  | 'FETCH_CONNECTION_REFUSED'
  | 'FETCH_DNS'
  | 'FETCH_TLS'
  /** The server refused HTTP/1.1, the one protocol the HTTP fetcher offers, in the TLS handshake (ALPN): an HTTP/2-only server (fetch-error-map.ts). */
  | 'FETCH_HTTP2_ONLY'
  | 'FETCH_BODY_TOO_LARGE'
  | 'FETCH_REDIRECT_LOOP'
  | 'FETCH_TOO_MANY_REDIRECTS'
  | 'FETCH_BAD_REDIRECT'
  | 'FETCH_DECOMPRESS'
  | 'FETCH_UNSUPPORTED_CODING'
  | 'FETCH_PROTOCOL'
  /** A body its connection's close delimits that ended inside its document (fetch/body-end-check.ts). */
  | 'FETCH_TRUNCATED'
  | 'FETCH_FAILED'
  | 'FETCH_ABORTED'
  | 'FETCH_BROWSER_CRASHED'
  | 'FETCH_PROXY_AUTH'
  | 'FETCH_PROXY_UNREACHABLE'
  | 'FETCH_PROXY_TUNNEL'
  | 'REDIRECT_HOST_BUSY'
  /** A 3xx asked for a wait before the redirected request (Retry-After): the request is deferred to its end. */
  | 'REDIRECT_RETRY_AFTER'
  /** A request's slot was taken, but the host got a send or a pause since, past what the fetch may wait: deferred. */
  | 'HOST_BUSY'
  | 'BROWSER_MISSING'
  /** The browser failed to start several times in a row (fetch/launch-breaker.ts): no more are launched in the run. */
  | 'BROWSER_UNAVAILABLE'
  | 'NO_PAGE'
  | 'DOM_RELEASED'
  | 'DOM_TOO_DEEP'
  /** res.json() on a body that is not JSON (core/json-answer.ts): the page's fault, with the reason why. */
  | 'JSON_INVALID'
  | 'SITEMAP_INVALID'
  | 'OFFSITE'
  | 'OFFSITE_REDIRECT'
  /** A redirect to a URL longer than urlLength.limit, not followed (engine/url-length-limit.ts). */
  | 'URL_TOO_LONG'
  | 'ROBOTS_DISALLOWED'
  | 'ROBOTS_PENDING'
  | 'ROBOTS_REFETCHING'
  | 'ROBOTS_UNAVAILABLE'
  | 'ROBOTS_CRAWL_DELAY_TOO_LONG'
  | 'ROBOTS_CRAWL_DELAY_UNREADABLE'
  /** A one-off fetch outside the hours robots.txt takes visits in (Visit-time); a crawl holds the page until they open. */
  | 'ROBOTS_VISIT_TIME'
  | 'EXPORT_FORMAT_UNSUPPORTED'
  | 'EXPORT_FEED_UNUSABLE'
  /** A feed (-o/-O) the run's end could not complete (a full disk): the items are stored, `pricecrawl export` writes it. */
  | 'FEED_WRITE_FAILED'
  /** A run's HTML report could not be written (a full disk): the file there is left as it was. */
  | 'REPORT_WRITE_FAILED'
  | 'OFFSITE_BROWSER_NAVIGATION'
  | 'BROWSER_PAGE_NAVIGATED'
  | 'BROWSER_DOWNLOAD'
  /** A page that submitted a form by POST on its own (fetch/posted-documents.ts): the POST is not sent. */
  | 'BROWSER_POST_NAVIGATION'
  /** A page that asked its visitor (confirm, prompt) before it was read (fetch/page-dialogs.ts). */
  | 'BROWSER_DIALOG'
  /** A page load that asked its own host, or all other hosts, for more parts than browser.maxHostRequestsPerPage / maxOtherHostRequestsPerPage (host-request-cap.ts). */
  | 'BROWSER_TOO_MANY_REQUESTS'
  | 'STORAGE_UNWRITABLE'
  /** A storage dir's file this user may read but not read consistently (its WAL without an index this user may create). */
  | 'STORAGE_UNREADABLE'
  | 'RUN_IN_USE'
  | 'SPIDER_IN_USE'
  | 'METRICS_PORT_UNAVAILABLE'
  | 'SPIDER_NO_PRODUCT_CALLBACK'
  | 'MIDDLEWARE_FAILED'
  | 'SPIDER_MIDDLEWARE_FAILED'
  /** A library call given what it cannot use (the message names what to pass instead). */
  | 'USAGE';

export class PricecrawlError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * The exit code of a command that ends on `error`: 2 for a refusal of ours (a PricecrawlError names what to
 * do), 1 for anything else. A run record ending on an error holds the same code the process gives.
 */
export function exitCodeOfError(error: unknown): number {
  return error instanceof PricecrawlError ? 2 : 1;
}

/** Bad configuration: names the dotted key path so the user can fix it at once. */
export class SettingsError extends PricecrawlError {
  constructor(message: string) {
    super('SETTINGS_INVALID', message);
  }
}

/** A transport-level failure of one fetch; `code` is what the ledger records as the reason. */
export class FetchError extends PricecrawlError {}

/**
 * A hop off allowedDomains the crawl refused: a redirect never sent (OFFSITE_REDIRECT), or a browser page
 * that went or tried to go elsewhere (OFFSITE_BROWSER_NAVIGATION). Names the hop, so that a wall behind it
 * (a bot check, a queue) can be told from a move (block detection).
 */
export class OffsiteHopError extends FetchError {
  constructor(
    code: 'OFFSITE_REDIRECT' | 'OFFSITE_BROWSER_NAVIGATION',
    readonly fromUrl: string,
    readonly toUrl: string,
    message = `redirect to ${toUrl} leaves allowedDomains`,
  ) {
    super(code, message);
  }
}

/**
 * A redirect hop or a page's part that robots.txt holds or refuses (its target's file not known yet, unreadable,
 * closed to visits now, or refused by a file that ran out and is read again). Names its target, so that the request's error hook looks up the file of the hop
 * that fetch stopped at: kept per request, a browser page's part checked after its document's hop put its own
 * origin in the hop's place, and the stopped hop's file was never looked up.
 */
export class HopTargetError extends FetchError {
  constructor(
    code: ErrorCode,
    readonly toUrl: string,
    message: string,
    /** Settles when what the check waits for is known (an origin's robots.txt being read): the target can be judged again then. */
    readonly whenKnown?: Promise<void>,
  ) {
    super(code, message);
  }
}

/**
 * A redirect chain the fetcher stopped: a URL seen twice (FETCH_REDIRECT_LOOP) or too many hops
 * (FETCH_TOO_MANY_REDIRECTS). Names its hops (`chain`, the request's URL first, then `toUrl`, the hop
 * refused), so that a wall it went through (a gate bouncing a crawler back to the page, again and again)
 * can be told from a site's own loop (block detection).
 */
export class RedirectChainError extends FetchError {
  constructor(
    code: 'FETCH_REDIRECT_LOOP' | 'FETCH_TOO_MANY_REDIRECTS',
    readonly chain: readonly string[],
    readonly toUrl: string,
    message: string,
  ) {
    super(code, message);
  }
}

/**
 * Not a failure but "not before `untilMs`" on our own side: unless a middleware decides otherwise, the
 * request is deferred until then, with no attempt counted. `countsDeferral`: a wait that could come back
 * on every try counts against retry.maxDeferrals, so it ends as a recorded failure, never a loop.
 */
export class FetchWait extends FetchError {
  /** Set by a fetcher that can go on from a hop given back (`resumesAtHop`): the next try sends its target. */
  resumeAt: RedirectResume | null = null;

  constructor(
    code: ErrorCode,
    message: string,
    readonly untilMs: number,
    readonly countsDeferral = false,
    /** A redirect hop on the request's own host was given back: the request may go on from its target later. */
    readonly resumesAtHop = false,
  ) {
    super(code, message);
  }
}

/** The spider referenced a callback (or a request's errback) it does not have; a programming error, never retried. */
export class UnknownCallbackError extends PricecrawlError {
  constructor(
    spider: string,
    /** The name the spider lacks. */
    readonly callback: string,
    known: readonly string[] = [],
    /** Which name of the request it was: its callback, or the errback run when it fails. */
    readonly role: 'callback' | 'errback' = 'callback',
  ) {
    const fix = role === 'callback' ? 'fix the name passed to follow()/request()' : "fix the request's errback name";
    super(
      'UNKNOWN_CALLBACK',
      `spider "${spider}" has no ${role} "${callback}"${didYouMean(callback, known)} (${role}s are async generator methods of the spider${known.length ? `: ${known.join(', ')}` : ''}; ${fix} or define the method)`,
    );
  }
}

/**
 * The spider cannot run: its constructor refused its `-a` arguments, or `start()` threw. Exit 2, one line,
 * ending on the line of the project's file that threw (a field initializer's `new URL(undefined)` said only
 * "Invalid URL", leaving the team to find which of their spiders' lines it was).
 */
export class SpiderStartError extends PricecrawlError {
  constructor(spider: string, stage: 'constructor' | 'start()', cause: unknown) {
    const at = projectFrame(cause);
    const detail = (cause instanceof Error ? cause.message : String(cause)) + (at ? ` (at ${at})` : '');
    super('SPIDER_START_FAILED', stage === 'constructor' ? `spider ${spider} cannot start: ${detail}` : `spider ${spider}: start() failed: ${detail}`, { cause });
  }
}
