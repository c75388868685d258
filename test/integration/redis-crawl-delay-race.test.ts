// A pick answered by Redis before robots.txt's Crawl-delay was in force there: its page still waits the Crawl-delay after the file, measured at the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import type { FixtureServer } from '../support/fixture-server';
import { startLeaseReplyHolder, type LeaseReplyHolder } from '../support/lease-reply-holder';
import { productHtml, startListingShop } from '../support/listing-shop';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const CRAWL_DELAY_MS = 250;
const PRODUCTS = 3;

/**
 * CI saw a run's first page reach the server 56 ms after its robots.txt (Crawl-delay 0.25, configured interval
 * 10 ms, two workers on one Redis frontier): a pick on its way to Redis when the file's Crawl-delay was put in
 * force there came back with a slot reserved under 10 ms, and the page, its robots now known, went out in it.
 * Made certain here, with sync points and no sleeps: the robots.txt route holds its answer until Redis has
 * answered a pick with the listing's lease, and that answer is held on its way back to the worker until the
 * worker (having read the file) sends the Crawl-delay to the gate.
 */
/**
 * At a concurrency of two, a second start page waits for the file too: once the held lease's page went (late,
 * as it must), the host's next opening was counted from that send with the 10 ms the slot was reserved under,
 * not the Crawl-delay, and the second page could follow it that soon (the first page's answer, which a
 * Crawl-delay also counts from, is held here until the next arrival, so only the send's count spaces them).
 */
describe.each([
  ['one start page, one request at a time', ['/list'], 1],
  ['two start pages, two requests at a time', ['/list', '/p/0'], 2],
])('a lease picked before the Crawl-delay was in force (Redis frontier): %s', (_label, startPaths, maxConcurrencyPerHost) => {
  const storage = tempStorageDir('redis-crawl-delay-race');
  let redis: RedisTestServer;
  let holder: LeaseReplyHolder;
  let shop: FixtureServer;
  let result: TestCrawlResult;
  let leaseWasHeld = false;

  beforeAll(async () => {
    redis = await startRedisServer();
    holder = await startLeaseReplyHolder(redis.port);
    const firstPage = 2; // robots.txt is the first arrival
    const answerPage = (send: () => void) => {
      if (maxConcurrencyPerHost > 1 && shop.requestCount === firstPage) void shop.waitForRequests(firstPage + 1).then(send);
      else send();
    };
    shop = await startListingShop(PRODUCTS, answerPage);
    shop.route('/robots.txt', (_req, res) => {
      // The listing was deferred while the file is read; its next pick's lease is held, then the file answered.
      void holder.holdNextLease(shop.url('/').replace(/\/$/, '')).then(() => {
        leaseWasHeld = true;
        res.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nCrawl-delay: ${CRAWL_DELAY_MS / 1000}\n`);
      });
    });
    shop.route('/p/:n', (_req, res, ctx) => answerPage(() => productHtml(res, ctx.params.n)));
    result = await crawlInProcess(new CatalogSpider({ startUrls: startPaths.map((path) => shop.url(path)).join(',') }), storage.dir, {
      frontier: { url: holder.url, pollMs: 20 },
      // The configured interval is far below the Crawl-delay: only the gate's floor can space the host.
      politeness: { minIntervalMs: 10, jitterMs: 0, maxConcurrencyPerHost },
      pipeline: { batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
    });
  }, 60_000);
  afterAll(async () => {
    await holder.close();
    await shop.close();
    await redis.stop();
    storage.cleanup();
  });

  it('the race took place: the lease was held and went on after the worker told the gate the Crawl-delay', async () => {
    expect(leaseWasHeld).toBe(true);
    await holder.released();
    expect(result.summary).toMatchObject({ status: 'finished', balanced: true });
    expect(result.summary.ledger).toMatchObject({ planned: 1 + PRODUCTS, succeeded: 1 + PRODUCTS, failed: 0 });
  });

  it('every arrival at the host, the first page after robots.txt included, comes a Crawl-delay after the one before', () => {
    const seen = JSON.stringify(shop.requests.map((r) => [r.path, r.arrivedAtPerfMs.toFixed(1), r.stampSlackMs.toFixed(1)]));
    expect(shop.requests[0].path, seen).toBe('/robots.txt');
    const gaps = longestPossibleGapsMs(shop.requests);
    expect(gaps, seen).toHaveLength(1 + PRODUCTS);
    expect(Math.min(...gaps), seen).toBeGreaterThanOrEqual(CRAWL_DELAY_MS);
  });
});
