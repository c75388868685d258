// Each origin's robots.txt Crawl-delay per host key, and the longest of them: the floor a host's gate puts under its interval.

/**
 * Origins that share a host key (http and https of one host, the subdomains under `hostKey: domain`) share
 * one gate, so the longest of their delays holds there. Kept per origin, not as the one number in force:
 * the last file read used to decide, so one worker's (or process's) shorter delay for its origin undid the
 * longer one another had read for its own (www. asking 2 s, img. 0.5 s: the domain was spaced by 0.5 s).
 */
export class OriginDelays {
  private readonly byHost = new Map<string, Map<string, number>>();

  /** The origin's delay (0: none); returns the host's longest. */
  set(hostKey: string, origin: string, delayMs: number): number {
    let origins = this.byHost.get(hostKey);
    if (!origins) this.byHost.set(hostKey, (origins = new Map()));
    origins.set(origin, delayMs);
    return Math.max(0, ...origins.values());
  }

  /** What a gate kept of the host's origins before a resume. */
  restore(hostKey: string, byOrigin: Readonly<Record<string, number>>): void {
    this.byHost.set(hostKey, new Map(Object.entries(byOrigin)));
  }

  /** The host's origins with a delay, for the gate's record. */
  of(hostKey: string): Record<string, number> {
    return Object.fromEntries([...(this.byHost.get(hostKey) ?? [])].filter(([, ms]) => ms > 0));
  }
}
