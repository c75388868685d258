// A shop whose www. page redirects to img. (one host key under `hostKey: domain`), crawled through one loopback server acting as the proxy and every host.
import { FixtureServer } from './fixture-server';
import { UrlListSpider } from './spiders/url-list-spider';
import { crawlInProcess, type TestCrawlResult } from './test-crawl';

export interface RedirectTargetCrawl {
  shop: FixtureServer;
  result: TestCrawlResult;
}

/**
 * Crawls `http://www.shop.test/go/1`, which answers 301 to `http://img.shop.test/p/1`, at `intervalMs` under
 * one host key, the host's pages fetched as `fetchMode` says: img.'s robots.txt is not known when the hop comes.
 * The server is the crawl's forward proxy (Chromium's too), so the names need no DNS.
 */
export async function crawlRedirectTargetShop(storageDir: string, intervalMs: number, fetchMode: 'http' | 'browser'): Promise<RedirectTargetCrawl> {
  const shop = await FixtureServer.start({ builtInRoutes: false });
  shop.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n'));
  // www. sends its product pages to img. (hostKey: domain keeps both under shop.test), as http:// sends them to https://.
  shop.route('/go/:n', (req, res) => void res.writeHead(301, { location: `http://img.shop.test/p/${req.url!.split('/').pop()}` }).end());
  shop.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'));
  const result = await crawlInProcess(new UrlListSpider(['http://www.shop.test/go/1']), storageDir, {
    politeness: { hostKey: 'domain', minIntervalMs: intervalMs, jitterMs: 0, hosts: { 'shop.test': { fetchMode } } },
    sessions: { proxyUrls: [shop.origin] },
    pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
    log: { statsIntervalMs: 0 },
  });
  return { shop, result };
}
