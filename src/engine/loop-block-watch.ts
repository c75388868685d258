// Event-loop-lag watchdog: reports a blocked loop once, naming the spider callback that blocked it.
import type { Logger } from 'pino';
import type { Stats } from './stats';

/** Which callback ran: the spider, the callback's name and the page it was given. */
export interface CallbackInFlight {
  spider: string;
  callback: string;
  url: string;
}

export interface LoopBlockWatchOptions {
  /** A loop blocked at least this long is reported (watchdog.blockedLoopMs). */
  thresholdMs: number;
  stats: Stats;
  log: Logger;
  /** Monotonic clock, ms; injectable for tests. */
  nowMs?: () => number;
}

/** watchdog.blockedLoopMs = 0 turns the watchdog off: no timer, no timing on the hot path. */
export function createLoopBlockWatch(options: LoopBlockWatchOptions): LoopBlockWatch | null {
  return options.thresholdMs > 0 ? new LoopBlockWatch(options) : null;
}

/**
 * Two sources, so the attribution is measured, never guessed. The engine times each synchronous step of
 * a callback (the `outputs.next()` call runs the generator body up to its next await or yield, cheerio's
 * lazy parse included): a long step names its callback exactly. A timer's drift catches everything else
 * (a callback's code after an await, a stage, a store, GC); those blocks are reported as "no callback
 * running", with the last callback stepped as a hint, not as a culprit.
 */
export class LoopBlockWatch {
  private readonly thresholdMs: number;
  private readonly stats: Stats;
  private readonly log: Logger;
  readonly nowMs: () => number;
  /** The timer's period: short enough that a block is seen soon after it ends. */
  readonly periodMs: number;
  private lastTickMs: number;
  /** When a step last reported a block: the drift that block causes is not reported twice. */
  private stepReportedAtMs = -Infinity;
  private lastCallback: CallbackInFlight | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(options: LoopBlockWatchOptions) {
    this.thresholdMs = options.thresholdMs;
    this.stats = options.stats;
    this.log = options.log;
    this.nowMs = options.nowMs ?? (() => performance.now());
    this.periodMs = Math.max(10, Math.floor(this.thresholdMs / 2));
    this.lastTickMs = this.nowMs();
  }

  start(): void {
    this.lastTickMs = this.nowMs();
    this.timer = setInterval(() => this.checkDrift(), this.periodMs);
    this.timer.unref(); // the watchdog never keeps a finished crawl alive
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** A synchronous step of `callback`, started at `startedMs` (this clock), has just returned. */
  stepEnded(callback: CallbackInFlight, startedMs: number): void {
    this.lastCallback = callback;
    const endedMs = this.nowMs();
    const blockedMs = endedMs - startedMs;
    if (blockedMs < this.thresholdMs) return;
    this.stepReportedAtMs = endedMs;
    this.report(blockedMs);
    this.log.warn({ blockedMs: Math.round(blockedMs), spider: callback.spider, callback: callback.callback, url: callback.url }, 'event loop blocked by a spider callback');
  }

  /** The timer's tick: how late it fired is how long the loop was blocked (a lower bound: a block starting mid-period shows up to one period short). */
  checkDrift(): void {
    const nowMs = this.nowMs();
    const blockedMs = nowMs - this.lastTickMs - this.periodMs;
    const previousTickMs = this.lastTickMs;
    this.lastTickMs = nowMs;
    if (blockedMs < this.thresholdMs || this.stepReportedAtMs > previousTickMs) return;
    this.report(blockedMs);
    this.log.warn({ blockedMs: Math.round(blockedMs), callback: null, lastCallback: this.lastCallback }, 'event loop blocked, no callback running');
  }

  private report(blockedMs: number): void {
    this.stats.inc('loop/blocked');
    this.stats.max('loop/blocked-max-ms', Math.round(blockedMs));
  }
}
