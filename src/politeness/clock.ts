// Time source for politeness and scheduling: the system clock in production, a manual one in tests.
export interface Clock {
  nowMs(): number;
}

export const systemClock: Clock = { nowMs: () => Date.now() };

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
