// Adaptive throttle middleware: reads each answer's pace signal and sets the host's interval in the host gate.
import { answerContext } from '../src/downloader/answer-context';
import { reasonForError } from '../src/downloader/downloader-chain';
import type { CrawlRequest } from '../src/core/request';
import { accept, CONTINUE, type DownloaderMiddleware, type MiddlewareContext } from '../src/downloader/middleware';
import { adjustInterval, initialIntervalState, type AdaptiveIntervalConfig, type AdaptiveIntervalState, type PaceSignal } from '../src/politeness/adaptive-interval';
import type { HostGate } from '../src/ports/host-gate';
import type { Settings } from '../src/settings/schema';
import type { ThrottleCheck } from './circuit-breaker';
import { answeredStatus } from '../src/downloader/error-envelope';

export interface AdaptiveThrottleOptions {
  config: Settings['throttle']['adaptive'];
  /** Where the interval is applied and kept over a resume; its configured interval is the throttle's start. */
  gate: HostGate;
  /** Extra "too fast" signal besides the status list (block pages). */
  isThrottled?: ThrottleCheck;
  /** `politeness.hosts`: a host's own interval is a floor the project-wide `throttle.adaptive.minIntervalMs` does not lower. */
  politenessHosts?: Settings['politeness']['hosts'];
}

interface HostThrottle {
  config: AdaptiveIntervalConfig;
  state: AdaptiveIntervalState;
  /** The interval last logged at info level: a move to half or double of it is logged at info again. */
  reportedMs: number;
}

/** A gauge among the counters: the interval per host, in the stats snapshot. */
const intervalKey = (hostKey: string) => `throttle/interval-ms/${hostKey}`;

/**
 * Sits below the circuit breaker and above robots-txt and raw-capture, so it sees every fetched answer
 * (a 429 before retry turns it into a retry) except those the breaker parks while open: the breaker
 * already holds that host. Only hosts it is enabled for are touched; the others keep their fixed interval.
 */
export class AdaptiveThrottleMiddleware implements DownloaderMiddleware {
  readonly name = 'adaptive-throttle';
  private readonly hosts = new Map<string, HostThrottle>();
  private readonly sentAt = new WeakMap<CrawlRequest, number>();

  constructor(private readonly options: AdaptiveThrottleOptions) {}

  processRequest: DownloaderMiddleware['processRequest'] = (request, ctx) => {
    if (!this.applies(ctx.hostKey)) return CONTINUE;
    this.host(ctx);
    this.sentAt.set(request, ctx.nowMs());
    return CONTINUE;
  };

  /** A "too fast" answer widens the answering host's interval: its other sends wait for the wider one. */
  holdsHost: DownloaderMiddleware['holdsHost'] = (response, requestCtx) => {
    const ctx = answerContext(response, requestCtx);
    return this.applies(ctx.hostKey) && (this.options.config.statuses.includes(answeredStatus(response)) || this.options.isThrottled?.(response, ctx) === true);
  };

  processResponse: DownloaderMiddleware['processResponse'] = (request, response, requestCtx) => {
    // Judged for the host that answered (answerContext). After a redirect to another host the time taken
    // is not that host's: it holds the first host's answer and the wait for the target's slot.
    const ctx = answerContext(response, requestCtx);
    if (!this.applies(ctx.hostKey)) return accept(response);
    const { statuses, targetLatencyMs } = this.options.config;
    const latencyMs = response.timings.finishedAtMs - response.timings.startedAtMs;
    const status = answeredStatus(response);
    let signal: PaceSignal = status < 400 ? 'ok' : 'neutral';
    if (statuses.includes(status) || this.options.isThrottled?.(response, ctx)) signal = 'throttled';
    else if (ctx !== requestCtx) signal = 'neutral';
    else if (latencyMs > targetLatencyMs) signal = 'slow';
    this.observe(request, signal, ctx, latencyMs);
    return accept(response);
  };

  processError: DownloaderMiddleware['processError'] = (request, error, ctx) => {
    if (this.applies(ctx.hostKey)) this.observe(request, reasonForError(error) === 'fetch/timeout' ? 'slow' : 'neutral', ctx);
    return CONTINUE;
  };

  private applies(hostKey: string): boolean {
    return this.options.config.enabled || this.options.config.hosts.includes(hostKey);
  }

  private observe(request: CrawlRequest, signal: PaceSignal, ctx: MiddlewareContext, latencyMs?: number): void {
    const host = this.host(ctx);
    const nowMs = ctx.nowMs();
    const fromMs = host.state.intervalMs;
    const { state, change } = adjustInterval(host.state, signal, this.sentAt.get(request) ?? nowMs, nowMs, host.config);
    host.state = state;
    if (!change) return;
    this.options.gate.setThrottleMs(ctx.hostKey, state.intervalMs);
    ctx.stats.inc(`throttle/${change}`);
    setGauge(ctx, intervalKey(ctx.hostKey), state.intervalMs);
    const fields = { throttle: change, signal, fromMs, toMs: state.intervalMs, latencyMs, url: request.url };
    const big = state.intervalMs >= host.reportedMs * 2 || state.intervalMs * 2 <= host.reportedMs;
    if (big) {
      host.reportedMs = state.intervalMs;
      ctx.log.info(fields, 'host interval adapted');
    } else ctx.log.debug(fields, 'host interval adapted');
  }

  /**
   * The interval `politeness.hosts` gives this host itself (0 for none). The throttle's floor is project-wide
   * and may let hosts go faster than `politeness.minIntervalMs`; a host given its own, slower interval (a
   * shop that asked for it) was taken down to that floor after a few fast answers: 2000 ms to 10 ms. A
   * per-host setting wins over a global one, here as in every other layer.
   */
  private ownIntervalMs(hostKey: string): number {
    return this.options.politenessHosts?.[hostKey]?.minIntervalMs ?? 0;
  }

  private host(ctx: MiddlewareContext): HostThrottle {
    let host = this.hosts.get(ctx.hostKey);
    if (!host) {
      const { config, gate } = this.options;
      const politeMs = gate.policy(ctx.hostKey).minIntervalMs;
      const floorMs = Math.max(config.minIntervalMs ?? politeMs, this.ownIntervalMs(ctx.hostKey));
      const throttleConfig = { floorMs, ceilingMs: Math.max(floorMs, config.maxIntervalMs), increaseFactor: config.increaseFactor, decreaseStepMs: config.decreaseStepMs, successesPerDecrease: config.successesPerDecrease };
      // A resumed run starts where the host was left, not back at the configured interval.
      const startMs = gate.throttleMs(ctx.hostKey) ?? politeMs;
      const state = initialIntervalState(startMs, throttleConfig);
      host = { config: throttleConfig, state, reportedMs: state.intervalMs };
      this.hosts.set(ctx.hostKey, host);
      if (host.state.intervalMs !== politeMs) gate.setThrottleMs(ctx.hostKey, host.state.intervalMs);
      setGauge(ctx, intervalKey(ctx.hostKey), host.state.intervalMs);
    }
    return host;
  }
}

/** Stats holds counters only; a gauge is kept by adding the difference to its current value. */
function setGauge(ctx: MiddlewareContext, key: string, value: number): void {
  ctx.stats.inc(key, value - ctx.stats.get(key));
}
