// A run stopped and resumed at once keeps the interval the adaptive throttle had slowed a host to, from the resume's first pick on: measured at the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { FixtureServer } from '../support/fixture-server';
import { frontierBackends } from '../support/frontier-backends';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const CONFIGURED_MS = 200;
/** One slow answer takes the host from the configured interval straight to this ceiling. */
const THROTTLED_MS = 1_600;
const ANSWER_AFTER_MS = 300;
const PAGES = 6;
const frontiers = frontierBackends();
afterAll(() => frontiers.stop());

describe.each(frontiers.backends)('a run whose host the throttle slowed, stopped and resumed at once (%s frontier)', (name, frontier) => {
  const storage = tempStorageDir(`resume-throttle-${name}`);
  let shop: FixtureServer;
  let resumed: TestCrawlResult;

  beforeAll(async () => {
    shop = await FixtureServer.start({ builtInRoutes: false });
    // Every answer is slower than the throttle's target latency: it asks for the ceiling and keeps it.
    shop.route('/p/:n', (_req, res, ctx) => ctx.later(ANSWER_AFTER_MS, () => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>')));
    const spider = () => new UrlListSpider(Array.from({ length: PAGES }, (_, n) => shop.url(`/p/${n}`)));
    const settings = {
      frontier: await frontier(),
      // Two at once: the resume's second page is picked before its first is answered.
      politeness: { minIntervalMs: CONFIGURED_MS, jitterMs: 0, maxConcurrencyPerHost: 2 },
      throttle: { adaptive: { enabled: true, targetLatencyMs: 100, increaseFactor: 8, maxIntervalMs: THROTTLED_MS } },
      robots: { obey: false },
      log: { statsIntervalMs: 0 },
    };
    // The third page is the first sent after a slow answer: the throttle is in force by then.
    await crawlInProcess(spider(), storage.dir, settings, { onEngine: (engine) => void shop.waitForRequests(3).then(() => engine.stop('test')) });
    resumed = await crawlInProcess(spider(), storage.dir, settings, { resume: true });
  }, 60_000);
  afterAll(async () => {
    await shop.close();
    storage.cleanup();
  });

  it("spaces every page after the throttle took hold by its interval, across the resume and the resume's own pages", () => {
    // The first two went before any answer, at the configured interval; from the third on the throttle's.
    for (const gap of longestPossibleGapsMs(shop.requests).slice(1)) expect(gap).toBeGreaterThanOrEqual(THROTTLED_MS);
    expect(resumed.summary.ledger).toMatchObject({ planned: PAGES, succeeded: PAGES, failed: 0, pending: 0 });
  });
});
