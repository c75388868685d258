// The host gate port: one place that decides when a host may get its next request; the frontier and the middlewares ask and tell it.
import type { BreakerAdmission, BreakerSnapshot, BreakerState, BreakerTransition, HostBreaker } from '../politeness/host-breaker';
import type { HostPolicy } from '../politeness/host-policy';

/** Why a host's interval is what it is: the settings, robots.txt's Crawl-delay (a floor), or the adaptive throttle. */
export type IntervalCause = 'configured' | 'crawl-delay' | 'throttle';
/** Why a host is paused: a Retry-After, or an open circuit breaker. */
export type PauseCause = 'retry-after' | 'breaker';

/** What a gate keeps of a host across a resume: written only when it changes, never per request. */
export interface GateRecord {
  /** The adaptive throttle's interval; null while it has not moved the host off the configured one. */
  throttleMs: number | null;
  /** robots.txt's Crawl-delay in force (the longest of the host's origins'); 0 for none. */
  crawlDelayMs: number;
  /** Each origin's Crawl-delay that is not 0 (absent in records written before it was kept). */
  crawlDelayByOriginMs?: Record<string, number>;
  pausedUntilMs: number;
  pauseCause: PauseCause | null;
  breaker: BreakerSnapshot;
}

/** One host as the gate sees it, for `pricecrawl status`, the live progress block and metrics. */
export interface HostGateView {
  hostKey: string;
  inFlight: number;
  maxConcurrency: number;
  /** The interval in force, before margin and jitter. */
  intervalMs: number;
  intervalCause: IntervalCause;
  /** When the host may be sent its next request (interval, pause). */
  nextOpenAtMs: number;
  pausedUntilMs: number;
  pauseCause: PauseCause | null;
  breaker: BreakerState;
}

/**
 * Everything that decides when a host may get its next request: the configured interval with jitter and
 * margin, the concurrency cap, Crawl-delay as a floor on the interval, the adaptive throttle's interval,
 * pauses (Retry-After, breaker) and the breaker's open/half-open state. The reservation itself (check and
 * take a slot in one step, anchored on the socket write) happens inside the frontier's pick, against
 * the same state: synchronously in process (`HostSlots`), in one Lua script on Redis.
 *
 * Every call but `throttled` is synchronous for the caller: a shared gate applies the change locally at once
 * and writes it through to its store in the background. A gate persists what it keeps with the run, so a resumed or
 * restarted worker starts from the interval, pause and breaker state the host last had.
 */
export interface HostGate {
  /** The host's configured budget (settings.politeness with its per-host overrides). */
  policy(hostKey: string): HostPolicy;
  /** Moves the host's next slot to `untilMs` (never backward); its requests stay queued. */
  pause(hostKey: string, untilMs: number, cause: PauseCause): void;
  /** A request went to the host outside the slots (robots.txt): the next one waits a full interval after `atMs`. */
  noteSend(hostKey: string, atMs: number): void;
  /**
   * The Crawl-delay of one of the host's origins (its robots.txt; 0 for none). The longest of the host's
   * origins' is a floor under every other interval of the host (http and https of one host, the subdomains
   * under `hostKey: domain` share one gate), whichever process or worker read each file.
   */
  setCrawlDelayMs(hostKey: string, origin: string, crawlDelayMs: number): void;
  /** The adaptive throttle's interval for the host. */
  setThrottleMs(hostKey: string, intervalMs: number): void;
  /** The throttle's interval the host last had (this run, before a resume too); null when never set. */
  throttleMs(hostKey: string): number | null;
  /** The host's breaker (its gate for a request, its state); its transitions pause the host and are persisted by the gate. */
  breaker(hostKey: string): HostBreaker;
  /**
   * Asked right before a request to the host goes: the breaker lets it through (maybe as the half-open
   * probe) or parks it. A shared gate claims the probe where every worker meets, one round trip only when
   * this worker would probe: one probe goes while half-open, not one per worker.
   */
  admit(hostKey: string, requestId: string, nowMs: number): BreakerAdmission | Promise<BreakerAdmission>;
  /**
   * A throttling answer (429/503, a block page) for the host's breaker: the transition it caused, if any.
   * The streak is the host's, whoever got the answers: a shared gate counts it where every worker's answers
   * meet, in one round trip (throttling answers are few), and the pause of an opening is in force there
   * before the answer's slot is freed.
   */
  throttled(hostKey: string, requestId: string, nowMs: number, retryAfterAtMs: number | null): BreakerTransition | null | Promise<BreakerTransition | null>;
  /** Any other answer: ends the host's streak for every worker; a good probe closes the breaker. */
  answered(hostKey: string, requestId: string): BreakerTransition | null;
  /** Every host the gate knows in this process; none for a shared gate, whose state only its store has (`pricecrawl status`). */
  snapshot(nowMs: number): HostGateView[];
}
