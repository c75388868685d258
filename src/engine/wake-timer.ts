// One timer for the engine's next look at the frontier: always the earliest time asked for.
import { steadyNowMs } from '../politeness/clock';

/** Node fires a longer setTimeout after 1 ms (with a warning): a far wake-up would spin the pool. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class WakeTimer {
  private timer: NodeJS.Timeout | null = null;
  private atMs = Infinity;

  constructor(private readonly fire: () => void) {}

  /** Fires at `atMs` (steady clock) unless an earlier wake-up is already set; a later one replaces nothing. */
  at(atMs: number): void {
    if (this.timer && this.atMs <= atMs) return;
    this.clear();
    this.atMs = atMs;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.atMs = Infinity;
      this.fire();
    }, Math.min(Math.max(0, atMs - steadyNowMs()), MAX_TIMER_MS));
  }

  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.atMs = Infinity;
  }
}
