// Runs the downloader middlewares around a fetcher: requests in order, responses and errors in reverse.
import { FetchError, FetchWait, RedirectChainError } from '../core/errors';
import type { CrawlRequest } from '../core/request';
import type { CrawlResponse } from '../core/response';
import type { FetchOptions, Fetcher } from '../fetch/fetcher';
import { waitForSlot } from '../fetch/hop-slot';
import { followedRequest } from '../core/hop-request';
import { answerAfterHop, checkFollowedHop } from './followed-hop';
import { CONTINUE, type Follow, type Defer, type DownloaderMiddleware, type ErrorOutcome, type Fail, type MiddlewareContext, type RequestOutcome, type ResponseOutcome, type Retry } from './middleware';
import { callHook } from './middleware-failure';

/** A fail decided on an answer (a 404, a 500 that used up its retries) carries that answer's status to the ledger. */
export type DownloadResult = { type: 'response'; response: CrawlResponse } | Retry | Defer | (Fail & { status?: number });

/** What the engine passes to a download: the fetcher's options, and word of the answer's arrival. */
export interface DownloadOptions extends FetchOptions {
  /**
   * Called with the fetcher's answer (body read) before any middleware sees it: the request is no longer
   * in flight at the host, whatever the middlewares then take to store and judge it. `middlewaresHold`: a
   * middleware may pause or slow the host when it judges this answer (`DownloaderMiddleware.holdsHost`).
   */
  onAnswered?(response: CrawlResponse, middlewaresHold: boolean): void;
  /**
   * An answer not held on arrival was marked blocked by a middleware (`CrawlResponse.markBlocked`, a project's
   * own recogniser) and a middleware may now pause or slow the host for it: held from here as on arrival.
   */
  onMarkedHold?(response: CrawlResponse): void;
  /** A hop waits for something its check needs (robots.txt): the host that answered is done with and frees its slot. */
  onHopWait?(): void;
}

export interface Download {
  result: DownloadResult;
  /** Whether the request went to the fetcher (so the host slot was really used). */
  sent: boolean;
}

/** Stable ledger reason for a transport error: FETCH_TIMEOUT → `fetch/timeout`, OFFSITE_REDIRECT → `offsite/redirect`. */
export function reasonForError(error: FetchError): string {
  return reasonForCode(error.code);
}

/** `FETCH_CONNECTION_REFUSED` → `fetch/connection-refused`. */
export function reasonForCode(errorCode: string): string {
  const code = errorCode.toLowerCase();
  if (code.startsWith('fetch_')) return `fetch/${code.slice(6).replace(/_/g, '-')}`;
  return code.replace('_', '/').replace(/_/g, '-');
}

/** One download's fetch options (hop checks joined in) and whether anything was sent. */
interface DownloadRun {
  options: DownloadOptions;
  sent: boolean;
  /** Whether the latest answer from the wire holds its host (unset for an answer a middleware made). */
  holds?: boolean;
}

function asFetchError(error: unknown): FetchError {
  return error instanceof FetchError ? error : new FetchError('FETCH_FAILED', (error as Error)?.message ?? String(error), { cause: error });
}

/** A followed hop's own 3xx hops count with those before it. */
function checkHopCount(response: CrawlResponse, maxRedirects: number): void {
  if (response.redirectChain.length <= maxRedirects) return;
  throw new RedirectChainError('FETCH_TOO_MANY_REDIRECTS', response.redirectChain, response.url, `more than ${maxRedirects} redirects, last ${response.redirectChain.at(-1)} → ${response.url}`);
}

export class DownloaderChain {
  constructor(
    readonly middlewares: readonly DownloaderMiddleware[],
    private readonly fetcher: Fetcher,
  ) {}

  get names(): string[] {
    return this.middlewares.map((m) => m.name);
  }

  async download(request: CrawlRequest, ctx: MiddlewareContext, fetchOptions: DownloadOptions = {}): Promise<Download> {
    const run: DownloadRun = { options: this.withHopChecks(request, ctx, fetchOptions), sent: false };
    for (const [i, middleware] of this.middlewares.entries()) {
      if (!middleware.processRequest) continue;
      // Returning nothing from processRequest means carry on, as CONTINUE does.
      const outcome = await callHook<RequestOutcome>(middleware, 'processRequest', () => middleware.processRequest!(request, ctx), CONTINUE);
      if (outcome.type === 'continue') continue;
      if (outcome.type === 'respond') return { result: await this.responseFrom(i, request, outcome.response, ctx, run), sent: run.sent };
      return { result: outcome, sent: false };
    }
    const result = await this.fetchAndAnswer(request, request, ctx, run);
    return { result, sent: run.sent };
  }

  /**
   * Sends `sent` (the request, or a hop followed for it after the answer `after`) and hands the answer to
   * the middlewares from the last one, or the error to their processError.
   */
  private async fetchAndAnswer(request: CrawlRequest, sent: CrawlRequest, ctx: MiddlewareContext, run: DownloadRun, after?: CrawlResponse): Promise<DownloadResult> {
    run.sent = true;
    let response: CrawlResponse;
    try {
      response = await this.fetcher.fetch(sent, run.options);
      if (after) {
        response = answerAfterHop(request, after, response);
        checkHopCount(response, ctx.settings.http.maxRedirects);
      }
    } catch (error) {
      return this.errorFrom(this.middlewares.length - 1, request, asFetchError(error), ctx, run);
    }
    run.holds = this.holdsHost(response, ctx);
    run.options.onAnswered?.(response, run.holds);
    // Every answer off the wire, before any middleware retries or fails it (the 429s, the 404s): the snapshot counts these, observers (metrics) hear them.
    ctx.stats.inc(`host/${ctx.hostKey}/received/${response.status}`);
    const durationMs = response.timings.finishedAtMs - response.timings.startedAtMs;
    if (ctx.events?.has('response.received')) ctx.events.emit('response.received', { url: response.url, status: response.status, host: ctx.hostKey, fetchMode: response.fetchMode, durationMs });
    return this.responseFrom(this.middlewares.length - 1, request, response, ctx, run);
  }

  /**
   * A hop a middleware asked for (a refresh): checked as the fetcher checks its own hops (loop, limit, the
   * caller's offsite rule, every checkRedirect), sent in the target host's slot, answered like a fetch.
   */
  private async follow(request: CrawlRequest, from: CrawlResponse, outcome: Follow, ctx: MiddlewareContext, run: DownloadRun): Promise<DownloadResult> {
    let hop: CrawlRequest;
    try {
      checkFollowedHop(from, outcome.url, ctx.settings.http.maxRedirects);
      run.options.checkRedirect?.(from.url, outcome.url);
      hop = followedRequest(request, from.url, outcome.url);
      await waitForSlot(outcome.url, ctx.settings.http.timeoutMs, run.options);
    } catch (error) {
      return this.errorFrom(this.middlewares.length - 1, request, asFetchError(error), ctx, run);
    }
    ctx.stats.inc(`redirect/followed/${outcome.reason}`);
    ctx.log.debug({ from: from.url, to: outcome.url, reason: outcome.reason }, 'redirect followed');
    return this.fetchAndAnswer(request, hop, ctx, run, from);
  }

  /** Each redirect hop is checked by the caller's rule (offsite) and then by every middleware that checks hops (robots.txt). */
  private withHopChecks(request: CrawlRequest, ctx: MiddlewareContext, options: DownloadOptions): DownloadOptions {
    const checkers = this.middlewares.filter((m) => m.checkRedirect);
    const waiters = this.middlewares.filter((m) => m.awaitRedirect);
    if (checkers.length === 0 && waiters.length === 0) return options;
    return {
      ...options,
      checkRedirect: (fromUrl, toUrl) => {
        options.checkRedirect?.(fromUrl, toUrl);
        for (const middleware of checkers) middleware.checkRedirect!(request, fromUrl, toUrl, ctx);
      },
      prepareHop: async (fromUrl, toUrl, deadline) => {
        // The caller's rule first: nothing is looked up for a hop the crawl would refuse anyway (offsite).
        options.checkRedirect?.(fromUrl, toUrl);
        for (const middleware of waiters) {
          const wait = middleware.awaitRedirect!(request, toUrl, ctx, deadline, options.beforeHop);
          if (!wait) continue;
          options.onHopWait?.();
          await wait;
        }
      },
    };
  }

  /** Whether a middleware may pause or slow the answering host when it judges `response`; one that throws is taken at its word's worst. */
  private holdsHost(response: CrawlResponse, ctx: MiddlewareContext): boolean {
    return this.middlewares.some((middleware) => {
      try {
        return middleware.holdsHost?.(response, ctx) === true;
      } catch {
        return true;
      }
    });
  }

  /** processResponse from middleware `start` back to the first one. */
  private async responseFrom(start: number, request: CrawlRequest, response: CrawlResponse, ctx: MiddlewareContext, run: DownloadRun): Promise<DownloadResult> {
    let current = response;
    for (let i = start; i >= 0; i--) {
      const middleware = this.middlewares[i];
      if (!middleware.processResponse) continue;
      const response = current;
      const outcome = await callHook<ResponseOutcome>(middleware, 'processResponse', () => middleware.processResponse!(request, response, ctx));
      if (outcome.type === 'fail') return { ...outcome, status: current.status };
      if (outcome.type === 'follow') return this.follow(request, current, outcome, ctx, run);
      if (outcome.type !== 'accept') return outcome;
      current = outcome.response;
      this.holdOnMark(current, ctx, run);
    }
    return { type: 'response', response: current };
  }

  /**
   * A middleware's own block mark is the block rules' verdict come late: the host is held from the mark, as a
   * block page the rules know is held on arrival, until the chain is done (its breaker then has counted it).
   * Unheld, a project's soft block freed the host and its other slots sent before the breaker opened.
   */
  private holdOnMark(response: CrawlResponse, ctx: MiddlewareContext, run: DownloadRun): void {
    if (run.holds !== false || response.blockedBy === null || !this.holdsHost(response, ctx)) return;
    run.holds = true;
    run.options.onMarkedHold?.(response);
  }

  /** processError from middleware `start` back to the first; unhandled errors fail with their code. */
  private async errorFrom(start: number, request: CrawlRequest, error: FetchError, ctx: MiddlewareContext, run: DownloadRun): Promise<DownloadResult> {
    // A send a hook makes for the request to another host (a redirect target's robots.txt) waits for that host's slot, as a followed hop does.
    const takeSlot = (url: string) => waitForSlot(url, ctx.settings.http.timeoutMs, run.options);
    for (let i = start; i >= 0; i--) {
      const middleware = this.middlewares[i];
      if (!middleware.processError) continue;
      const outcome = await callHook<ErrorOutcome>(middleware, 'processError', () => middleware.processError!(request, error, ctx, takeSlot));
      if (outcome.type === 'continue') continue;
      if (outcome.type === 'respond') return this.responseFrom(i, request, outcome.response, ctx, run);
      return outcome;
    }
    if (error instanceof FetchWait) {
      // A hop given back that the next try goes on from is progress along the chain (bounded by maxRedirects), not a wait that comes back.
      const { resumeAt } = error;
      return { type: 'defer', reason: reasonForError(error), untilMs: error.untilMs, serverWait: error.countsDeferral && resumeAt === null, ...(resumeAt ? { resumeAt } : {}) };
    }
    return { type: 'fail', reason: reasonForError(error), message: error.message };
  }
}
