// MemoryRobotsCache: the robots cache of an embedded crawl, one process, entries expiring on the given clock.
import { steadyNowMs } from '../../src/politeness/clock';
import type { RobotsCache, RobotsEntry } from '../../src/ports/robots-cache';

export class MemoryRobotsCache implements RobotsCache {
  private readonly entries = new Map<string, { entry: RobotsEntry; expiresAtMs: number }>();
  private readonly claims = new Map<string, number>();

  /** Expiry and claims are durations: on the steady clock, a wall clock stepped back does not stretch them. */
  constructor(private readonly nowMs: () => number = steadyNowMs) {}

  async get(origin: string): Promise<RobotsEntry | null> {
    const stored = this.entries.get(origin);
    if (!stored) return null;
    if (this.nowMs() < stored.expiresAtMs) return stored.entry;
    this.entries.delete(origin);
    return null;
  }

  async claim(origin: string, ttlMs: number): Promise<boolean> {
    const nowMs = this.nowMs();
    const heldUntilMs = this.claims.get(origin);
    if (heldUntilMs !== undefined && nowMs < heldUntilMs) return false;
    this.claims.set(origin, nowMs + ttlMs);
    return true;
  }

  async put(origin: string, entry: RobotsEntry, ttlMs: number): Promise<void> {
    this.entries.set(origin, { entry, expiresAtMs: this.nowMs() + ttlMs });
    this.claims.delete(origin);
  }

  /** One process, one look-up per origin at a time (the middleware's `loading` state): the claim is the caller's own. */
  async release(origin: string): Promise<void> {
    this.claims.delete(origin);
  }

  async close(): Promise<void> {
    this.entries.clear();
    this.claims.clear();
  }
}
