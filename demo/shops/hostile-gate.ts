// The hostile host's pace rules: a 503 burst, a bare 429 storm, 429 when hit too fast, a CAPTCHA after too many requests in a window.

export interface HostileGateRules {
  /** Two arrivals closer than this: 429 with `Retry-After: rateLimitRetryAfterS`. */
  minGapMs: number;
  rateLimitRetryAfterS: number;
  /** More than `windowMax` arrivals within `windowMs`: a CAPTCHA page served with 200, and the count starts over. */
  windowMs: number;
  windowMax: number;
  /** Arrivals number `burstAt` .. `burstAt + burstLength - 1` (0-based) get 503 with an HTTP-date Retry-After. */
  burstAt: number;
  burstLength: number;
  /**
   * Arrivals number `stormAt` .. `stormAt + stormLength - 1` get 429 without Retry-After: a storm longer than
   * the attempt budget, which only the breaker's parking (no attempt counted) rides out.
   */
  stormAt: number;
  stormLength: number;
}

/** 429 under 100 ms between requests, a CAPTCHA above 15 requests in 30 s, one outage of 8 answers, a storm of 6 bare 429s. */
export const DEFAULT_GATE_RULES: HostileGateRules = {
  minGapMs: 100,
  rateLimitRetryAfterS: 1,
  windowMs: 30_000,
  windowMax: 15,
  burstAt: 25,
  burstLength: 8,
  stormAt: 40,
  stormLength: 6,
};

export type GateVerdict =
  | { type: 'pass' }
  | { type: 'rate-limited'; retryAfter: string }
  | { type: 'unavailable'; retryAfter: string }
  | { type: 'storm' }
  | { type: 'captcha' };

/**
 * Every page arrival goes through `admit` in order; the rules are checked in the order a real edge
 * would: a backend outage first (it answers whatever the pace), then the burst limit, then the
 * sustained-rate bot check. All arrivals count, also the refused ones: a client that ignores the
 * answers only digs itself deeper.
 */
export class HostileGate {
  private arrivals = 0;
  private lastArrivalMs = Number.NEGATIVE_INFINITY;
  private readonly window: number[] = [];

  constructor(private readonly rules: HostileGateRules) {}

  admit(nowMs: number): GateVerdict {
    const seq = this.arrivals++;
    const gapMs = nowMs - this.lastArrivalMs;
    this.lastArrivalMs = nowMs;
    this.window.push(nowMs);
    while (this.window.length > 0 && this.window[0] <= nowMs - this.rules.windowMs) this.window.shift();
    if (seq >= this.rules.burstAt && seq < this.rules.burstAt + this.rules.burstLength) {
      // HTTP-dates have whole seconds: the start of the next second, so the wait is under a second.
      return { type: 'unavailable', retryAfter: new Date(Math.floor(nowMs / 1000) * 1000 + 1000).toUTCString() };
    }
    if (seq >= this.rules.stormAt && seq < this.rules.stormAt + this.rules.stormLength) return { type: 'storm' };
    if (gapMs < this.rules.minGapMs) return { type: 'rate-limited', retryAfter: String(this.rules.rateLimitRetryAfterS) };
    if (this.window.length > this.rules.windowMax) {
      // The challenge answers the whole window: the client that comes back later starts a new count.
      this.window.length = 0;
      return { type: 'captcha' };
    }
    return { type: 'pass' };
  }
}
