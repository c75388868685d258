// A SitemapSpider started from robots.txt whose file redirects elsewhere (a CDN path, a versioned file): the file's Sitemap lines are still read, not the file refused as no sitemap.
import { SitemapSpider, type CrawlResponse, type PriceItem, type SpiderOutput } from 'pricecrawl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

class RobotsSitemapSpider extends SitemapSpider {
  readonly name = 'robots-sitemap';

  constructor(robotsUrl: string) {
    super();
    this.sitemapUrls = [robotsUrl];
  }

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const item: PriceItem = { sku: new URL(res.url).pathname, price: '9.99', currency: 'USD', url: res.url };
    yield item;
  }
}

describe('a SitemapSpider whose robots.txt redirects to another path', () => {
  const storage = tempStorageDir('sitemap-robots-redirect');
  let shop: FixtureServer;
  let result: TestCrawlResult;

  beforeAll(async () => {
    shop = await FixtureServer.start({ builtInRoutes: false });
    const text = (body: string, type = 'text/plain') => (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(200, { 'content-type': type }).end(body);
    shop.route('/robots.txt', (_req, res) => void res.writeHead(301, { location: '/static/robots-live.txt' }).end());
    // Relative, as many files write it: resolved against the file's own URL.
    shop.route('/static/robots-live.txt', text('User-agent: *\nDisallow: /private/\nSitemap: /sitemap.xml\n'));
    shop.route('/sitemap.xml', text(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${shop.url('/p/1')}</loc></url><url><loc>${shop.url('/private/2')}</loc></url></urlset>`, 'application/xml'));
    shop.route('/p/:n', text('<p>ok</p>', 'text/html'));
    result = await crawlInProcess(new RobotsSitemapSpider(shop.url('/robots.txt')), storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0 },
      pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
    });
  }, 30_000);
  afterAll(async () => {
    await shop.close();
    storage.cleanup();
  });

  it('reads the Sitemap lines of the file the redirect led to and crawls what they list and the file allows', () => {
    expect(result.summary.ledger.failedByReason ?? {}).not.toHaveProperty('sitemap/invalid');
    expect(result.items.map((item) => item.sku)).toEqual(['/p/1']);
    expect(shop.requests.map((r) => r.path)).not.toContain('/private/2');
  });
});
