// A run stopped and resumed at once keeps each host's interval across the two processes' sends: measured at the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { FixtureServer } from '../support/fixture-server';
import { frontierBackends } from '../support/frontier-backends';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const INTERVAL_MS = 1_000;
const PAGES = 4;
const frontiers = frontierBackends();
afterAll(() => frontiers.stop());

// Redis held this before any change: each host's next slot (`next` of `g:<host>`) stays in the run.
describe.each(frontiers.backends)('a run stopped after its second page and resumed at once (%s frontier)', (name, frontier) => {
  const storage = tempStorageDir(`resume-interval-${name}`);
  let shop: FixtureServer;
  let stopped: TestCrawlResult;
  let resumed: TestCrawlResult;

  beforeAll(async () => {
    shop = await FixtureServer.start({ builtInRoutes: false });
    shop.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'));
    const spider = () => new UrlListSpider(Array.from({ length: PAGES }, (_, n) => shop.url(`/p/${n}`)));
    const settings = { frontier: await frontier(), politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0 }, robots: { obey: false }, log: { statsIntervalMs: 0 } };
    stopped = await crawlInProcess(spider(), storage.dir, settings, { onEngine: (engine) => void shop.waitForRequests(2).then(() => engine.stop('test')) });
    resumed = await crawlInProcess(spider(), storage.dir, settings, { resume: true });
  }, 30_000);
  afterAll(async () => {
    await shop.close();
    storage.cleanup();
  });

  it('sends the first page of the resume no sooner than the interval after the last of the stopped run', () => {
    expect(stopped.summary.ledger).toMatchObject({ planned: PAGES, succeeded: 2, pending: 2 });
    expect(shop.requests).toHaveLength(PAGES);
    // Before (embedded): the resumed process knew no send of the one before it; its first page came 390 ms after the last.
    for (const gap of longestPossibleGapsMs(shop.requests)) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS);
  });

  it('finishes the run with every page', () => {
    expect(resumed.summary.runId).toBe(stopped.summary.runId);
    expect(resumed.summary.ledger).toMatchObject({ planned: PAGES, succeeded: PAGES, failed: 0, pending: 0 });
  });
});
