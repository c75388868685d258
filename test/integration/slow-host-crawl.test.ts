// A host that trickles its bodies forever: each request ends as fetch/timeout after http.timeoutMs, holding only its own host slot meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer, type RouteContext } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const TIMEOUT_MS = 1_000;
const SLOW_PAGES = 3;
const FAST_PAGES = 20;

/** One byte every 20 ms, never finished: undici's idle timers never fire, only the whole-request deadline can end it. */
function drip(res: import('node:http').ServerResponse, ctx: RouteContext): void {
  res.write('.');
  ctx.later(20, () => drip(res, ctx));
}

describe('a crawl with a slow-body host beside a fast one', () => {
  const storage = tempStorageDir('slow-host');
  let slow: FixtureServer;
  let fast: FixtureServer;
  let result: TestCrawlResult;

  beforeAll(async () => {
    slow = await FixtureServer.start({ builtInRoutes: false });
    slow.route('/drip/:n', (_req, res, ctx) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      drip(res, ctx);
    });
    fast = await FixtureServer.start({ builtInRoutes: false });
    fast.route('/p/:n', (_req, res, ctx) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<title>${ctx.params.n}</title>`));
    const urls = [...Array.from({ length: SLOW_PAGES }, (_, n) => slow.url(`/drip/${n}`)), ...Array.from({ length: FAST_PAGES }, (_, n) => fast.url(`/p/${n}`))];
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      // Two request slots in the whole crawl: the slow host may take one, never both.
      concurrency: { maxConcurrency: 2, desiredConcurrency: 2, autoscale: false },
      politeness: { minIntervalMs: 10, jitterMs: 0 },
      http: { timeoutMs: TIMEOUT_MS },
      retry: { errors: ['fetch/connection-reset'] }, // a timeout is final here, so the ledger shows its own reason
      pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
      robots: { obey: false },
    });
  }, 30_000);
  afterAll(async () => {
    await Promise.all([slow.close(), fast.close()]);
    storage.cleanup();
  });

  it('ends every slow request as fetch/timeout and loses nothing', () => {
    expect(result.summary.ledger).toMatchObject({ planned: SLOW_PAGES + FAST_PAGES, succeeded: FAST_PAGES, failed: SLOW_PAGES, pending: 0 });
    expect(result.summary.ledger.failedByReason).toEqual({ 'fetch/timeout': SLOW_PAGES });
  });

  it('cuts each slow body off at the deadline, measured at the server', () => {
    expect(slow.requests).toHaveLength(SLOW_PAGES);
    for (const record of slow.requests) {
      expect(record.outcome).toBe('aborted');
      const heldMs = record.closedAtPerfMs! - record.arrivedAtPerfMs;
      // The deadline runs from the fetch's start, a little before the request reaches the server.
      expect(heldMs).toBeGreaterThan(TIMEOUT_MS / 2);
      expect(heldMs).toBeLessThan(TIMEOUT_MS + 1_000);
    }
  });

  it('holds one slot at a time on the slow host while the fast host keeps crawling', () => {
    expect(slow.peakInFlight).toBe(1);
    const during = fast.requests.filter((f) => slow.requests.some((s) => f.arrivedAtPerfMs > s.arrivedAtPerfMs && f.arrivedAtPerfMs < s.closedAtPerfMs!));
    // The crawl has two slots in all and the slow host holds one for ~1 s at a time: the fast host's pages
    // keep arriving through the other. (How many fall in those windows depends on the machine's load.)
    expect(during.length).toBeGreaterThanOrEqual(1);
    expect(result.summary.ledger.byHost[fast.hostKey]).toMatchObject({ succeeded: FAST_PAGES, failed: 0 });
  });
});
