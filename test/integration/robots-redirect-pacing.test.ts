// robots.txt that redirects on its own host: every hop of the file is spaced by the host's interval, measured at the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const INTERVAL_MS = 300;
const PAGES = 3;

describe('a crawl whose robots.txt redirects twice on the same host', () => {
  const storage = tempStorageDir('robots-redirect-pacing');
  let shop: FixtureServer;
  let result: TestCrawlResult;

  beforeAll(async () => {
    shop = await FixtureServer.start({ builtInRoutes: false });
    // A moved file, then a trailing-slash style hop: three sends before the rules are known.
    shop.route('/robots.txt', (_req, res) => void res.writeHead(301, { location: '/robots-moved.txt' }).end());
    shop.route('/robots-moved.txt', (_req, res) => void res.writeHead(302, { location: '/static/robots.txt' }).end());
    shop.route('/static/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\n'));
    shop.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'));
    const urls = Array.from({ length: PAGES }, (_, n) => shop.url(`/p/${n}`));
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0 },
      pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
    });
  }, 30_000);
  afterAll(async () => {
    await shop.close();
    storage.cleanup();
  });

  it('sends each hop of the file no sooner than the interval after the one before, and the first page after the last', () => {
    expect(shop.requests.map((r) => r.path).slice(0, 4)).toEqual(['/robots.txt', '/robots-moved.txt', '/static/robots.txt', expect.stringMatching(/^\/p\//)]);
    // Before: the hops followed 54 ms after the first request at a 300 ms interval.
    for (const gap of longestPossibleGapsMs(shop.requests)) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS);
  });

  it('crawls every page under the rules it was redirected to', () => {
    expect(result.summary.ledger).toMatchObject({ planned: PAGES, succeeded: PAGES, failed: 0, pending: 0 });
  });
});
