// `crawl --processes N`: what a process learns of a host another process owns (robots.txt's send and Crawl-delay, a hop's answer for the breaker) goes to that process's gate too.
import type { BreakerTransition } from '../../politeness/host-breaker';
import type { HostGate } from '../../ports/host-gate';
import type { HostNews, HostOwners } from '../../ports/host-owners';

/**
 * The host's slots are its owner's: a robots.txt fetch by another process (a redirect target's file) was
 * told only to that process's gate, so the owner's next page did not wait an interval after it, and the
 * Crawl-delay it asked for spaced nothing where the host's requests and hops are booked. Both are told to
 * the owner now, in order with the fetch's other messages (its entry's `put`). So are the answers of hops
 * to the host, for its breaker: each process counted its own streak, so a 429 storm split between two
 * processes opened no breaker (the host got 429s an interval apart past the threshold). This process keeps
 * what it learns too. Everything else is this process's gate's.
 */
export class OwnerGate implements HostGate {
  constructor(
    private readonly local: HostGate,
    private readonly owners: HostOwners,
    /** The slot of the process that owns the host; null when it is this process's. */
    private readonly ownerOf: (hostKey: string) => number | null,
    private readonly nowMs: () => number,
  ) {
    owners.serve({ tell: (hostKey, news) => this.heard(hostKey, news) });
  }

  noteSend(hostKey: string, atMs: number): void {
    this.local.noteSend(hostKey, atMs);
    this.tellOwner(hostKey, { kind: 'sent' });
  }

  setCrawlDelayMs(hostKey: string, origin: string, crawlDelayMs: number): void {
    this.local.setCrawlDelayMs(hostKey, origin, crawlDelayMs);
    this.tellOwner(hostKey, { kind: 'crawl-delay', origin, crawlDelayMs });
  }

  /** Another process's host: the answer counts here and, told in order with the rest, in the owner's breaker. */
  throttled(hostKey: string, requestId: string, nowMs: number, retryAfterAtMs: number | null): ReturnType<HostGate['throttled']> {
    this.tellOwner(hostKey, { kind: 'throttled', requestId, retryAfterWaitMs: retryAfterAtMs === null ? null : Math.max(0, retryAfterAtMs - nowMs) });
    return this.local.throttled(hostKey, requestId, nowMs, retryAfterAtMs);
  }

  answered(hostKey: string, requestId: string): BreakerTransition | null {
    this.tellOwner(hostKey, { kind: 'answered', requestId });
    return this.local.answered(hostKey, requestId);
  }

  policy: HostGate['policy'] = (hostKey) => this.local.policy(hostKey);
  pause: HostGate['pause'] = (hostKey, untilMs, cause) => this.local.pause(hostKey, untilMs, cause);
  setThrottleMs: HostGate['setThrottleMs'] = (hostKey, intervalMs) => this.local.setThrottleMs(hostKey, intervalMs);
  throttleMs: HostGate['throttleMs'] = (hostKey) => this.local.throttleMs(hostKey);
  snapshot: HostGate['snapshot'] = (nowMs) => this.local.snapshot(nowMs);
  breaker: HostGate['breaker'] = (hostKey) => this.local.breaker(hostKey);
  admit: HostGate['admit'] = (hostKey, requestId, nowMs) => this.local.admit(hostKey, requestId, nowMs);

  /** Heard later than it happened: the owner's interval and open period count from when it hears, never earlier. */
  private heard(hostKey: string, news: HostNews): void {
    const nowMs = this.nowMs();
    if (news.kind === 'sent') return this.local.noteSend(hostKey, nowMs);
    if (news.kind === 'crawl-delay') return this.local.setCrawlDelayMs(hostKey, news.origin, news.crawlDelayMs);
    // The owner's breaker pauses its host when it opens (its gate hears the transition): hops booked there wait too.
    if (news.kind === 'answered') this.local.answered(hostKey, news.requestId);
    else void this.local.throttled(hostKey, news.requestId, nowMs, news.retryAfterWaitMs === null ? null : nowMs + news.retryAfterWaitMs);
  }

  private tellOwner(hostKey: string, news: HostNews): void {
    const owner = this.ownerOf(hostKey);
    if (owner !== null) this.owners.tell(owner, hostKey, news);
  }
}
