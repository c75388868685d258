// Circuit breaker middleware: per host, parks requests while a throttling host cools down, with one half-open probe.
import { FetchWait, HopTargetError, type FetchError } from '../src/core/errors';
import type { CrawlRequest } from '../src/core/request';
import type { CrawlResponse } from '../src/core/response';
import { accept, CONTINUE, type Defer, type DownloaderMiddleware, type MiddlewareContext, type RequestOutcome, type ResponseOutcome } from '../src/downloader/middleware';
import { retryAfterOf } from '../src/downloader/retry-after';
import { answerContext } from '../src/downloader/answer-context';
import type { BreakerAdmission, BreakerTransition } from '../src/politeness/host-breaker';
import type { HostGate } from '../src/ports/host-gate';
import type { Settings } from '../src/settings/schema';
import { answeredStatus } from '../src/downloader/error-envelope';

/** Extra throttling signal besides the status list (block detection plugs in here). */
export type ThrottleCheck = (response: CrawlResponse, ctx: MiddlewareContext) => boolean;

export interface CircuitBreakerOptions {
  /** Which statuses count as throttling (the rest of the breaker's policy is the gate's). */
  statuses: Settings['breaker']['statuses'];
  /** Owns each host's breaker: its state survives a resume and its open period pauses the host for every worker. */
  gate: HostGate;
  isThrottled?: ThrottleCheck;
}

/**
 * Reads the answers and tells the host's breaker in the gate. Parked requests are `defer`red: they stay
 * queued, count no attempt and never fail; the gate moves the host's next slot to the end of the open
 * period, so the frontier does not even lease them meanwhile; other hosts are untouched. Sits below
 * retry in the list so it sees responses first: the response that opens the breaker is parked rather
 * than retried.
 */
export class CircuitBreakerMiddleware implements DownloaderMiddleware {
  readonly name = 'circuit-breaker';

  constructor(private readonly options: CircuitBreakerOptions) {}

  processRequest: DownloaderMiddleware['processRequest'] = (request, ctx) => {
    const admitted = this.options.gate.admit(ctx.hostKey, requestKey(request), ctx.nowMs());
    return admitted instanceof Promise ? admitted.then((answer) => this.admitted(answer, ctx)) : this.admitted(admitted, ctx);
  };

  private admitted({ gate, transition }: BreakerAdmission, ctx: MiddlewareContext): RequestOutcome {
    this.report(transition, ctx);
    if (gate.type === 'pass') {
      if (gate.probe) ctx.stats.inc('breaker/probes');
      return CONTINUE;
    }
    ctx.stats.inc('breaker/deferred');
    return parked(gate.untilMs, gate.pauseHost);
  }

  /** A throttling status or a block page may open the answering host's breaker: its other sends wait for the verdict. */
  holdsHost: DownloaderMiddleware['holdsHost'] = (response, requestCtx) => {
    return this.options.statuses.includes(answeredStatus(response)) || this.options.isThrottled?.(response, answerContext(response, requestCtx)) === true;
  };

  processResponse: DownloaderMiddleware['processResponse'] = (request, response, requestCtx) => {
    const key = requestKey(request);
    const ctx = this.judgedContext(key, response, requestCtx);
    const { gate } = this.options;
    if (!this.options.statuses.includes(answeredStatus(response)) && !this.options.isThrottled?.(response, ctx)) {
      this.report(gate.answered(ctx.hostKey, key), ctx);
      return accept(response);
    }
    const nowMs = ctx.nowMs();
    const told = gate.throttled(ctx.hostKey, key, nowMs, retryAfterOf(response.headers, nowMs));
    return told instanceof Promise ? told.then((transition) => this.afterThrottle(transition, response, ctx)) : this.afterThrottle(told, response, ctx);
  };

  /** The host's breaker heard the throttling answer: the response is parked while it is open. */
  private afterThrottle(transition: BreakerTransition | null, response: CrawlResponse, ctx: MiddlewareContext): ResponseOutcome {
    this.report(transition, ctx);
    const breaker = this.options.gate.breaker(ctx.hostKey);
    if (breaker.state !== 'open') return accept(response);
    ctx.stats.inc('breaker/deferred');
    return parked(breaker.openUntil, true);
  }

  /**
   * The answer is judged for the host that gave it (answerContext). After a redirect to another host the
   * request's own host answered only the redirect, which is no throttling: its probe, if this was one, succeeded.
   */
  private judgedContext(key: string, response: CrawlResponse, ctx: MiddlewareContext): MiddlewareContext {
    const answered = answerContext(response, ctx);
    if (answered !== ctx) this.report(this.options.gate.answered(ctx.hostKey, key), ctx);
    return answered;
  }

  processError: DownloaderMiddleware['processError'] = (request, error, ctx) => {
    if (!failedAtHost(error)) return CONTINUE;
    const breaker = this.options.gate.breaker(ctx.hostKey);
    const transition = breaker.onProbeError(ctx.nowMs(), requestKey(request));
    if (!transition) return CONTINUE;
    this.report(transition, ctx);
    ctx.stats.inc('breaker/deferred');
    return parked(breaker.openUntil, true);
  };

  private report(transition: BreakerTransition | null, ctx: MiddlewareContext): void {
    if (!transition) return;
    const event = transition.from === 'half-open' && transition.to === 'open' ? 'reopened' : transition.to === 'half-open' ? 'half-open' : transition.to === 'open' ? 'opened' : 'closed';
    ctx.stats.inc(`breaker/${event}`);
    const fields = { breaker: event, untilMs: transition.untilMs, cooldownMs: transition.cooldownMs };
    // Observers (the run timeline, extensions) hear the transition on the bus.
    const host = ctx.hostKey;
    if (transition.to === 'open') ctx.events?.emit('breaker.opened', { host, untilMs: transition.untilMs ?? ctx.nowMs(), reopened: event === 'reopened', cooldownMs: transition.cooldownMs ?? 0 });
    else if (transition.to === 'half-open') ctx.events?.emit('breaker.half-open', { host });
    else ctx.events?.emit('breaker.closed', { host });
    if (transition.to === 'open') ctx.log.warn(fields, `circuit breaker ${event}`);
    else ctx.log.info(fields, `circuit breaker ${event}`);
  }

}

/**
 * The gate paused the host already when the breaker opened: the request only waits for the same time.
 * While open that is the server's wait (counted against retry.maxDeferrals); while a probe is out it is
 * our own wait, not counted.
 */
function parked(untilMs: number, serverWait: boolean): Defer {
  return { type: 'defer', reason: 'breaker/open', untilMs, serverWait };
}

/** The frontier row id once stored; requests built in tests without a frontier fall back to the fingerprint. */
function requestKey(request: CrawlRequest): string {
  return request.id ?? request.fingerprint;
}

/**
 * Whether a fetch error says the host failed (a timeout, a reset): a probe that did not get an answer. A
 * wait (`FetchWait`: our own slot too far off, a redirect's Retry-After), a hop robots.txt holds and a
 * fetch we cut off are not: the probe went back unsent or was stopped by us. Counted, a probe the gate
 * deferred before its send reopened the breaker for a doubled cooldown.
 */
function failedAtHost(error: FetchError): boolean {
  return !(error instanceof FetchWait) && !(error instanceof HopTargetError) && error.code !== 'FETCH_ABORTED';
}
