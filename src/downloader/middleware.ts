// The downloader middleware contract: typed outcomes, requests forward, responses in reverse.
import type { CrawlEventBus } from '../events/crawl-events';
import type { Logger } from 'pino';
import type { FetchError } from '../core/errors';
import type { CrawlRequest } from '../core/request';
import type { RedirectResume } from '../core/redirect-resume';
import type { CrawlResponse } from '../core/response';
import type { Spider } from '../core/spider';
import type { HopDeadline } from '../fetch/fetcher';
import type { Settings } from '../settings/schema';
import type { Stats } from '../engine/stats';
import type { HookResult } from '../core/hook-result';

/** Carry on to the next middleware (or the fetcher). */
export interface Continue {
  type: 'continue';
}
/** Short-circuit with a response (cache, robots deny page...): the fetcher is skipped. */
export interface Respond {
  type: 'respond';
  response: CrawlResponse;
}
/** Try again later: counts an attempt; goes back through the host's slots, never around them. */
export interface Retry {
  type: 'retry';
  reason: string;
  /** Earliest epoch ms for the retry; the engine applies backoff when absent. */
  notBeforeMs?: number;
  /** Also move the whole host's next slot to this time. */
  pauseHostUntilMs?: number;
  /** The host to pause when it is not the request's own: a redirect target whose answer asked for the wait. */
  pauseHostKey?: string;
}
/** Park the request until `untilMs` without counting an attempt (breaker open, Retry-After). */
export interface Defer {
  type: 'defer';
  reason: string;
  untilMs: number;
  /** Also pause the whole host in its gate until this time (a Retry-After; the breaker pauses through the gate itself). */
  pauseHostUntilMs?: number;
  /** The host to pause when it is not the request's own: a redirect target whose answer asked for the wait. */
  pauseHostKey?: string;
  /**
   * The server asked for this wait (a Retry-After, an open breaker): it counts against retry.maxDeferrals,
   * so a host that never recovers ends failed instead of parking its requests for ever. Waits of our own
   * (a robots.txt fetch under way, a breaker probe out) leave it unset.
   */
  serverWait?: boolean;
  /** A same-host redirect hop given back: the next try sends its target (core/redirect-resume.ts). */
  resumeAt?: RedirectResume;
}
/** Terminal: recorded in the ledger with `reason` (a stable code such as `http/404`, `offsite`). */
export interface Fail {
  type: 'fail';
  reason: string;
  message?: string;
  /**
   * What the last try met, as a reason code, when `reason` only says the tries ran out (`retry/exhausted`
   * after `fetch/connection-refused`, `robots/unavailable` after `http/503`): the run summary names it.
   */
  lastError?: string;
}
/** Keep going with this (possibly replaced) response. */
export interface Accept {
  type: 'accept';
  response: CrawlResponse;
}

/**
 * Fetch `url` in this answer's place, as one more redirect hop of the request (a refresh the page asks
 * for). The chain treats it as the fetcher treats a 3xx hop: loops and `http.maxRedirects`, the caller's
 * offsite rule and every `checkRedirect` (robots.txt), then the target host's slot (`beforeHop`); the
 * target's answer comes back through every middleware, and the spider sees it with the request it planned.
 */
export interface Follow {
  type: 'follow';
  url: string;
  /** What kind of hop, for logs and stats (`meta-refresh`, `refresh-header`). */
  reason: string;
}

export type RequestOutcome = Continue | Respond | Retry | Defer | Fail;
export type ResponseOutcome = Accept | Retry | Defer | Fail | Follow;
/** `continue` passes the error on to the next (earlier) middleware; the last one fails the request. */
export type ErrorOutcome = Continue | Respond | Retry | Defer | Fail;

export interface MiddlewareContext {
  spider: Spider;
  settings: Settings;
  log: Logger;
  stats: Stats;
  /** Politeness key of the request's host (host:port, or registrable domain). */
  hostKey: string;
  nowMs(): number;
  /** The crawl run's id (set by the engine; absent in tests that drive a chain by hand). */
  runId?: string;
  /** The crawl's event bus, for middlewares whose decisions observers hear of (the breaker); absent in tools and tests that drive a chain by hand. */
  events?: CrawlEventBus;
  /**
   * Plans one more request of the run from inside the chain, as a Scrapy middleware hands a request to the
   * engine or a Crawlee hook calls `addRequests`: `ctx.schedule(new CrawlRequest({ url: response.urljoin(api), callback: 'parseStock' }))`.
   * It joins the frontier as a request the page yielded would (one link deeper, deduplicated, `allowedDomains`
   * and politeness applied when it is fetched), stored before the request in hand is acknowledged, whatever
   * its outcome. Returning a response, a retry or a failure is still this hook's own answer.
   */
  schedule(request: CrawlRequest): void;
  /**
   * A slot of `url`'s host for a send the middleware makes for the request beside its own (a robots.txt read
   * again for a browser page's part), waited for as a redirect hop's: that host's interval and cap hold for it.
   * Rejects (a FetchWait) when none comes within half the fetch's time, or at once on the request's own host at
   * its cap. Mark it sent as it goes, release it once answered. Absent where no host gate runs (a chain driven by hand).
   */
  sideSlot?(url: string): Promise<SideSlot>;
}

/** A slot of a host held for one send beside the request's own (see MiddlewareContext.sideSlot). */
export interface SideSlot {
  markSent(): void;
  releaseSlot(): void;
}

/** What `open()` gets: the crawl's context before any request is in hand (no host, nothing to schedule from). */
export type MiddlewareOpenContext = Omit<MiddlewareContext, 'hostKey' | 'schedule' | 'sideSlot'>;

/**
 * A downloader middleware. `processRequest` runs after the host slot was reserved and before the send,
 * so it must not wait on the network: a middleware that needs something first (robots.txt, a session)
 * returns `defer` until it has it, rather than holding the slot while it waits.
 */
export interface DownloaderMiddleware {
  readonly name: string;
  open?(ctx: MiddlewareOpenContext): HookResult;
  processRequest?(request: CrawlRequest, ctx: MiddlewareContext): Promise<RequestOutcome> | RequestOutcome;
  processResponse?(request: CrawlRequest, response: CrawlResponse, ctx: MiddlewareContext): Promise<ResponseOutcome> | ResponseOutcome;
  /**
   * Asked the moment an answer arrives, before any `processResponse`: whether this middleware may pause or
   * slow the answering host when it judges it (a breaker counting a 200 block page). Then the host keeps the
   * answer's slot and its other sends wait until the chain is done, so none goes out before the pause is set.
   * Synchronous and cheap: it runs on every answer. Error statuses (400 and above) hold the host without asking.
   */
  holdsHost?(response: CrawlResponse, ctx: MiddlewareContext): boolean;
  /**
   * `takeSlot`, when the engine offers it, waits for a slot of a URL's host as a hop would (a FetchWait when
   * too far off): a send the hook makes for the request to another host (a redirect target's robots.txt,
   * which a fetcher that cannot wait inside a hop, Chromium, leaves to this hook) goes out in it.
   */
  processError?(request: CrawlRequest, error: FetchError, ctx: MiddlewareContext, takeSlot?: (url: string) => Promise<void>): Promise<ErrorOutcome> | ErrorOutcome;
  /**
   * Called for every redirect hop before the fetcher follows it (it follows redirects itself, so the
   * target never passes `processRequest`); throwing a FetchError stops the chain and goes to `processError`.
   */
  checkRedirect?(request: CrawlRequest, fromUrl: string, toUrl: string, ctx: MiddlewareContext): void;
  /**
   * Before `checkRedirect`, for a fetcher that can wait inside a hop: a promise when the check needs
   * something first (the target's robots.txt), nothing when it can judge now. The host that answered
   * frees its slot before the wait; a FetchWait thrown (the wait ran past the fetch's patience) defers the
   * request. Without it, the check's own deferral fetches the request's start URL again on every try.
   * `takeSlot`, when the engine offers it, holds a send the wait makes for the request (the target's
   * robots.txt) until the slot of that URL's host, as the hop itself would be (a FetchWait when too far off).
   */
  awaitRedirect?(request: CrawlRequest, toUrl: string, ctx: MiddlewareContext, deadline: HopDeadline, takeSlot?: (url: string, deadline: HopDeadline) => Promise<void>): Promise<void> | undefined;
  close?(): HookResult;
}

export const CONTINUE: Continue = Object.freeze({ type: 'continue' });
export const accept = (response: CrawlResponse): Accept => ({ type: 'accept', response });
export const fail = (reason: string, message?: string, lastError?: string): Fail => ({ type: 'fail', reason, message, ...(lastError === undefined ? {} : { lastError }) });
export const follow = (url: string, reason: string): Follow => ({ type: 'follow', url, reason });
