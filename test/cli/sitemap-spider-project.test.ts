// Scrapy's SitemapSpider in a team project: sitemaps found through robots.txt, an index whose children are
// followed by pattern, urlset entries routed to callbacks by rules, lastmod filtering in sitemapFilter, and a
// "sitemap" that is an HTML page failing its request as sitemap/invalid (the run not clean), not as the team's bug.
// Before, no SitemapSpider (nor a sitemap reader) was exported: every team parsed the XML by hand.
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { shopProject } from '../support/shop-project';

const send = (type: string, body: string | Buffer) => (_req: unknown, res: { writeHead(status: number, headers: Record<string, string>): { end(body: string | Buffer): void } }) =>
  void res.writeHead(200, { 'content-type': type }).end(body);

const urlset = (entries: Array<[loc: string, lastmod?: string]>) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries
    .map(([loc, lastmod]) => `<url><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`)
    .join('')}</urlset>`;

const SITEMAP_SPIDER = (origin: string, callback = 'parseProduct') => `
import { SitemapSpider } from 'pricecrawl';
export class MapSpider extends SitemapSpider {
  name = 'map';
  allowedDomains = ['${new URL(origin).host}'];
  sitemapUrls = ['${origin}/robots.txt'];
  sitemapRules = [{ allow: '/p/\\\\d+$', callback: '${callback}' }, { allow: '/c/', callback: 'parseCategory' }];
  sitemapFollow = ['/sitemap-products'];
  sitemapFilter(entries) {
    return entries.filter((entry) => !entry.lastmod || entry.lastmod >= '2026-01-01');
  }
  async *parseProduct(res) {
    yield { sku: new URL(res.url).pathname, price: res.$('.price').text(), currency: 'USD', url: res.url, fromSitemap: res.request.meta.sitemap };
  }
  async *parseCategory(res) {
    this.logger.info({ url: res.url }, 'category');
  }
}
`;

describe('SitemapSpider', { timeout: 120_000 }, () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await FixtureServer.start();
    const at = (path: string) => server.url(path);
    server.route('/robots.txt', send('text/plain', `User-agent: *\nDisallow: /private/\nSitemap: ${at('/sitemap_index.xml')}\n`));
    server.route('/sitemap_index.xml', send('application/xml', `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${at('/sitemap-products.xml.gz')}</loc></sitemap><sitemap><loc>${at('/sitemap-blog.xml')}</loc></sitemap><sitemap><loc>${at('/sitemap-products-wall.xml')}</loc></sitemap></sitemapindex>`));
    server.route('/sitemap-products.xml.gz', send('application/gzip', gzipSync(urlset([[at('/p/1'), '2026-03-01'], [at('/p/2')], [at('/p/3'), '2025-06-01'], [at('/c/tools')], [at('/about')], [at('/private/p/4')]]))));
    server.route('/sitemap-blog.xml', send('application/xml', urlset([[at('/blog/1')]])));
    // The shop's home page at 200 in a retired sitemap's place (a challenge page would be a block, retried as one).
    server.route('/sitemap-products-wall.xml', send('text/html', '<!DOCTYPE html><html><head><title>Tool shop</title></head><body><h1>Welcome</h1></body></html>'));
    server.route('/p/:n', send('text/html', '<span class="price">$19.99</span>'));
    server.route('/c/:name', send('text/html', '<a href="/p/9">9</a>'));
  });
  afterAll(async () => {
    await server.close();
  });

  it('finds the sitemaps through robots.txt, follows the index by pattern, routes entries by rule, filters by lastmod', async () => {
    const project = shopProject(server, { robots: { obey: true } }, { 'spiders/map.mjs': SITEMAP_SPIDER(server.origin) });
    try {
      const before = server.requests.length;
      const run = await cli(['crawl', 'map', '-O', 'items.jsonl', '-s', 'log.format=json'], { cwd: project.root });
      const fetched = new Set(server.requests.slice(before).map((r) => r.url));
      // /sitemap-blog.xml is not followed (sitemapFollow), /p/3 is older than the filter keeps, /about matches no
      // rule, /private/ is disallowed by robots.txt; /c/tools goes to its own callback.
      expect([...fetched].sort()).toEqual(['/c/tools', '/p/1', '/p/2', '/robots.txt', '/sitemap-products-wall.xml', '/sitemap-products.xml.gz', '/sitemap_index.xml']);
      const items = readFileSync(`${project.root}/items.jsonl`, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { sku: string; fromSitemap: string });
      expect(items.map((item) => [item.sku, item.fromSitemap]).sort()).toEqual([['/p/1', server.url('/sitemap-products.xml.gz')], ['/p/2', server.url('/sitemap-products.xml.gz')]]);
      // The wall page in the sitemap's place is the site's answer, not the team's bug: no code error (4 says
      // "fix your code"), but the run is not clean either, since a part of the shop went unread.
      expect(run.stdout).toContain('sitemap/invalid');
      expect(run.stdout).not.toContain('callback/error');
      expect(run.code, run.stderr).toBe(4);
    } finally {
      project.cleanup();
    }
  });

  it('refuses a rule whose callback is no method before any request, naming the one meant', async () => {
    const project = shopProject(server, {}, { 'spiders/map.mjs': SITEMAP_SPIDER(server.origin, 'parseProdcut') });
    try {
      const before = server.requests.length;
      const run = await cli(['crawl', 'map'], { cwd: project.root });
      expect(run.stderr).toContain('spider "map" has no callback "parseProdcut"; did you mean "parseProduct"?');
      expect(run.code).toBe(2);
      expect(server.requests.length).toBe(before);
    } finally {
      project.cleanup();
    }
  });
});
