// Runs the downloader middlewares around a fetcher: requests in order, responses and errors in reverse.
import { FetchError, FetchWait } from '../core/errors';
import type { CrawlRequest } from '../core/request';
import type { CrawlResponse } from '../core/response';
import type { FetchOptions, Fetcher } from '../fetch/fetcher';
import { CONTINUE, type Defer, type DownloaderMiddleware, type ErrorOutcome, type Fail, type MiddlewareContext, type RequestOutcome, type ResponseOutcome, type Retry } from './middleware';
import { callHook } from './middleware-failure';

/** A fail decided on an answer (a 404, a 500 that used up its retries) carries that answer's status to the ledger. */
export type DownloadResult = { type: 'response'; response: CrawlResponse } | Retry | Defer | (Fail & { status?: number });

/** What the engine passes to a download: the fetcher's options, and word of the answer's arrival. */
export interface DownloadOptions extends FetchOptions {
  /**
   * Called with the fetcher's answer (body read) before any middleware sees it: the request is no longer
   * in flight at the host, whatever the middlewares then take to store and judge it.
   */
  onAnswered?(response: CrawlResponse): void;
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
  const code = error.code.toLowerCase();
  if (code.startsWith('fetch_')) return `fetch/${code.slice(6).replace(/_/g, '-')}`;
  return code.replace('_', '/').replace(/_/g, '-');
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
    for (const [i, middleware] of this.middlewares.entries()) {
      if (!middleware.processRequest) continue;
      // Returning nothing from processRequest means carry on, as CONTINUE does.
      const outcome = await callHook<RequestOutcome>(middleware, 'processRequest', () => middleware.processRequest!(request, ctx), CONTINUE);
      if (outcome.type === 'continue') continue;
      if (outcome.type === 'respond') return { result: await this.responseFrom(i, request, outcome.response, ctx), sent: false };
      return { result: outcome, sent: false };
    }
    let response: CrawlResponse;
    try {
      response = await this.fetcher.fetch(request, this.withHopChecks(request, ctx, fetchOptions));
    } catch (error) {
      const fetchError = error instanceof FetchError ? error : new FetchError('FETCH_FAILED', (error as Error)?.message ?? String(error), { cause: error });
      return { result: await this.errorFrom(this.middlewares.length - 1, request, fetchError, ctx), sent: true };
    }
    fetchOptions.onAnswered?.(response);
    // Every answer off the wire, before any middleware retries or fails it (the 429s, the 404s): the snapshot counts these, observers (metrics) hear them.
    ctx.stats.inc(`host/${ctx.hostKey}/received/${response.status}`);
    const durationMs = response.timings.finishedAtMs - response.timings.startedAtMs;
    if (ctx.events?.has('response.received')) ctx.events.emit('response.received', { url: response.url, status: response.status, host: ctx.hostKey, fetchMode: response.fetchMode, durationMs });
    return { result: await this.responseFrom(this.middlewares.length - 1, request, response, ctx), sent: true };
  }

  /** Each redirect hop is checked by the caller's rule (offsite) and then by every middleware that checks hops (robots.txt). */
  private withHopChecks(request: CrawlRequest, ctx: MiddlewareContext, options: DownloadOptions): FetchOptions {
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
          const wait = middleware.awaitRedirect!(request, toUrl, ctx, deadline);
          if (!wait) continue;
          options.onHopWait?.();
          await wait;
        }
      },
    };
  }

  /** processResponse from middleware `start` back to the first one. */
  private async responseFrom(start: number, request: CrawlRequest, response: CrawlResponse, ctx: MiddlewareContext): Promise<DownloadResult> {
    let current = response;
    for (let i = start; i >= 0; i--) {
      const middleware = this.middlewares[i];
      if (!middleware.processResponse) continue;
      const response = current;
      const outcome = await callHook<ResponseOutcome>(middleware, 'processResponse', () => middleware.processResponse!(request, response, ctx));
      if (outcome.type === 'fail') return { ...outcome, status: current.status };
      if (outcome.type !== 'accept') return outcome;
      current = outcome.response;
    }
    return { type: 'response', response: current };
  }

  /** processError from middleware `start` back to the first; unhandled errors fail with their code. */
  private async errorFrom(start: number, request: CrawlRequest, error: FetchError, ctx: MiddlewareContext): Promise<DownloadResult> {
    for (let i = start; i >= 0; i--) {
      const middleware = this.middlewares[i];
      if (!middleware.processError) continue;
      const outcome = await callHook<ErrorOutcome>(middleware, 'processError', () => middleware.processError!(request, error, ctx));
      if (outcome.type === 'continue') continue;
      if (outcome.type === 'respond') return this.responseFrom(i, request, outcome.response, ctx);
      return outcome;
    }
    if (error instanceof FetchWait) return { type: 'defer', reason: reasonForError(error), untilMs: error.untilMs, serverWait: error.countsDeferral };
    return { type: 'fail', reason: reasonForError(error), message: error.message };
  }
}
