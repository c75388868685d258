// Whole crawls on loopback: politeness measured at the servers, the global ceiling, every product once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peakConcurrency } from '../support/catalog-site';
import { startCatalogSiteProcess, type RemoteCatalogSite, type RemoteRecord } from '../support/catalog-site-process';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';
import { longestPossibleGapsMs, stampedGapsMs } from '../support/arrival-gaps';

const MIN_INTERVAL_MS = 80;
/** Arrival noise between processes on a busy 2-core machine beyond what the site measures of its own stalls (loop-beat.ts). */
const ARRIVAL_NOISE_MS = 8;
const GLOBAL_CEILING = 3;

describe('a polite crawl of four hosts', () => {
  let site: RemoteCatalogSite;
  let result: TestCrawlResult;
  let records: Array<{ hostKey: string; requests: RemoteRecord[] }>;
  const storage = tempStorageDir('polite');

  beforeAll(async () => {
    // The site runs in its own process: arrival times are taken outside the crawler's event loop.
    site = await startCatalogSiteProcess({ hosts: 4, productsPerHost: 24, perPage: 8, latencyMs: 25 });
    const spider = new CatalogSpider({ startUrls: site.startUrls.join(',') });
    result = await crawlInProcess(spider, storage.dir, {
      concurrency: { maxConcurrency: GLOBAL_CEILING, autoscale: false },
      politeness: { minIntervalMs: MIN_INTERVAL_MS, jitterMs: 10, maxConcurrencyPerHost: 1 },
      pipeline: { batchSize: 10, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
    });
    records = await site.records();
  });
  afterAll(async () => {
    await site.close();
    storage.cleanup();
  });

  it('keeps every host\'s request spacing at or above minIntervalMs, measured at the server', () => {
    for (const server of records) {
      expect(server.requests.length).toBe(1 + 24 + 3); // robots.txt first: it is spaced like any other request
      expect(Math.min(...longestPossibleGapsMs(server.requests))).toBeGreaterThanOrEqual(MIN_INTERVAL_MS - ARRIVAL_NOISE_MS);
      const gaps = stampedGapsMs(server.requests);
      // Noise can shave a gap, never the typical one: the median sits at or above the interval.
      const sorted = [...gaps].sort((a, b) => a - b);
      expect(sorted[Math.floor(sorted.length / 2)]).toBeGreaterThanOrEqual(MIN_INTERVAL_MS);
    }
  });

  it('never has more than one request in flight per host, nor more than the global ceiling overall', () => {
    for (const server of records) expect(peakConcurrency(server.requests)).toBe(1);
    const overall = peakConcurrency(records.flatMap((s) => s.requests));
    expect(overall).toBeLessThanOrEqual(GLOBAL_CEILING);
    expect(overall).toBeGreaterThan(1); // the hosts really were crawled side by side
  });

  it('stores every product exactly once with its exact decimal price and source hash', () => {
    const bySku = new Map(result.items.map((item) => [item.sku, item]));
    expect(result.items).toHaveLength(site.products.length);
    expect(bySku.size).toBe(site.products.length);
    for (const product of site.products) {
      const item = bySku.get(product.sku);
      // Stored exactly, at the currency's minor-unit scale (USD: two digits).
      expect(item?.price).toBe(product.price);
      expect(item?.currency).toBe('USD');
      expect(item?.rawHash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('accounts for every request: planned = succeeded + failed + pending', () => {
    const { ledger } = result.summary;
    expect(result.summary.status).toBe('finished');
    expect(ledger).toMatchObject({ planned: 4 * 27, succeeded: 4 * 27, failed: 0, pending: 0 });
    expect(Object.keys(ledger.byHost).sort()).toEqual([...site.hostKeys].sort());
  });

  it('logs the overridden settings and the enabled components once at start', () => {
    const overridden = result.logs.filter((l) => l.msg === 'overridden settings');
    expect(overridden).toHaveLength(1);
    expect(overridden[0].overridden).toMatchObject({ 'politeness.minIntervalMs': { value: MIN_INTERVAL_MS, from: 'cli' } });
    expect(result.logs.find((l) => l.msg === 'enabled downloader middlewares')?.middlewares).toEqual(['http-errors', 'offsite', 'retry', 'block-detection', 'circuit-breaker', 'adaptive-throttle', 'sessions', 'robots-txt', 'meta-refresh', 'raw-capture']);
  });
});
