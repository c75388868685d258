// A read-only picture of a running crawl (counters, queue, per-host slots and breakers) for progress and metrics.
import type { HostGateView } from '../ports/host-gate';
import type { Stats } from '../engine/stats';

export interface HostSnapshot extends HostGateView {
  /** HTTP answers received from the host, any status, also those later retried (429) or failed (404). */
  responses: number;
  throttled429: number;
  failed: number;
  deferred: number;
}

export interface CrawlSnapshot {
  atMs: number;
  elapsedMs: number;
  pages: number;
  items: number;
  failed: number;
  inFlight: number;
  /** Requests planned in this process and not yet finished (queued, deferred or in flight). */
  queued: number;
  /** Peak summed PSS of Chromium's process trees so far; null when no browser ran. */
  browserPssPeakMb: number | null;
  hosts: HostSnapshot[];
}

export interface SnapshotSources {
  stats: Stats;
  inFlight: () => number;
  /** The host gate's view of every host (interval in force and why, pause, breaker). */
  hosts: (nowMs: number) => HostGateView[];
  nowMs: () => number;
}

const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);

export function takeSnapshot(src: SnapshotSources): CrawlSnapshot {
  const { stats } = src;
  const atMs = src.nowMs();
  const hosts = src.hosts(atMs).map((slot): HostSnapshot => {
    const statuses = stats.byPrefix(`host/${slot.hostKey}/received/`);
    return {
      ...slot,
      responses: sum(statuses),
      throttled429: statuses['429'] ?? 0,
      failed: stats.get(`host/${slot.hostKey}/failed`),
      deferred: stats.get(`host/${slot.hostKey}/deferred`),
    };
  });
  const failed = stats.get('requests/failed');
  const finished = stats.get('requests/succeeded') + failed;
  return {
    atMs,
    elapsedMs: stats.elapsedMs(),
    pages: sum(stats.byPrefix('http/status/')),
    items: stats.get('items/written'),
    failed,
    inFlight: src.inFlight(),
    queued: Math.max(0, stats.get('requests/planned') - finished),
    browserPssPeakMb: stats.get('browser/pss-peak-bytes') > 0 ? Math.round(stats.get('browser/pss-peak-bytes') / 2 ** 20) : null,
    hosts: hosts.sort((a, b) => a.hostKey.localeCompare(b.hostKey)),
  };
}
