// A stock Crawlee RequestQueue opened on a running crawl's storage (SQLite dir, Redis URL): what it adds is crawled politely; getInfo() is the ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRequestQueue } from '../../src/queue/open-request-queue';
import { FixtureServer, type RecordedRequest } from '../support/fixture-server';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const INTERVAL_MS = 100;
/** Server and crawler share one event loop here: an arrival can be stamped a little late, never a send early. */
const ARRIVAL_NOISE_MS = 10;
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
  let server: FixtureServer;
  let result: TestCrawlResult;
  let info: Awaited<ReturnType<Awaited<ReturnType<typeof openRequestQueue>>['queue']['getInfo']>>;
  let added: { wasAlreadyPresent: boolean };
  let duplicate: { wasAlreadyPresent: boolean; requestId: string };

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/p/:n', (_req, res) => {
      res.end('<html><body>page</body></html>');
    });
    server.route('/extra', (_req, res) => {
      res.end('<html><body>extra</body></html>');
    });
    const urls = Array.from({ length: PAGES }, (_, i) => server.url(`/p/${i}`));
    const crawl = crawlInProcess(new UrlListSpider(urls), storage.dir, {
      ...frontier(),
      politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0, maxConcurrencyPerHost: 1 },
      robots: { obey: false },
      pipeline: { batchSize: 1, batchMaxAgeMs: 10 },
      log: { statsIntervalMs: 0 },
    }, { runId });
    // The crawl is running once its first request reaches the site: open its queue from outside the engine.
    await server.waitForRequests(1);
    const opened = await openRequestQueue(runId, where(storage.dir));
    try {
      added = await opened.queue.addRequest({ url: server.url('/extra'), userData: { from: 'crawlee' } });
      // A page the spider planned already, tracking parameter and all: the engine's fingerprint dedupes it.
      duplicate = await opened.queue.addRequest({ url: `${server.url('/p/1')}?utm_source=mail` });
      result = await crawl;
      info = await opened.queue.getInfo();
    } finally {
      await opened.close();
    }
  }, 30_000);
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('crawls the request added through the queue, once', () => {
    expect(added.wasAlreadyPresent).toBe(false);
    expect(server.requestsTo('/extra')).toHaveLength(1);
    expect(result.items.map((item) => item.sku)).toContain(`${new URL(server.url('/')).host}/extra`);
  });

  it('dedupes by the engine fingerprint: the spider’s page added again is the stored request', () => {
    expect(duplicate.wasAlreadyPresent).toBe(true);
    expect(server.requestsTo('/p/1')).toHaveLength(1);
  });

  it('sends it under the host’s politeness: one at a time, never closer than the interval', () => {
    const arrivals: RecordedRequest[] = [...server.requestsTo('/extra'), ...Array.from({ length: PAGES }, (_, i) => server.requestsTo(`/p/${i}`)).flat()];
    expect(arrivals).toHaveLength(PAGES + 1);
    const times = arrivals.map((r) => r.arrivedAtPerfMs).sort((a, b) => a - b);
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(INTERVAL_MS - ARRIVAL_NOISE_MS);
    expect(server.peakInFlight).toBe(1);
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
