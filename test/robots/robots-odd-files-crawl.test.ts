// Whole crawls against robots.txt files as real servers write and serve them: UTF-16 with no BOM, a Disallow that lost its colon, a cookie check.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** An ASP.NET handler with `Response.ContentEncoding = Encoding.Unicode`: UTF-16LE, no BOM, CRLF. */
const DOTNET_ROBOTS = Buffer.from('User-agent: *\r\nDisallow: /private/\r\nCrawl-delay: 0.05\r\n', 'utf16le');
/** A MediaWiki file whose Disallow lost its colon; the colon left is the path's own. */
const WIKI_ROBOTS = 'User-agent: *\nDisallow /wiki/Special:\nDisallow: /w/\n';

function page(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end('<html><body>page</body></html>');
}

describe('a crawl obeys robots.txt files written as real servers write them', () => {
  let dotnet: FixtureServer;
  let wiki: FixtureServer;

  beforeAll(async () => {
    [dotnet, wiki] = await startFixtureServers(2, { builtInRoutes: false });
    dotnet.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain; charset=utf-16' }).end(DOTNET_ROBOTS));
    wiki.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(WIKI_ROBOTS));
    for (const server of [dotnet, wiki]) server.route('/:dir/:name', (_req, res) => page(res));
  });
  afterAll(() => closeFixtureServers([dotnet, wiki]));

  it('fetches none of the pages either file disallows, and every page they allow', async () => {
    const storage = tempStorageDir('robots-odd-files');
    try {
      const urls = [dotnet.url('/private/1'), dotnet.url('/shop/1'), wiki.url('/wiki/Special:Search'), wiki.url('/wiki/Main'), wiki.url('/w/index')];
      const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { statsIntervalMs: 0 } });
      const fetched = (server: FixtureServer) => server.requests.map((r) => r.path).filter((path) => path !== '/robots.txt').sort();
      expect(fetched(dotnet)).toEqual(['/shop/1']);
      expect(fetched(wiki)).toEqual(['/wiki/Main']);
      expect(result.summary.ledger).toMatchObject({ planned: 5, succeeded: 2 });
      expect(result.summary.ledger.failedByReason['robots/disallowed']).toBe(3);
    } finally {
      storage.cleanup();
    }
  });

  it('with sessions off, passes the cookie check in front of robots.txt and obeys the file behind it', async () => {
    // testcookie-nginx-module's way: a cookie and a redirect to the same URL. Read as a redirect loop, the
    // check was "no robots.txt", and /private/1 was fetched.
    const [gated] = await startFixtureServers(1, { builtInRoutes: false });
    const storage = tempStorageDir('robots-cookie-check');
    try {
      gated.route('/robots.txt', (req, res) => {
        if ((req.headers.cookie ?? '').includes('checked=1')) res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n');
        else res.writeHead(302, { location: '/robots.txt', 'set-cookie': 'checked=1; Path=/' }).end();
      });
      gated.route('/:dir/:name', (_req, res) => page(res));
      const result = await crawlInProcess(new UrlListSpider([gated.url('/private/1'), gated.url('/shop/1')]), storage.dir, {
        sessions: { enabled: false },
        politeness: { minIntervalMs: 0, jitterMs: 0 },
        log: { statsIntervalMs: 0 },
      });
      expect(gated.requests.map((r) => r.path).filter((path) => path !== '/robots.txt')).toEqual(['/shop/1']);
      expect(result.summary.ledger.failedByReason['robots/disallowed']).toBe(1);
    } finally {
      storage.cleanup();
      await closeFixtureServers([gated]);
    }
  });

  it('obeys a group that names the crawler by a pattern (`User-agent: *bot`) beside the * group', async () => {
    // Written to shut out every bot: RFC 9309 and Google read `*bot` as naming nobody, and AcmePriceBot crawled the shop.
    const [shop] = await startFixtureServers(1, { builtInRoutes: false });
    const storage = tempStorageDir('robots-agent-pattern');
    try {
      shop.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *bot\nDisallow: /shop/\n\nUser-agent: *\nDisallow: /private/\n'));
      shop.route('/:dir/:name', (_req, res) => page(res));
      const result = await crawlInProcess(new UrlListSpider([shop.url('/private/1'), shop.url('/shop/1'), shop.url('/about/us')]), storage.dir, {
        http: { userAgent: 'AcmePriceBot/1.0 (+https://acme.example/bot)' },
        politeness: { minIntervalMs: 0, jitterMs: 0 },
        log: { statsIntervalMs: 0 },
      });
      expect(shop.requests.map((r) => r.path).filter((path) => path !== '/robots.txt')).toEqual(['/about/us']);
      expect(result.summary.ledger.failedByReason['robots/disallowed']).toBe(2);
    } finally {
      storage.cleanup();
      await closeFixtureServers([shop]);
    }
  });
});
