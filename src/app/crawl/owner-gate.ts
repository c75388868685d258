// `crawl --processes N`: what robots.txt tells the gate of a host another process owns (its fetch as a send, its Crawl-delay) goes to that process's gate too.
import type { HostGate } from '../../ports/host-gate';
import type { HostNews, HostOwners } from '../../ports/host-owners';

/**
 * The host's slots are its owner's: a robots.txt fetch by another process (a redirect target's file) was
 * told only to that process's gate, so the owner's next page did not wait an interval after it, and the
 * Crawl-delay it asked for spaced nothing where the host's requests and hops are booked. Both are told to
 * the owner now, in order with the fetch's other messages (its entry's `put`); this process keeps them too.
 * Everything else is this process's gate's.
 */
export class OwnerGate implements HostGate {
  constructor(
    private readonly local: HostGate,
    private readonly owners: HostOwners,
    /** The slot of the process that owns the host; null when it is this process's. */
    private readonly ownerOf: (hostKey: string) => number | null,
    nowMs: () => number,
  ) {
    // Heard later than it happened: the owner's interval counts from when it hears of the send, never earlier.
    owners.serve({ tell: (hostKey, news) => (news.kind === 'sent' ? local.noteSend(hostKey, nowMs()) : local.setCrawlDelayMs(hostKey, news.crawlDelayMs)) });
  }

  noteSend(hostKey: string, atMs: number): void {
    this.local.noteSend(hostKey, atMs);
    this.tellOwner(hostKey, { kind: 'sent' });
  }

  setCrawlDelayMs(hostKey: string, crawlDelayMs: number): void {
    this.local.setCrawlDelayMs(hostKey, crawlDelayMs);
    this.tellOwner(hostKey, { kind: 'crawl-delay', crawlDelayMs });
  }

  policy: HostGate['policy'] = (hostKey) => this.local.policy(hostKey);
  pause: HostGate['pause'] = (hostKey, untilMs, cause) => this.local.pause(hostKey, untilMs, cause);
  setThrottleMs: HostGate['setThrottleMs'] = (hostKey, intervalMs) => this.local.setThrottleMs(hostKey, intervalMs);
  throttleMs: HostGate['throttleMs'] = (hostKey) => this.local.throttleMs(hostKey);
  breaker: HostGate['breaker'] = (hostKey) => this.local.breaker(hostKey);
  snapshot: HostGate['snapshot'] = (nowMs) => this.local.snapshot(nowMs);

  private tellOwner(hostKey: string, news: HostNews): void {
    const owner = this.ownerOf(hostKey);
    if (owner !== null) this.owners.tell(owner, hostKey, news);
  }
}
