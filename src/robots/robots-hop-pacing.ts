// Spaces the redirect hops of a robots.txt fetch by their host's interval and tells the gate of each host a hop is sent to.
import { setTimeout as sleep } from 'node:timers/promises';
import type { HopDeadline } from '../fetch/fetcher';
import type { HostGate } from '../ports/host-gate';

export interface RobotsHopPacingOptions {
  gate: HostGate;
  hostKeyOf(url: string): string;
  /** `politeness.intervalMarginMs`, added to a non-zero interval as every slot adds it. */
  marginMs: number;
  nowMs(): number;
}

/**
 * robots.txt goes around the host slots (the pages wait for it), and the fetcher follows its redirects
 * itself: `/robots.txt` → 301 `/robots-live.txt` reached the server 54 ms after the first request at a
 * 300 ms interval, and a hop to another host (the apex's file on `www.`) was told to the gate of the host
 * it started on, never its own. Each hop to the host of the send before it now waits that host's interval
 * (the throttle's if longer, plus the margin) from that send's socket write; every write is told to the gate
 * of the host it went to, so that host's first page waits a full interval after it.
 */
export class RobotsHopPacing {
  private hostKey: string;
  private lastSendAtMs = Number.NEGATIVE_INFINITY;

  constructor(
    url: string,
    private readonly options: RobotsHopPacingOptions,
  ) {
    this.hostKey = options.hostKeyOf(url);
  }

  /** The fetcher's `onSend`: the file's request, or a hop of it, is being written now. */
  readonly onSend = (): void => {
    this.lastSendAtMs = this.options.nowMs();
    this.options.gate.noteSend(this.hostKey, this.lastSendAtMs);
  };

  /** The fetcher's `beforeHop`: a hop to the host just sent to waits its interval, within the fetch's deadline. */
  readonly beforeHop = async (toUrl: string, deadline: HopDeadline): Promise<void> => {
    const hopHost = this.options.hostKeyOf(toUrl);
    const sameHost = hopHost === this.hostKey;
    this.hostKey = hopHost;
    if (!sameHost) return;
    const waitMs = this.lastSendAtMs + this.spacingMs(hopHost) - this.options.nowMs();
    if (waitMs > 0) await sleep(waitMs, undefined, { signal: deadline.signal });
  };

  private spacingMs(hostKey: string): number {
    const { gate } = this.options;
    const intervalMs = Math.max(gate.policy(hostKey).minIntervalMs, gate.throttleMs(hostKey) ?? 0);
    return intervalMs > 0 ? intervalMs + this.options.marginMs : 0;
  }
}
