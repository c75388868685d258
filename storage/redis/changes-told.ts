// What this worker told the shared gate that a slot reserved before it reached Redis did not see: a longer Crawl-delay, a pause.

/** A host's Crawl-delays as this worker told them, and when their longest last rose. */
interface HostTold {
  byOriginMs: Map<string, number>;
  crawlDelayMs: number;
  crawlDelaySinceMs: number;
  /** When this worker last let a slot reserved under a shorter interval go (0: never). */
  staleSentAtMs: number;
  pausedUntilMs: number;
}

/**
 * The pick reserves in Redis, a round trip away: a pick already on its way when this worker put a longer
 * Crawl-delay (or a pause) in force there was answered with a slot reserved without it, and its request,
 * robots.txt now known here, went out in it (CI: a run's first page 56 ms after its robots.txt at a 250 ms
 * Crawl-delay and a 10 ms interval). The in-process gate reserves synchronously and cannot race so. A worker
 * only sends a page whose origin's file it knows, and knowing it, it has told the gate its Crawl-delay first:
 * so its own record tells such a slot, with no round trip on the send's path. (A pause another worker's
 * answer started is not known here; see docs/architecture.md "The host gate".)
 */
export class ChangesTold {
  private readonly hosts = new Map<string, HostTold>();

  constructor(
    /** politeness.intervalMarginMs, added to every non-zero interval as the pick script does. */
    private readonly marginMs: number,
  ) {}

  crawlDelay(hostKey: string, origin: string, crawlDelayMs: number, nowMs: number): void {
    const host = this.host(hostKey);
    host.byOriginMs.set(origin, crawlDelayMs);
    const longestMs = Math.max(0, ...host.byOriginMs.values());
    if (longestMs > host.crawlDelayMs) host.crawlDelaySinceMs = nowMs;
    host.crawlDelayMs = longestMs;
  }

  pause(hostKey: string, untilMs: number): void {
    const host = this.host(hostKey);
    host.pausedUntilMs = Math.max(host.pausedUntilMs, untilMs);
  }

  /**
   * When a slot reserved under `bookedIntervalMs` (the interval in force in Redis at its reservation, before
   * margin), whose reply this worker had at `pickedAtMs`, may go to the wire; null: now. Under a Crawl-delay
   * told here that is longer: a full spacing after it was told (it was told once the file's answer was in,
   * which the delay also counts from) and after the reservation's previous send (at most the booked spacing
   * before the reply), and after the last such slot this worker let go (on a host without an interval Redis
   * reserves several at once). Into a pause told here that the reservation came before: its end.
   */
  sendNotBeforeMs(hostKey: string, bookedIntervalMs: number, pickedAtMs: number, nowMs: number): number | null {
    const host = this.hosts.get(hostKey);
    if (!host) return null;
    let atMs = host.pausedUntilMs > Math.max(nowMs, pickedAtMs) ? host.pausedUntilMs : 0;
    const stale = host.crawlDelayMs > bookedIntervalMs;
    if (stale) {
      const spacingMs = host.crawlDelayMs + this.marginMs;
      const bookedSpacingMs = bookedIntervalMs > 0 ? bookedIntervalMs + this.marginMs : 0;
      atMs = Math.max(atMs, host.crawlDelaySinceMs + spacingMs, pickedAtMs + spacingMs - bookedSpacingMs);
      if (host.staleSentAtMs > 0) atMs = Math.max(atMs, host.staleSentAtMs + spacingMs);
    }
    if (atMs > nowMs) return atMs;
    if (stale) host.staleSentAtMs = nowMs;
    return null;
  }

  private host(hostKey: string): HostTold {
    let host = this.hosts.get(hostKey);
    if (!host) {
      host = { byOriginMs: new Map(), crawlDelayMs: 0, crawlDelaySinceMs: 0, staleSentAtMs: 0, pausedUntilMs: 0 };
      this.hosts.set(hostKey, host);
    }
    return host;
  }
}
