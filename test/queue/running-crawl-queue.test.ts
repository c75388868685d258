// A stock Crawlee RequestQueue opened on a running crawl's storage (SQLite dir, Redis URL): what it adds is crawled politely; getInfo() is the ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRequestQueue } from '../../src/queue/open-request-queue';
import { startCatalogSiteProcess, type RemoteCatalogSite, type RemoteRecord } from '../support/catalog-site-process';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';
import { longestPossibleGapsMs, stampedGapsMs } from '../support/arrival-gaps';

const INTERVAL_MS = 100;
/** Arrival noise between two processes on a busy 2-core machine (scheduling, not politeness), as in the polite crawl test. */
const ARRIVAL_NOISE_MS = 8;
const PAGES = 6;

let redis: RedisTestServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis.stop();
});

describe.each([
  { backend: 'sqlite', where: (dir: string) => ({ dir }), frontier: () => ({}) },
  { backend: 'redis', where: () => ({ url: redis.url }), frontier: () => ({ frontier: { url: redis.url } }) },
])('a Crawlee RequestQueue on a running $backend crawl', ({ backend, where, frontier }) => {
  const storage = tempStorageDir(`queue-${backend}`);
  const runId = `queue-interop-${backend}`;
  let site: RemoteCatalogSite;
  let arrivals: RemoteRecord[];
  let extraPath: string;
  let result: TestCrawlResult;
  let info: Awaited<ReturnType<Awaited<ReturnType<typeof openRequestQueue>>['queue']['getInfo']>>;
  let added: { wasAlreadyPresent: boolean };

  beforeAll(async () => {
    // The site runs in its own process: arrival times are taken outside the crawler's event loop.
    site = await startCatalogSiteProcess({ hosts: 1, productsPerHost: PAGES + 1, perPage: PAGES + 1 });
    const urls = site.products.slice(0, PAGES).map((product) => product.url);
    const extraUrl = site.products[PAGES].url;
    extraPath = new URL(extraUrl).pathname;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const crawl = crawlInProcess(new UrlListSpider(urls), storage.dir, {
      ...frontier(),
      politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0, maxConcurrencyPerHost: 1 },
      robots: { obey: false },
      pipeline: { batchSize: 1, batchMaxAgeMs: 10 },
      log: { statsIntervalMs: 0 },
    }, { runId, onEngine: () => started() });
    // The engine exists once the run's frontier is open: open its queue from outside the engine while it crawls.
    await running;
    const opened = await openRequestQueue(runId, where(storage.dir));
    try {
      added = await opened.queue.addRequest({ url: extraUrl, userData: { from: 'crawlee' } });
      // A page the spider plans too (before or after this, as seeding goes), with a tracking parameter:
      // the engine's fingerprint makes it one request.
      await opened.queue.addRequest({ url: `${urls[1]}?utm_source=mail` });
      result = await crawl;
      info = await opened.queue.getInfo();
    } finally {
      await opened.close();
    }
    arrivals = (await site.records()).flatMap((server) => server.requests);
  }, 30_000);
  afterAll(async () => {
    await site.close();
    storage.cleanup();
  });

  it('crawls the request added through the queue, once', () => {
    expect(added.wasAlreadyPresent).toBe(false);
    expect(arrivals.filter((r) => r.path.split('?')[0] === extraPath)).toHaveLength(1);
    expect(result.items.map((item) => item.url)).toContain(site.products[PAGES].url);
  });

  it('dedupes by the engine fingerprint: the spider’s page added through the queue too is one request', () => {
    expect(result.summary.ledger.planned).toBe(PAGES + 1);
    expect(arrivals.filter((r) => r.path.split('?')[0] === new URL(site.products[1].url).pathname)).toHaveLength(1);
  });

  it('sends it under the host’s politeness: spaced from its neighbours like every other request, measured at the server', () => {
    expect(arrivals).toHaveLength(PAGES + 1);
    const ordered = [...arrivals].sort((a, b) => a.arrivedAtPerfMs - b.arrivedAtPerfMs);
    const gaps = stampedGapsMs(ordered);
    const possible = longestPossibleGapsMs(ordered);
    const extra = ordered.findIndex((r) => r.path === extraPath);
    const around = [possible[extra - 1], possible[extra]].filter((gap) => gap !== undefined);
    expect(Math.min(...around)).toBeGreaterThanOrEqual(INTERVAL_MS - ARRIVAL_NOISE_MS);
    // Noise can shave a gap, never the typical one: the median sits at or above the interval.
    expect([...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]).toBeGreaterThanOrEqual(INTERVAL_MS);
  });

  it('reports getInfo() counts equal to the run’s ledger', () => {
    const { ledger } = result.summary;
    expect(ledger).toMatchObject({ planned: PAGES + 1, succeeded: PAGES + 1, failed: 0, pending: 0 });
    expect(info).toMatchObject({
      id: runId,
      totalRequestCount: ledger.planned,
      handledRequestCount: ledger.succeeded + ledger.failed,
      pendingRequestCount: ledger.pending,
    });
  });
});
