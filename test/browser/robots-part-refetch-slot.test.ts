// Real Chromium: an API origin's robots.txt read again for a browser page's part goes in a slot of the API's host, measured at the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { FixtureServer, type RecordedRequest } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const API_INTERVAL_MS = 1_000;
/**
 * The file runs out half-way between two of the API host's pages (it is read in a slot of that host, and its
 * pages follow an interval apart), so a shop page's part meets it due before the API's next page is sent.
 */
const ROBOTS_TTL_MS = 1_500;
const SHOP_PAGES = 12;
const API_PAGES = 8;

/** A shop page whose script asks the API's origin for its price, as shops load prices from an API host. */
const PAGE = (n: string) => `<!doctype html><p class="price">…</p><script>
fetch('http://api.shop.test/price/${n}').then((r) => r.text(), () => 'none').then((t) => { document.querySelector('.price').textContent = t; });
</script>`;

describe('a browser page whose part meets its API origin\'s robots.txt run out', () => {
  const storage = tempStorageDir('robots-part-refetch-slot');
  let server: FixtureServer;
  let result: TestCrawlResult;

  beforeAll(async () => {
    // One loopback server is the crawl's forward proxy (Chromium's too) and both hosts: no DNS.
    server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n'));
    server.route('/p/:n', (_req, res, { params }) => void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE(params.n)));
    server.route('/price/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('9.99'));
    server.route('/item/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'));
    const shopPages = Array.from({ length: SHOP_PAGES }, (_, i) => `http://www.shop.test/p/${i + 1}`);
    const apiPages = Array.from({ length: API_PAGES }, (_, i) => `http://api.shop.test/item/${i + 1}`);
    result = await crawlInProcess(new UrlListSpider([...apiPages, ...shopPages]), storage.dir, {
      politeness: {
        minIntervalMs: 200,
        jitterMs: 0,
        hosts: { 'www.shop.test': { fetchMode: 'browser' }, 'api.shop.test': { minIntervalMs: API_INTERVAL_MS } },
      },
      robots: { cacheTtlMs: ROBOTS_TTL_MS },
      sessions: { proxyUrls: [server.origin] },
      pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
    });
  }, 90_000);
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  /** What the crawler itself sent the API's host (its pages and robots.txt; the page's parts are Chromium's, capped per page). */
  const crawlerSends = (): RecordedRequest[] => server.requests.filter((r) => r.headers.host === 'api.shop.test' && !r.path.startsWith('/price/'));

  it("reads the API's file again more than once, each time in a slot of the API's host", () => {
    const sends = crawlerSends();
    expect(sends.filter((r) => r.path === '/robots.txt').length).toBeGreaterThan(1);
    // Before: the part's check sent robots.txt at once, 560 and 680 ms after the API host's last page at 1 s.
    const gaps = longestPossibleGapsMs(sends);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(API_INTERVAL_MS);
  });

  it('crawls every page', () => {
    expect(result.summary.ledger).toMatchObject({ planned: SHOP_PAGES + API_PAGES, succeeded: SHOP_PAGES + API_PAGES, failed: 0, pending: 0 });
  });
});
