// A redirect to an origin whose robots.txt is not known yet: that file's fetch waits its host's interval like any send, measured at the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const INTERVAL_MS = 400;

describe('a crawl whose page redirects to another origin of the same host key', () => {
  const storage = tempStorageDir('robots-redirect-target-pacing');
  // One loopback server is the crawl's forward proxy and every shop host behind it: names need no DNS.
  let shop: FixtureServer;
  let result: TestCrawlResult;

  beforeAll(async () => {
    shop = await FixtureServer.start({ builtInRoutes: false });
    shop.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n'));
    // www. sends its product pages to img. (hostKey: domain keeps both under shop.test), as http:// sends them to https://.
    shop.route('/go/:n', (req, res) => void res.writeHead(301, { location: `http://img.shop.test/p/${req.url!.split('/').pop()}` }).end());
    shop.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'));
    result = await crawlInProcess(new UrlListSpider(['http://www.shop.test/go/1']), storage.dir, {
      politeness: { hostKey: 'domain', minIntervalMs: INTERVAL_MS, jitterMs: 0 },
      sessions: { proxyUrls: [shop.origin] },
      pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
    });
  }, 30_000);
  afterAll(async () => {
    await shop.close();
    storage.cleanup();
  });

  it("sends the target origin's robots.txt no sooner than the interval after the page that redirected", () => {
    expect(shop.requests.map((r) => `${r.headers.host}${r.path}`)).toEqual(['www.shop.test/robots.txt', 'www.shop.test/go/1', 'img.shop.test/robots.txt', 'img.shop.test/p/1']);
    // Before: img.'s robots.txt reached the server a few ms after www.'s answer at a 400 ms interval.
    for (const gap of longestPossibleGapsMs(shop.requests)) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS);
  });

  it('crawls the page it was redirected to', () => {
    expect(result.summary.ledger).toMatchObject({ planned: 1, succeeded: 1, failed: 0, pending: 0 });
  });
});
