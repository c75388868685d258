// Server-side ground truth per host: arrival times, gaps under the minimum interval, in-flight and socket peaks.
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface HostReport {
  port: number;
  /** Requests that arrived, whatever the answer. */
  requests: number;
  /** Distinct paths answered 200 (a page fetched twice counts once). */
  uniquePages: number;
  statuses: Record<string, number>;
  /** Arrival gaps shorter than the configured minimum interval (0 when none is configured). */
  violations: number;
  /** Shortest gap between two arrivals on this host, ms (null with fewer than two requests). */
  minGapMs: number | null;
  /** Longest gap between two arrivals, ms: where a host sat idle (nothing queued for it, or a pause). */
  maxGapMs: number | null;
  /** Sum over gaps of the time beyond the minimum interval, ms: the host's share of a span above ideal. */
  slackMs: number;
  /** The host's first arrivals as `path +gap ms`: where a span loses time at the start (robots, listing, first products). */
  opening: string[];
  maxInFlight: number;
  maxOpenSockets: number;
  firstArrivalMs: number | null;
  lastDoneMs: number | null;
}

export interface SiteReport {
  minIntervalMs: number;
  /** The site's own event-loop delay since the reset, ms: an arrival is stamped up to this late, so gaps at the server carry that much noise. */
  loopDelayMaxMs: number;
  hosts: HostReport[];
}

/** Epoch ms with sub-ms resolution, comparable across processes. */
export function nowEpochMs(): number {
  return performance.timeOrigin + performance.now();
}

const OPENING_ARRIVALS = 8;

class HostRecorder {
  requests = 0;
  readonly seen = new Set<string>();
  statuses: Record<string, number> = {};
  violations = 0;
  minGapMs = Infinity;
  maxGapMs = -Infinity;
  slackMs = 0;
  readonly opening: string[] = [];
  lastArrivalMs: number | null = null;
  firstArrivalMs: number | null = null;
  lastDoneMs: number | null = null;
  inFlight = 0;
  maxInFlight = 0;
  openSockets = 0;
  maxOpenSockets = 0;

  constructor(readonly port: number) {}
}

export class SiteStats {
  private hosts = new Map<number, HostRecorder>();
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 1 });
  minIntervalMs = 0;

  constructor(private readonly ports: number[]) {
    this.reset(0);
  }

  /** Clears everything between crawler runs; open sockets carry over (they belong to no run). */
  reset(minIntervalMs: number): void {
    const previous = this.hosts;
    this.hosts = new Map(this.ports.map((port) => [port, new HostRecorder(port)]));
    for (const [port, old] of previous) this.hosts.get(port)!.openSockets = old.openSockets;
    this.minIntervalMs = minIntervalMs;
    this.loopDelay.enable();
    this.loopDelay.reset();
  }

  socketOpened(port: number): void {
    const host = this.hosts.get(port)!;
    host.openSockets++;
    host.maxOpenSockets = Math.max(host.maxOpenSockets, host.openSockets);
  }

  socketClosed(port: number): void {
    this.hosts.get(port)!.openSockets--;
  }

  /** Records an arrival; returns true when it came sooner than the minimum interval allows. */
  arrived(port: number, atMs: number, path: string): boolean {
    const host = this.hosts.get(port)!;
    host.requests++;
    host.inFlight++;
    host.maxInFlight = Math.max(host.maxInFlight, host.inFlight);
    host.firstArrivalMs ??= atMs;
    let tooSoon = false;
    if (host.lastArrivalMs !== null) {
      const gap = atMs - host.lastArrivalMs;
      host.minGapMs = Math.min(host.minGapMs, gap);
      host.maxGapMs = Math.max(host.maxGapMs, gap);
      host.slackMs += Math.max(0, gap - this.minIntervalMs);
      if (this.minIntervalMs > 0 && gap < this.minIntervalMs) {
        host.violations++;
        tooSoon = true;
      }
    }
    if (host.opening.length < OPENING_ARRIVALS) host.opening.push(`${path} +${host.lastArrivalMs === null ? 0 : Math.round(atMs - host.lastArrivalMs)}`);
    host.lastArrivalMs = atMs;
    return tooSoon;
  }

  answered(port: number, path: string, status: number, atMs: number): void {
    const host = this.hosts.get(port)!;
    host.inFlight--;
    host.statuses[status] = (host.statuses[status] ?? 0) + 1;
    if (status === 200) host.seen.add(path);
    host.lastDoneMs = atMs;
  }

  report(): SiteReport {
    return {
      minIntervalMs: this.minIntervalMs,
      loopDelayMaxMs: Math.round(this.loopDelay.max / 1e4) / 100,
      hosts: [...this.hosts.values()].map((h) => ({
        port: h.port,
        requests: h.requests,
        uniquePages: h.seen.size,
        statuses: h.statuses,
        violations: h.violations,
        minGapMs: Number.isFinite(h.minGapMs) ? Math.round(h.minGapMs * 1000) / 1000 : null,
        maxGapMs: Number.isFinite(h.maxGapMs) ? Math.round(h.maxGapMs * 1000) / 1000 : null,
        slackMs: Math.round(h.slackMs),
        opening: h.opening,
        maxInFlight: h.maxInFlight,
        maxOpenSockets: h.maxOpenSockets,
        firstArrivalMs: h.firstArrivalMs,
        lastDoneMs: h.lastDoneMs,
      })),
    };
  }
}
