// A run that lost work never reads as clean, whichever frontier ran it: on SQLite and on Redis (with SQLite or PostgreSQL stores) the report lists each failed request under its reason, the SKU catalog records the failures, and the run ledger port gives status, retries and time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatherReport, type ReportData } from '../../src/app/report/report-data';
import type { CatalogEntry } from '../../src/catalog/catalog-entry';
import type { FailedRequest } from '../../src/ports/run-ledger';
import { openRunLedger, openStores } from '../../storage/open-backends';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { retiredRequestIds } from '../support/retired-requests';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { storeBackends, type StorePlace } from '../support/store-backends';
import { crawlInProcess, type TestCrawlResult } from '../support/test-crawl';

const MAX_ATTEMPTS = 2;
const { backends, start, stop } = storeBackends('failed-requests');
const [sqliteStores, pgStores] = backends.map(([, place]) => place);
let redis: RedisTestServer;

beforeAll(async () => {
  await start();
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
  await stop();
});

const ROWS: Array<[string, 'sqlite' | 'redis', () => Promise<StorePlace>]> = [
  ['SQLite frontier, SQLite stores', 'sqlite', () => sqliteStores()],
  ['SQLite frontier, PostgreSQL stores', 'sqlite', () => pgStores()],
  ['Redis frontier, SQLite stores', 'redis', () => sqliteStores()],
  ['Redis frontier, PostgreSQL stores', 'redis', () => pgStores()],
];

describe.each(ROWS)('failed requests of a run on the %s', (_name, frontier, place) => {
  let site: CatalogSite;
  let storage: StorePlace;
  let run: TestCrawlResult;
  let report: ReportData;
  let fullRunFromMs = 0;
  let fullRunToMs = 0;
  const frontierUrl = () => (frontier === 'redis' ? redis.url : '');
  const crawl = (mode: 'discover' | 'full') =>
    crawlInProcess(new CatalogSpider({ startUrls: site.startUrls.join(',') }), storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 },
      pipeline: { batchMaxAgeMs: 20 },
      robots: { obey: false },
      retry: { maxAttempts: MAX_ATTEMPTS, backoffBaseMs: 10, backoffCapMs: 20 },
      // The attempt budget alone decides here: the breaker (which would park the failing hosts) has its own tests.
      breaker: { threshold: 100 },
      ...(frontier === 'redis' ? { frontier: { url: redis.url, pollMs: 20 } } : {}),
    }, { mode, storeUrl: storage.url });
  const urlOf = (sku: string) => site.products.find((p) => p.sku === sku)!.url;
  const lostSkus = ['H0-P0', 'H0-P1', 'H1-P0', 'H1-P1', 'H1-P2'];

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 2, productsPerHost: 3, perPage: 3 });
    storage = await place();
    const discovery = await crawl('discover');
    expect(discovery.summary.ledger).toMatchObject({ planned: 8, succeeded: 8, failed: 0 });
    // The next --full run loses work three ways: a 404, a 500 on every try, and a host that refuses connections.
    site.removed.add('H0-P0');
    site.broken.add('H0-P1');
    await site.servers[1].close();
    fullRunFromMs = Date.now();
    run = await crawl('full');
    fullRunToMs = Date.now();
    // No frontier named: the report finds the one the run's settings snapshot recorded.
    report = await gatherReport({ dir: storage.dir, url: storage.url }, run.summary.runId);
  }, 60_000);
  afterAll(async () => {
    await site?.close();
  });

  it('accounts for every planned request: one item, the rest failed with a reason, none pending', () => {
    // --full: each host's listing page and its three known SKUs.
    expect(run.summary.ledger).toMatchObject({ planned: 8, succeeded: 2, failed: 6, pending: 0 });
    expect(run.summary.ledger.failedByReason).toEqual({ 'http/404': 1, 'retry/exhausted': 5 });
    expect(run.items.map((item) => item.sku)).toEqual(['H0-P2']);
  });

  it('retires in the item store only the requests leased more than once, not the 404 ended on its first lease', async () => {
    // Each retirement is a write per request end (item-fence.ts): only a request an earlier lease may have stored
    // items for needs one. Here those are the five tried twice, on either frontier (both fence their leases).
    expect(await retiredRequestIds(storage, run.summary.runId)).toHaveLength(5);
  });

  it('the report lists each failed URL under its reason', () => {
    const byReason = Object.fromEntries(report.failures.map((group) => [group.reason, { count: group.count, urls: [...group.urls].sort() }]));
    const refused = [site.servers[1].url('/list?page=1'), ...['H0-P1', 'H1-P0', 'H1-P1', 'H1-P2'].map(urlOf)];
    expect(byReason).toEqual({
      'http/404': { count: 1, urls: [urlOf('H0-P0')] },
      'retry/exhausted': { count: 5, urls: refused.sort() },
    });
  });

  it('the SKU catalog records each lost product page as a failure with its reason', async () => {
    const stores = await openStores(storage);
    const entries = new Map<string, CatalogEntry>();
    try {
      for await (const entry of stores.catalog().entries('catalog')) entries.set(entry.sku, entry);
    } finally {
      await stores.close();
    }
    const failures = lostSkus.map((sku) => [sku, entries.get(sku)?.lastStatus, entries.get(sku)?.consecutiveFailures]);
    expect(failures).toEqual([
      ['H0-P0', 'http/404', 1],
      ...lostSkus.slice(1).map((sku) => [sku, 'retry/exhausted', 1]),
    ]);
    expect(entries.get('H0-P2')).toMatchObject({ lastStatus: 'ok', consecutiveFailures: 0, observations: 2 });
  });

  it('the run ledger port gives each failure its status, retries and time, and which pages succeeded', async () => {
    const ledger = await openRunLedger({ frontierUrl: frontierUrl(), dir: storage.dir });
    try {
      const failed: FailedRequest[] = [];
      for await (const page of ledger.failedRequests(run.summary.runId, 2)) failed.push(...page);
      const byUrl = new Map(failed.map((f) => [f.url, f]));
      expect(failed).toHaveLength(6);
      expect(byUrl.get(urlOf('H0-P0'))).toMatchObject({ reason: 'http/404', status: 404, retries: 0, callback: 'parseProduct' });
      expect(byUrl.get(urlOf('H0-P1'))).toMatchObject({ reason: 'retry/exhausted', status: 500, retries: MAX_ATTEMPTS - 1 });
      // Refused connections never got an answer: no status.
      expect(byUrl.get(urlOf('H1-P0'))).toMatchObject({ reason: 'retry/exhausted', status: null, retries: MAX_ATTEMPTS - 1 });
      for (const f of failed) expect(f.failedAtMs! >= fullRunFromMs && f.failedAtMs! <= fullRunToMs, f.url).toBe(true);
      expect(await ledger.succeeded(run.summary.runId, urlOf('H0-P2'))).toBe(true);
      expect(await ledger.succeeded(run.summary.runId, urlOf('H0-P1'))).toBe(false);
      // In one lookup: a failed page and a page the run never requested are not among them.
      const asked = [urlOf('H0-P2'), urlOf('H0-P1'), urlOf('H0-P0'), 'http://127.0.0.1:9/never-requested'];
      expect([...(await ledger.succeededAmong(run.summary.runId, asked))].sort()).toEqual([urlOf('H0-P2')]);
      expect((await ledger.succeededAmong(run.summary.runId, [])).size).toBe(0);
    } finally {
      await ledger.close();
    }
  });
});
