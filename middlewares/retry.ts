// Retry middleware: transient statuses and errors go back to the frontier (backoff, or a Retry-After wait); terminal ones fail fast.
import { reasonForError } from '../src/downloader/downloader-chain';
import { accept, CONTINUE, fail, type DownloaderMiddleware, type MiddlewareContext } from '../src/downloader/middleware';
import { retryAfterOf } from '../src/downloader/retry-after';
import { answerContext } from '../src/downloader/answer-context';
import { decideRetry, type RetryConfig, type RetryDecision } from '../src/downloader/retry-policy';
import type { CrawlRequest } from '../src/core/request';
import type { CrawlResponse } from '../src/core/response';
import { isBlankBody } from '../src/core/blank-body';
import { ERROR_ENVELOPE_REASON, errorEnvelopeOf } from '../src/downloader/error-envelope';

export interface RetryMiddlewareOptions {
  /** Uniform in [0, 1) for the backoff jitter; injected by tests. */
  random?: () => number;
}

/**
 * A retry is a `retry` outcome, never a sleep: the engine defers the request in the frontier and it
 * comes back through its host's slots like any other request, so a retry cannot bypass politeness.
 */
export class RetryMiddleware implements DownloaderMiddleware {
  readonly name = 'retry';
  private readonly random: () => number;

  constructor(
    private readonly config: RetryConfig,
    options: RetryMiddlewareOptions = {},
  ) {
    this.random = options.random ?? Math.random;
  }

  processResponse: DownloaderMiddleware['processResponse'] = (request, response, ctx) => {
    const nowMs = ctx.nowMs();
    if (isEmptyPage(request, response)) {
      // Nothing to parse is not a page: "succeeded" with no item would hide the loss. A cut-off answer like a reset.
      const decision = decideRetry({ kind: 'error', reason: 'fetch/empty-body' }, request.attempt, nowMs, this.config, this.random);
      if (decision.type === 'retry' || decision.type === 'fail') return this.apply(decision, request, ctx);
    }
    // A 2xx whose JSON reports an error is judged as the status it names (error-envelope.ts); one naming none as a failed try.
    const envelope = errorEnvelopeOf(response);
    if (envelope?.status === null) {
      const decision = decideRetry({ kind: 'error', reason: ERROR_ENVELOPE_REASON }, request.attempt, nowMs, this.config, this.random);
      if (decision.type === 'retry' || decision.type === 'fail') return this.apply(decision, request, ctx);
    }
    const retryAfterAtMs = retryAfterOf(response.headers, nowMs);
    const status = envelope?.status ?? response.status;
    const decision = decideRetry({ kind: 'status', status, retryAfterAtMs }, request.attempt, nowMs, this.config, this.random, request.deferrals);
    if (decision.type === 'pass') return accept(response);
    if (retryAfterAtMs === null) noteUnreadableRetryAfter(request, response, ctx);
    if (decision.type === 'wait') {
      ctx.stats.inc(decision.pauseHost ? 'retry/retry-after' : `retry/reason/${decision.reason}`);
      ctx.log.debug({ url: request.url, reason: decision.reason, untilMs: decision.untilMs }, 'waiting as the server asks');
      if (!decision.pauseHost) return { type: 'defer' as const, reason: decision.reason, untilMs: decision.untilMs, serverWait: true };
      // The Retry-After came from the host that answered: after a redirect to another host, that one.
      const pauseHostKey = answerContext(response, ctx).hostKey;
      return { type: 'defer' as const, reason: decision.reason, untilMs: decision.untilMs, pauseHostUntilMs: decision.untilMs, pauseHostKey, serverWait: true };
    }
    return this.apply(decision, request, ctx);
  };

  processError: DownloaderMiddleware['processError'] = (request, error, ctx) => {
    const decision = decideRetry({ kind: 'error', reason: reasonForError(error) }, request.attempt, ctx.nowMs(), this.config, this.random);
    if (decision.type === 'pass' || decision.type === 'wait') return CONTINUE;
    return this.apply(decision, request, ctx);
  };

  private apply(decision: Extract<RetryDecision, { type: 'retry' | 'fail' }>, request: CrawlRequest, ctx: MiddlewareContext) {
    if (decision.type === 'fail') {
      if (decision.reason === 'retry/exhausted') ctx.stats.inc('retry/exhausted');
      return fail(decision.reason, decision.message, decision.lastError);
    }
    ctx.stats.inc(`retry/reason/${decision.reason}`);
    ctx.log.debug({ url: request.url, reason: decision.reason, attempt: request.attempt + 1, notBeforeMs: decision.notBeforeMs }, 'retry scheduled');
    return { type: 'retry' as const, reason: decision.reason, notBeforeMs: decision.notBeforeMs };
  }
}

/**
 * A Retry-After no reading makes a time of (a word, a negative or fractional count, a count past any date,
 * a date that is none) is ignored: the answer is backed off from like one without it. Counted and logged
 * with its value, so a host's wait that was not honoured is on record, not dropped without a word.
 */
function noteUnreadableRetryAfter(request: CrawlRequest, response: CrawlResponse, ctx: MiddlewareContext): void {
  const retryAfter = response.header('retry-after');
  if (retryAfter === undefined) return;
  ctx.stats.inc('retry/retry-after-unreadable');
  ctx.log.warn({ url: request.url, status: response.status, retryAfter }, 'Retry-After unreadable; backing off instead');
}

/**
 * A GET answered 2xx with not one byte, or white space only (a 200 cut to nothing, a 204 for a product
 * page, a template that rendered nothing but its line ends): no page a spider can read. HEAD never has a
 * body, and a POST may rightly get a 204 ("done, nothing to show").
 */
function isEmptyPage(request: CrawlRequest, response: CrawlResponse): boolean {
  return request.method === 'GET' && response.status >= 200 && response.status < 300 && isBlankBody(response.body);
}
