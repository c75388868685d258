// Per-proxy health for the run: consecutive failures of the proxy itself retire it, for every host.

/**
 * A proxy that cannot be reached or refuses our credentials fails every host alike, so its health is
 * kept once for all host pools. `maxFailures` failures in a row (an answer through it in between resets
 * the count) retire it for the rest of the process: no new session is pinned to it and its live sessions
 * are dropped when next picked. It is not tried again later: a dead proxy costs each of its tries a
 * connect timeout, and the next run (or a restarted worker) starts with every configured proxy again.
 */
export class ProxyHealth {
  private readonly failures = new Map<string, number>();
  private readonly retired = new Set<string>();

  constructor(
    private readonly maxFailures: number,
    /** Told once per proxy, when it is retired. */
    private readonly onRetired: (proxyId: string, failures: number) => void = () => undefined,
  ) {}

  usable(proxyId: string): boolean {
    return !this.retired.has(proxyId);
  }

  answered(proxyId: string): void {
    if (!this.retired.has(proxyId)) this.failures.delete(proxyId);
  }

  failed(proxyId: string): void {
    if (this.retired.has(proxyId)) return;
    const failures = (this.failures.get(proxyId) ?? 0) + 1;
    if (failures < this.maxFailures) {
      this.failures.set(proxyId, failures);
      return;
    }
    this.failures.delete(proxyId);
    this.retired.add(proxyId);
    this.onRetired(proxyId, failures);
  }
}
