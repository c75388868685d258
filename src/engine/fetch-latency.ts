// Fetch durations per host in fixed bins: what the metrics endpoint exposes as a Prometheus histogram.

/** Upper edges (ms) of the latency bins shared by the metrics histogram and the report; the last bin is open-ended. */
export const LATENCY_EDGES_MS = [10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000];

export interface HostLatency {
  /** Fetches per bin: bin i holds durations ≤ LATENCY_EDGES_MS[i] (and above the previous edge); the last one the rest. */
  bins: number[];
  sumMs: number;
  count: number;
}

/** Fixed bins, so memory stays a few numbers per host however long the run. */
export class FetchLatency {
  private readonly hosts = new Map<string, HostLatency>();

  observe(hostKey: string, durationMs: number): void {
    let host = this.hosts.get(hostKey);
    if (!host) {
      host = { bins: new Array<number>(LATENCY_EDGES_MS.length + 1).fill(0), sumMs: 0, count: 0 };
      this.hosts.set(hostKey, host);
    }
    const bin = LATENCY_EDGES_MS.findIndex((edge) => durationMs <= edge);
    host.bins[bin < 0 ? LATENCY_EDGES_MS.length : bin]++;
    host.sumMs += durationMs;
    host.count++;
  }

  byHost(): ReadonlyMap<string, HostLatency> {
    return this.hosts;
  }
}
