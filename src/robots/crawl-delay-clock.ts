// The Crawl-delay clock of one process: per host key, when its next request may pass. (The HostGate takes this over.)

/**
 * Each request waits the delay after the previous one passed and after that one's answer came back
 * (the later: a send can lag its pass), so a slow answer does not let the next request follow at once.
 */
export class CrawlDelayClock {
  private readonly lastMs = new Map<string, number>();

  /** Null when the request may go now (then it counts as passed), else the epoch ms to wait for. */
  hold(hostKey: string, delayMs: number, nowMs: number): number | null {
    const earliestMs = (this.lastMs.get(hostKey) ?? -Infinity) + delayMs;
    if (nowMs < earliestMs) return earliestMs;
    this.lastMs.set(hostKey, nowMs);
    return null;
  }

  answered(hostKey: string, nowMs: number): void {
    const last = this.lastMs.get(hostKey);
    if (last !== undefined) this.lastMs.set(hostKey, Math.max(last, nowMs));
  }
}
