// Prometheus metrics of one crawl, read on each scrape from the crawl snapshot and Stats (no counting of its own).
import { Counter, Gauge, Registry } from 'prom-client';
import type { Stats } from '../engine/stats';
import type { BreakerState } from '../politeness/host-breaker';
import type { CrawlSnapshot } from './crawl-snapshot';

export interface CrawlMetricsSources {
  snapshot: () => CrawlSnapshot;
  stats: Stats;
}

/** Gauge values of the breaker states: 0 closed, 1 half-open, 2 open. */
export const BREAKER_STATE_VALUE: Record<BreakerState, number> = { closed: 0, 'half-open': 1, open: 2 };

const HOST_STATUS = /^(.+)\/received\/(\d{3})$/;

type Values = Array<{ labels?: Record<string, string>; value: number }>;

export interface CrawlMetrics {
  contentType: string;
  /** The exposition text, every metric read from one snapshot taken now. */
  scrape(): Promise<string>;
}

/** A registry of its own (not prom-client's global one), so crawls in one process never share metrics. */
export function crawlMetrics(src: CrawlMetricsSources): CrawlMetrics {
  const registry = new Registry();
  // One snapshot per scrape: every metric of the scrape reads the same moment.
  let current: CrawlSnapshot | null = null;
  const snap = (): CrawlSnapshot => (current ??= src.snapshot());
  const fromStats = (prefix: string, label: string): Values => Object.entries(src.stats.byPrefix(prefix)).map(([key, value]) => ({ labels: { [label]: key }, value }));

  const counter = (name: string, help: string, labelNames: string[], values: () => Values) =>
    new Counter({ name, help, labelNames, registers: [registry], collect() { this.reset(); for (const v of values()) this.inc(v.labels ?? {}, v.value); } });
  const gauge = (name: string, help: string, labelNames: string[], values: () => Values) =>
    new Gauge({ name, help, labelNames, registers: [registry], collect() { this.reset(); for (const v of values()) this.set(v.labels ?? {}, v.value); } });

  counter('pricecrawl_responses_total', 'HTTP responses received, by host and status (also those retried or failed: 429, 503, 404).', ['host', 'status'], () =>
    Object.entries(src.stats.byPrefix('host/')).flatMap(([key, value]) => {
      const match = HOST_STATUS.exec(key);
      return match ? [{ labels: { host: match[1], status: match[2] }, value }] : [];
    }),
  );
  counter('pricecrawl_pages_total', 'Pages handed to the spider (responses of any status).', [], () => [{ value: snap().pages }]);
  counter('pricecrawl_items_written_total', 'Items written to the item store.', [], () => [{ value: snap().items }]);
  counter('pricecrawl_items_scraped_total', 'Items the spider yielded.', [], () => [{ value: src.stats.get('items/scraped') }]);
  counter('pricecrawl_items_dropped_total', 'Items dropped by the pipeline, by reason.', ['reason'], () => fromStats('items/dropped/', 'reason'));
  counter('pricecrawl_requests_failed_total', 'Requests that failed for good.', [], () => [{ value: snap().failed }]);
  counter('pricecrawl_request_failures_total', 'Failed requests, by reason.', ['reason'], () => fromStats('requests/failed/', 'reason'));
  counter('pricecrawl_host_failures_total', 'Failed requests, by host.', ['host'], () => snap().hosts.map((host) => ({ labels: { host: host.hostKey }, value: host.failed })));
  gauge('pricecrawl_host_deferred', 'Requests deferred so far (breaker open, host paused), by host.', ['host'], () => snap().hosts.map((host) => ({ labels: { host: host.hostKey }, value: host.deferred })));
  gauge('pricecrawl_breaker_state', 'Circuit breaker per host: 0 closed, 1 half-open, 2 open.', ['host'], () =>
    snap().hosts.map((host) => ({ labels: { host: host.hostKey }, value: BREAKER_STATE_VALUE[host.breaker] })),
  );
  gauge('pricecrawl_host_interval_ms', 'The interval in force per host, and why: configured, crawl-delay or throttle.', ['host', 'cause'], () =>
    snap().hosts.map((host) => ({ labels: { host: host.hostKey, cause: host.intervalCause }, value: host.intervalMs })),
  );
  gauge('pricecrawl_queue_requests', 'Requests planned and not finished (queued), and those in flight.', ['state'], () => [
    { labels: { state: 'queued' }, value: snap().queued },
    { labels: { state: 'in_flight' }, value: snap().inFlight },
  ]);
  gauge('pricecrawl_elapsed_seconds', 'Seconds since the crawl started.', [], () => [{ value: snap().elapsedMs / 1000 }]);

  return {
    contentType: registry.contentType,
    async scrape() {
      current = null; // a fresh snapshot for this scrape
      return registry.metrics();
    },
  };
}
