// Prometheus metrics of one crawl: counters fed by the crawl's events, gauges read on each scrape from the crawl snapshot.
import { Counter, Gauge, Registry, type Metric } from 'prom-client';
import { FetchLatency, LATENCY_EDGES_MS } from '../../engine/fetch-latency';
import type { Stats } from '../../engine/stats';
import type { CrawlEvents } from '../../events/crawl-events';
import type { BreakerState } from '../../politeness/host-breaker';
import type { CrawlSnapshot } from '../../events/crawl-snapshot';

export interface CrawlMetricsSources {
  snapshot: () => CrawlSnapshot;
  /** Subscribed to as the observer `metrics`: answers, items and failures are counted as they are announced. */
  events: CrawlEvents;
  /** The event-loop watchdog's counters (no event announces a blocked loop). */
  stats: Pick<Stats, 'get'>;
  /** Put on every series, so one Prometheus can tell crawls (and reruns) apart. */
  labels: { spider: string; run: string };
  /** True once the run has ended: the numbers are final. */
  ended?: () => boolean;
}

/** Gauge values of the breaker states: 0 closed, 1 half-open, 2 open. */
export const BREAKER_STATE_VALUE: Record<BreakerState, number> = { closed: 0, 'half-open': 1, open: 2 };

type Values = Array<{ labels?: Record<string, string>; value: number }>;

export interface CrawlMetrics {
  contentType: string;
  /** The exposition text, every metric read from one snapshot taken now. */
  scrape(): Promise<string>;
}

/** A registry of its own (not prom-client's global one), so crawls in one process never share metrics. */
export function crawlMetrics(src: CrawlMetricsSources): CrawlMetrics {
  const registry = new Registry();
  registry.setDefaultLabels(src.labels);
  // One snapshot per scrape: every metric of the scrape reads the same moment.
  let current: CrawlSnapshot | null = null;
  const snap = (): CrawlSnapshot => (current ??= src.snapshot());
  const counts = countEvents(src.events);
  const byLabel = (counted: Map<string, number>, label: string): Values => [...counted].map(([key, value]) => ({ labels: { [label]: key }, value }));

  const counter = (name: string, help: string, labelNames: string[], values: () => Values) =>
    new Counter({ name, help, labelNames, registers: [registry], collect() { this.reset(); for (const v of values()) this.inc(v.labels ?? {}, v.value); } });
  const gauge = (name: string, help: string, labelNames: string[], values: () => Values) =>
    new Gauge({ name, help, labelNames, registers: [registry], collect() { this.reset(); for (const v of values()) this.set(v.labels ?? {}, v.value); } });

  counter('pricecrawl_responses_total', 'HTTP responses received, by host and status (also those retried or failed: 429, 503, 404).', ['host', 'status'], () =>
    [...counts.responses].flatMap(([host, statuses]) => [...statuses].map(([status, value]) => ({ labels: { host, status: String(status) }, value }))),
  );
  counter('pricecrawl_pages_total', 'Pages handed to the spider (responses of any status).', [], () => [{ value: snap().pages }]);
  counter('pricecrawl_items_written_total', 'Items written to the item store.', [], () => [{ value: snap().items }]);
  counter('pricecrawl_items_scraped_total', 'Items the spider yielded.', [], () => [{ value: counts.scraped }]);
  counter('pricecrawl_items_dropped_total', 'Items dropped by the pipeline, by reason.', ['reason'], () => byLabel(counts.dropped, 'reason'));
  counter('pricecrawl_requests_failed_total', 'Requests that failed for good.', [], () => [{ value: snap().failed }]);
  counter('pricecrawl_request_failures_total', 'Failed requests, by reason.', ['reason'], () => byLabel(counts.failures, 'reason'));
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
  gauge('pricecrawl_run_ended', '1 once the run has ended (these are its final numbers), else 0.', [], () => [{ value: src.ended?.() ? 1 : 0 }]);
  counter('pricecrawl_loop_blocked_total', 'Times the event loop was blocked longer than watchdog.blockedLoopMs.', [], () => [{ value: src.stats.get('loop/blocked') }]);
  gauge('pricecrawl_loop_blocked_max_seconds', 'Longest event-loop block reported by the watchdog.', [], () => [{ value: src.stats.get('loop/blocked-max-ms') / 1000 }]);
  registry.registerMetric(latencyHistogram(counts.latency));

  return {
    contentType: registry.contentType,
    async scrape() {
      current = null; // a fresh snapshot for this scrape
      return registry.metrics();
    },
  };
}

interface EventCounts {
  /** host → status → answers. */
  responses: Map<string, Map<number, number>>;
  latency: FetchLatency;
  scraped: number;
  dropped: Map<string, number>;
  failures: Map<string, number>;
}

/** What the events announce, counted once each: the metrics' own counters, read on each scrape. */
function countEvents(events: CrawlEvents): EventCounts {
  const counts: EventCounts = { responses: new Map(), latency: new FetchLatency(), scraped: 0, dropped: new Map(), failures: new Map() };
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  events.on('response.received', ({ host, status, durationMs }) => {
    let statuses = counts.responses.get(host);
    if (!statuses) counts.responses.set(host, (statuses = new Map()));
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    counts.latency.observe(host, durationMs);
  });
  events.on('item.scraped', () => void counts.scraped++);
  events.on('item.dropped', ({ reason }) => void add(counts.dropped, reason));
  events.on('request.failed', ({ reason }) => void add(counts.failures, reason));
  return counts;
}

/**
 * Fetch durations per host as a Prometheus histogram, read from the run's fixed bins on each scrape
 * (prom-client's Histogram would allocate per observation; fixed bins stay a few numbers per host).
 */
function latencyHistogram(latencies: FetchLatency): Metric {
  const name = 'pricecrawl_fetch_duration_seconds';
  const help = 'Time from sending a request to its last body byte, by host (every answer off the wire, retried ones too).';
  const get = () => {
    const values: Array<{ metricName: string; labels: Record<string, string | number>; value: number }> = [];
    for (const [host, latency] of latencies.byHost()) {
      let cumulative = 0;
      LATENCY_EDGES_MS.forEach((edgeMs, i) => {
        cumulative += latency.bins[i];
        values.push({ metricName: `${name}_bucket`, labels: { host, le: edgeMs / 1000 }, value: cumulative });
      });
      values.push({ metricName: `${name}_bucket`, labels: { host, le: '+Inf' }, value: latency.count });
      values.push({ metricName: `${name}_sum`, labels: { host }, value: latency.sumMs / 1000 });
      values.push({ metricName: `${name}_count`, labels: { host }, value: latency.count });
    }
    return { name, help, type: 'histogram', values, aggregator: 'sum' };
  };
  return { name, help, get, reset: () => undefined } as unknown as Metric;
}
