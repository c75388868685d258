// The Prometheus endpoint during and after a loopback catalog crawl: its counters equal the run summary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlResponse } from '../../src/core/response';
import type { SpiderOutput } from '../../src/core/spider';
import type { CrawlSnapshot } from '../../src/events/crawl-snapshot';
import type { RunSummary } from '../../src/engine/run-summary';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { freePort } from '../support/free-port';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text exposition → samples (comments skipped). */
function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not an exposition line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
const byLabel = (samples: Sample[], name: string, label: string) =>
  Object.fromEntries(samples.filter((s) => s.name === name).map((s) => [s.labels[label], s.value]));

async function scrape(url: string): Promise<{ status: number; contentType: string | null; samples: Sample[] }> {
  const res = await fetch(url);
  return { status: res.status, contentType: res.headers.get('content-type'), samples: parseExposition(await res.text()) };
}

/** Scrapes the endpoint from inside its first product callback: the crawl is running then. */
class ScrapingSpider extends CatalogSpider {
  during: Awaited<ReturnType<typeof scrape>> | null = null;
  constructor(args: Record<string, string>, private readonly metricsUrl: string) {
    super(args);
  }
  override async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    if (!this.during) this.during = await scrape(this.metricsUrl);
    yield* super.parseProduct(res);
  }
}

describe('the metrics endpoint of a crawl', () => {
  let site: CatalogSite;
  let spider: ScrapingSpider;
  let result: TestCrawlResult;
  let after: Awaited<ReturnType<typeof scrape>>;
  let summaryAtScrape: RunSummary;
  let snapshot: (() => CrawlSnapshot) | null = null;
  let finalSnapshot: CrawlSnapshot;
  let metricsUrl: string;
  const storage = tempStorageDir('metrics');

  beforeAll(async () => {
    // A missing product (404 → a failed request), a page without a price (an item the pipeline drops) and
    // a product answered 429 once (retried, then served).
    site = await startCatalogSite({ hosts: 2, productsPerHost: 12, perPage: 5, latencyMs: 5, extraProductPaths: ['/p/GONE', '/list?page=99'] });
    site.throttled.set('H0-P3', 1);
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    spider = new ScrapingSpider({ startUrls: site.startUrls.join(',') }, metricsUrl);
    result = await crawlInProcess(
      spider,
      storage.dir,
      { metrics: { port }, politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { statsIntervalMs: 0 }, retry: { backoffBaseMs: 10, backoffCapMs: 50 } },
      {
        onSnapshotSource: (source) => void (snapshot = source),
        onRunEnd: async (summary) => {
          finalSnapshot = snapshot!();
          summaryAtScrape = summary;
          after = await scrape(metricsUrl);
        },
      },
    );
  });
  afterAll(async () => {
    await site.close();
    storage.cleanup();
  });

  it('answers during the crawl, with the request being handled in flight and work still queued', () => {
    const during = spider.during!;
    expect(during.status).toBe(200);
    expect(during.contentType).toContain('text/plain');
    expect(value(during.samples, 'pricecrawl_queue_requests', { state: 'in_flight' })).toBeGreaterThanOrEqual(1);
    expect(value(during.samples, 'pricecrawl_queue_requests', { state: 'queued' })).toBeGreaterThanOrEqual(1);
    expect(value(during.samples, 'pricecrawl_pages_total')).toBeLessThan(value(after.samples, 'pricecrawl_pages_total')!);
    expect(value(during.samples, 'pricecrawl_breaker_state', { host: new URL(site.startUrls[0]).host })).toBe(0);
  });

  it('matches the run summary after the run ends', () => {
    const { summary } = result;
    expect(summaryAtScrape).toBe(summary);
    expect(summary.status).toBe('finished');
    const s = after.samples;
    expect(value(s, 'pricecrawl_items_written_total')).toBe(summary.items.written);
    expect(value(s, 'pricecrawl_items_written_total')).toBe(result.items.length);
    expect(value(s, 'pricecrawl_items_scraped_total')).toBe(summary.items.scraped);
    expect(byLabel(s, 'pricecrawl_items_dropped_total', 'reason')).toEqual(summary.items.dropped);
    expect(Object.keys(summary.items.dropped).length).toBeGreaterThan(0);
    expect(value(s, 'pricecrawl_requests_failed_total')).toBe(summary.ledger.failed);
    expect(byLabel(s, 'pricecrawl_request_failures_total', 'reason')).toEqual(summary.ledger.failedByReason);
    expect(summary.ledger.failed).toBeGreaterThan(0);
    // No transport errors here: each planned request got one final HTTP answer, handed to the spider (a
    // page) or failed on its status (the 404); responses count those and the one 429 that was retried.
    const responses = s.filter((x) => x.name === 'pricecrawl_responses_total');
    expect(value(s, 'pricecrawl_pages_total')).toBe(summary.ledger.succeeded);
    const byStatus: Record<string, number> = {};
    for (const x of responses) byStatus[x.labels.status] = (byStatus[x.labels.status] ?? 0) + x.value;
    expect(byStatus).toEqual({ ...summary.ledger.byStatus, 429: 1 });
    expect(byStatus['404']).toBeGreaterThan(0);
    const throttledHost = new URL(site.startUrls[0]).host;
    for (const [host, counts] of Object.entries(summary.ledger.byHost)) {
      const hostResponses = responses.filter((x) => x.labels.host === host).reduce((a, x) => a + x.value, 0);
      const retried = host === throttledHost ? 1 : 0;
      expect(hostResponses).toBe(counts.succeeded + counts.failed + retried);
      // The progress block and the stats line read the same counters.
      const shown = finalSnapshot.hosts.find((h) => h.hostKey === host)!;
      expect({ responses: shown.responses, throttled429: shown.throttled429 }).toEqual({ responses: hostResponses, throttled429: retried });
      expect(value(s, 'pricecrawl_host_failures_total', { host })).toBe(counts.failed);
      // Every answer off the wire was timed, under the crawl's spider and run labels.
      expect(value(s, 'pricecrawl_fetch_duration_seconds_count', { host, spider: 'catalog', run: summary.runId })).toBe(hostResponses);
      expect(value(s, 'pricecrawl_breaker_state', { host })).toBe(0);
    }
    expect(value(s, 'pricecrawl_queue_requests', { state: 'queued' })).toBe(0);
    expect(value(s, 'pricecrawl_queue_requests', { state: 'in_flight' })).toBe(0);
  });

  it('is closed once the crawl returns', async () => {
    await expect(fetch(metricsUrl)).rejects.toThrow();
  });
});
