// Whole crawls against robots.txt as servers serve it on a bad day: an error or a timeout then the file, a login page, a sitemap start.
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenericStructuredSpider } from '../../spiders/generic-structured';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const FILE = 'User-agent: *\nDisallow: /private/\n';
const pagesOf = (server: FixtureServer) => server.requests.map((r) => r.url).filter((url) => url !== '/robots.txt');

function page(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>page</body></html>');
}

/** Answers robots.txt with `first` once, then with the file. */
function onceThenFile(first: (res: ServerResponse) => void): (req: unknown, res: ServerResponse) => void {
  let answered = 0;
  return (_req, res) => (answered++ === 0 ? first(res) : void res.writeHead(200, { 'content-type': 'text/plain' }).end(FILE));
}

describe('a crawl whose robots.txt fails once, times out once, is behind a login gate, or shuts us out in a list', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('robots-serving');

  beforeAll(async () => {
    servers = await startFixtureServers(5, { builtInRoutes: false });
    const [serverError, tooMany, login, listing, timedOut] = servers;
    serverError.route('/robots.txt', onceThenFile((res) => void res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>')));
    // 429 without Retry-After: the server is the problem, not the file (never "no file", which would allow all).
    tooMany.route('/robots.txt', onceThenFile((res) => void res.writeHead(429, { 'content-type': 'text/plain' }).end('Too Many Requests')));
    // robots.txt sends a visitor to a login gate that names the file as the page to return to: a wall, not the
    // file (block detection's return-parameter rule), so the file is unreachable and no page is fetched.
    login.route('/robots.txt', (_req, res) => void res.writeHead(302, { location: '/login?next=%2Frobots.txt' }).end());
    login.route('/login', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><form method="post"><input name="user"></form></html>'));
    // Our name third on a line of crawlers the shop shuts out (RFC 9309 reads only the first).
    listing.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /cart/\n\nUser-agent: SemrushBot, AhrefsBot, PriceCrawl\nDisallow: /\n'));
    // 408: the server gave up waiting for our request (a loaded proxy, Apache's mod_reqtimeout). It says nothing about
    // the file; read as "no robots.txt" (a 4xx) it allowed every page for a day.
    timedOut.route('/robots.txt', onceThenFile((res) => void res.writeHead(408, { 'content-type': 'text/html', connection: 'close' }).end('<h1>Request Timeout</h1>')));
    for (const server of servers) server.route('/:dir/:n', (_req, res) => page(res));
    const urls = servers.flatMap((server) => [server.url('/private/1'), server.url('/shop/1')]);
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0 },
      robots: { maxFetchAttempts: 3, refetchAfterMs: 20 },
      log: { statsIntervalMs: 0 },
    });
  }, 30_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('after a 500, a 429 or a 408, fetches the file again and obeys it: no page before it, none it disallows', () => {
    for (const server of [servers[0], servers[1], servers[4]]) {
      expect(server.requests.slice(0, 2).map((r) => r.url)).toEqual(['/robots.txt', '/robots.txt']);
      expect(pagesOf(server)).toEqual(['/shop/1']);
    }
  });

  it('reads a redirect to a login gate that will send us back to robots.txt as a wall: unreachable, no page fetched', () => {
    expect(new Set(pagesOf(servers[2]))).toEqual(new Set(['/login?next=%2Frobots.txt']));
  });

  it('fetches no page of a shop whose robots.txt lists us among the crawlers it shuts out', () => {
    expect(servers[3].requests.map((r) => r.url)).toEqual(['/robots.txt']);
  });

  it('accounts for every page', () => {
    expect(result.summary.ledger).toMatchObject({ planned: 10, succeeded: 3, failed: 7, pending: 0 });
    expect(result.summary.ledger.failedByReason).toEqual({ 'robots/disallowed': 5, 'robots/unavailable': 2 });
  });
});

describe('a crawl started from a sitemap', () => {
  it('reads the sitemaps the file allows once each, an index that lists itself included, and judges every page they list', async () => {
    const [shop, other] = await startFixtureServers(2, { builtInRoutes: false });
    const storage = tempStorageDir('robots-sitemap');
    try {
      shop.route('/robots.txt', (_req, res) => void res.writeHead(200).end(`User-agent: *\nDisallow: /p/secret\nDisallow: /*.xml$\nAllow: /sitemap_index.xml$\nSitemap: ${shop.url('/sitemap_index.xml')}\n`));
      const index = (locs: string[]) => `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`).join('')}</sitemapindex>`;
      const urlset = (locs: string[]) => `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((loc) => `<url><loc>${loc}</loc></url>`).join('')}</urlset>`;
      shop.route('/sitemap_index.xml', (_req, res) => void res.writeHead(200, { 'content-type': 'application/xml' }).end(index([shop.url('/sitemap_index.xml'), shop.url('/s1.xml.gz'), shop.url('/s2.xml'), other.url('/s3.xml.gz')])));
      shop.route('/s1.xml.gz', (_req, res) => void res.writeHead(200, { 'content-type': 'application/x-gzip' }).end(gzipSync(urlset([shop.url('/p/1'), shop.url('/p/secret'), shop.url('/p/1'), `${shop.url('/p/2')}#reviews`]))));
      shop.route('/s2.xml', (_req, res) => void res.writeHead(200, { 'content-type': 'application/xml' }).end(urlset([shop.url('/p/3')])));
      for (const server of [shop, other]) server.route('/p/:sku', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><p class="price">9,99 €</p></body></html>'));
      const result = await crawlInProcess(new GenericStructuredSpider({ sitemap: shop.url('/sitemap_index.xml'), currency: 'EUR' }), storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { statsIntervalMs: 0 } });
      // /s2.xml is disallowed (`/*.xml$`), the .gz sitemap is not; the other host is not this spider's.
      expect(pagesOf(shop).sort()).toEqual(['/p/1', '/p/2', '/s1.xml.gz', '/sitemap_index.xml']);
      expect(other.requests).toEqual([]);
      expect(result.summary.ledger.failedByReason).toEqual({ 'robots/disallowed': 2, offsite: 1 });
    } finally {
      await closeFixtureServers([shop, other]);
      storage.cleanup();
    }
  });
});
