// robots.txt whose cache TTL is shorter than its host's interval, measured at the server: the file is read again in the host's slots, and the pages still come.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const INTERVAL_MS = 400;
const ROBOTS_TTL_MS = 100;
const PAGES = 4;

describe('a robots.txt that runs out sooner than its host\'s interval', () => {
  const storage = tempStorageDir('robots-ttl-under-interval');
  let server: FixtureServer;
  let result: TestCrawlResult;

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n'));
    server.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'));
    const urls = Array.from({ length: PAGES }, (_, n) => server.url(`/p/${n}`));
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0 },
      robots: { cacheTtlMs: ROBOTS_TTL_MS },
      log: { statsIntervalMs: 0 },
    });
  }, 60_000);
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('stores every page', () => {
    // Before: the file, read in a page's slot, had run out when that page's own slot came; read again there, and
    // so on: robots.txt once an interval and never a page.
    expect(result.summary.ledger).toMatchObject({ planned: PAGES, succeeded: PAGES, failed: 0, pending: 0 });
  });

  it('reads the file again once per page at most, and sends the host nothing closer than its interval, robots.txt included', () => {
    expect(server.requestsTo('/robots.txt').length).toBeLessThanOrEqual(PAGES);
    for (const gap of longestPossibleGapsMs(server.requests)) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS);
  });
});
