// A browser page whose URL redirects on its own host (301 → 302 → 200): each hop waits for the host's slot, measured at the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_ANCHOR_SLACK_MS, longestPossibleGapsMs } from '../support/arrival-gaps';
import { FixtureServer } from '../support/fixture-server';
import { BrowserUrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const INTERVAL_MS = 600;

describe('a browser crawl of pages whose URLs redirect on their own host', () => {
  let server: FixtureServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('browser-redirect-hop-slots');

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/robots.txt', (_req, res) => void res.writeHead(404).end());
    server.route('/old/:n', (_req, res, { params }) => void res.writeHead(301, { location: `/moved/${params.n}` }).end());
    server.route('/moved/:n', (_req, res, { params }) => void res.writeHead(302, { location: `/p/${params.n}` }).end());
    server.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><p class="price">9.99</p></body></html>'));
    const settings = { politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0 }, retry: { maxAttempts: 1 }, log: { statsIntervalMs: 0 } };
    const urls = [server.url('/old/1'), server.url('/old/2')];
    result = await crawlInProcess(new BrowserUrlListSpider(urls, [new URL(server.url('/')).host]), storage.dir, settings);
  }, 120_000);
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('sends the host no two requests closer than its interval, each redirect hop included', () => {
    // Before, Chromium followed each 3xx at once: /moved/ and /p/ came a few ms after the URL that redirected there.
    const arrivals = [...server.requests].sort((a, b) => a.arrivedAtPerfMs - b.arrivedAtPerfMs);
    expect(arrivals.filter((r) => r.path.startsWith('/p/'))).toHaveLength(2);
    const short = longestPossibleGapsMs(arrivals)
      .map((gapMs, i) => ({ gapMs: Math.round(gapMs), to: arrivals[i + 1].path }))
      .filter(({ gapMs }) => gapMs < INTERVAL_MS - BROWSER_ANCHOR_SLACK_MS);
    expect(short).toEqual([]);
  });

  it('crawls each page it was redirected to', () => {
    expect(result.summary.ledger).toMatchObject({ planned: 2, succeeded: 2, failed: 0, pending: 0 });
  });
});
