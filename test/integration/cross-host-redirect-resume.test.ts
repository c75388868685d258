// A redirect to another host whose Crawl-delay keeps its slot past the fetch's patience goes on from that hop next try: the start URL is sent once.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const CRAWL_DELAY_MS = 600;
// Half of it (400 ms) is less than the Crawl-delay: while www.'s own pages keep its slots, the hop's is always too far off.
const TIMEOUT_MS = 800;
const WWW_PAGES = 6;

const text = (res: ServerResponse, status: number, body: string) => void res.writeHead(status, { 'content-type': 'text/plain' }).end(body);

describe('a shop whose apex redirects to www., which asks for a Crawl-delay longer than half the fetch timeout', () => {
  const storage = tempStorageDir('cross-host-redirect-resume');
  let server: FixtureServer;
  let result: TestCrawlResult;

  beforeAll(async () => {
    // One loopback server is the crawl's forward proxy and both hosts: no DNS.
    server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/robots.txt', (req, res) => text(res, 200, req.headers.host === 'www.shop.test' ? `User-agent: *\nCrawl-delay: ${CRAWL_DELAY_MS / 1000}\n` : 'User-agent: *\n'));
    server.route('/go/:n', (req, res) => void res.writeHead(301, { location: `http://www.shop.test/p/${req.url!.split('/').pop()}` }).end());
    server.route('/p/:n', (_req, res) => text(res, 200, 'price'));
    const www = Array.from({ length: WWW_PAGES }, (_, i) => `http://www.shop.test/p/${i + 10}`);
    result = await crawlInProcess(new UrlListSpider(['http://shop.test/go/1', ...www]), storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0 },
      http: { timeoutMs: TIMEOUT_MS },
      sessions: { proxyUrls: [server.origin] },
      log: { statsIntervalMs: 0 },
    });
  }, 60_000);
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('sends the start URL once and the hop in its turn at www.', () => {
    // Before: /go/1 went to the apex again on every try, once per www. slot its own pages took (7 times here).
    expect(server.requestsTo('/go/1')).toHaveLength(1);
    expect(server.requestsTo('/p/1')).toHaveLength(1);
    const www = server.requests.filter((r) => r.headers.host === 'www.shop.test' && r.path !== '/robots.txt');
    for (const gap of longestPossibleGapsMs(www)) expect(gap).toBeGreaterThanOrEqual(CRAWL_DELAY_MS);
  });

  it('crawls every page', () => {
    expect(result.summary.ledger).toMatchObject({ planned: 1 + WWW_PAGES, succeeded: 1 + WWW_PAGES, failed: 0, pending: 0 });
  });
});
