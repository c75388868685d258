// Time source for politeness and scheduling: a steady epoch clock in production, a manual one in tests.
import { performance } from 'node:perf_hooks';
export interface Clock {
  nowMs(): number;
}

/**
 * Epoch milliseconds that never step: the wall clock when this process started plus the monotonic time
 * since (performance.now). Every interval, pause, backoff and wake-up of a crawl is reckoned on it. Why
 * not Date.now: the wall clock steps (an NTP correction, a VM restored or migrated, an operator's `date`),
 * and after a step back of an hour every host's next slot lay an hour ahead, so the run stopped as
 * `frontier/max-idle-wait` (a shorter step just stalled it); a step forward let every host send at once.
 * Times kept across processes (a paused host's end, a deferred request's not-before) stay epoch-like: a
 * resume reads them on its own start's wall clock.
 */
export function steadyNowMs(): number {
  // Whole milliseconds, as Date.now gives: the stores keep these times in INTEGER columns.
  return Math.floor(performance.timeOrigin + performance.now());
}

export const systemClock: Clock = { nowMs: steadyNowMs };

/** A clock that moves only when told to, so tests assert exact intervals without sleeping. */
export class ManualClock implements Clock {
  constructor(private currentMs = 0) {}

  nowMs(): number {
    return this.currentMs;
  }

  set(ms: number): void {
    this.currentMs = ms;
  }

  advance(ms: number): number {
    this.currentMs += ms;
    return this.currentMs;
  }
}
