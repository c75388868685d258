// The Crawl-delay each origin's robots.txt put in force, told to the host gate per origin (the gate floors the host by the longest).
import type { HostGate } from '../ports/host-gate';

export class CrawlDelays {
  /** Each origin's Crawl-delay in force (ms, 0 for none). */
  private readonly inForce = new Map<string, number>();

  constructor(
    private readonly gate: HostGate,
    private readonly hostKeyOf: (origin: string) => string,
    /** One above it is not put in force: the origin's pages are refused (rules-refusal.ts) and must come round to be. */
    private readonly maxMs: number,
  ) {}

  /**
   * Puts a freshly read file's Crawl-delay (none: 0) in force for its origin; returns the origin's part.
   * The gate floors the host's interval by the longest of the host key's origins, for every worker and
   * across a resume: it keeps each origin's, since another worker or process may have read the others.
   */
  set(origin: string, askedMs: number): number {
    const inForceMs = askedMs > this.maxMs ? 0 : askedMs;
    this.inForce.set(origin, inForceMs);
    this.gate.setCrawlDelayMs(this.hostKeyOf(origin), origin, inForceMs);
    return inForceMs;
  }

  /**
   * A request whose own User-Agent names a group asking for a longer Crawl-delay than the one in force
   * (read for the settings' names): the origin is spaced by it from now on. True when it was raised.
   */
  raise(origin: string, askedMs: number): boolean {
    if (askedMs > this.maxMs || askedMs <= (this.inForce.get(origin) ?? 0)) return false;
    this.set(origin, askedMs);
    return true;
  }
}
