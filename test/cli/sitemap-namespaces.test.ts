// Sitemaps as shops' generators write them: the protocol's namespace under a prefix (<sm:urlset xmlns:sm="…">),
// image, video and hreflang extensions beside the page's own elements, and one whose transfer ends before its
// root element (a connection closed early: the next answer is whole). Before, the prefixed sitemaps failed
// as sitemap/invalid ("the document's root is <sm:urlset>"), the shop unread, and the cut one failed for good
// as sitemap/invalid, never tried again.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { shopProject } from '../support/shop-project';

type Res = { writeHead(status: number, headers: Record<string, string>): { end(body: string): void } };
const send = (type: string, body: string) => (_req: unknown, res: Res) => void res.writeHead(200, { 'content-type': type }).end(body);

const SM = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const SPIDER = (origin: string, robots: string) => `
import { SitemapSpider } from 'pricecrawl';
export class MapSpider extends SitemapSpider {
  name = 'map';
  allowedDomains = ['${new URL(origin).host}'];
  sitemapUrls = ['${origin}${robots}'];
  sitemapRules = [{ allow: '/p/', callback: 'parseProduct' }];
  async *parseProduct(res) {
    yield { sku: new URL(res.url).pathname, price: res.$('.price').text(), currency: 'EUR', url: res.url };
  }
}
`;

describe('sitemaps with prefixes and extensions, and one cut before its root', { timeout: 120_000 }, () => {
  let server: FixtureServer;
  let cutAnswers = 0;
  beforeAll(async () => {
    server = await FixtureServer.start();
    const at = (path: string) => server.url(path);
    server.route('/robots.txt', send('text/plain', `User-agent: *\nSitemap: ${at('/sitemap_index.xml')}\n`));
    server.route('/sitemap_index.xml', send('application/xml', `<?xml version="1.0" encoding="UTF-8"?>
<sm:sitemapindex xmlns:sm="${SM}"><sm:sitemap><sm:loc>${at('/sitemap-products.xml')}</sm:loc></sm:sitemap></sm:sitemapindex>`));
    // The image's and video's own <loc>s sit in their namespaces: no page of the shop's.
    server.route('/sitemap-products.xml', send('application/xml', `<?xml version="1.0" encoding="UTF-8"?>
<sm:urlset xmlns:sm="${SM}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns="http://www.google.com/schemas/sitemap-video/1.1">
  <sm:url><sm:loc>${at('/p/1')}</sm:loc><sm:lastmod>2026-03-01</sm:lastmod><image:image><image:loc>${at('/img/1.jpg')}</image:loc></image:image><xhtml:link rel="alternate" hreflang="de" href="${at('/de/p/1')}"/></sm:url>
  <sm:url><sm:loc>${at('/p/2')}</sm:loc><loc>${at('/p/video-of-2')}</loc></sm:url>
</sm:urlset>`));
    // Its first answer has no length and no chunks, so only the close ends it; it closes after the declaration.
    server.route('/sitemap-cut.xml', (_req, res) => {
      cutAnswers += 1;
      if (cutAnswers === 1) return void res.socket?.end('HTTP/1.1 200 OK\r\ncontent-type: application/xml\r\nconnection: close\r\n\r\n<?xml version="1.0" encoding="UTF-8"?>\n<url');
      send('application/xml', `<urlset xmlns="${SM}"><url><loc>${at('/p/3')}</loc></url></urlset>`)(_req, res as unknown as Res);
    });
    server.route('/p/:n', send('text/html', '<span class="price">19,99 €</span>'));
  });
  afterAll(async () => {
    await server.close();
  });

  it('reads a prefixed sitemap index and urlset, taking only the sitemap\'s own <loc>s', async () => {
    const project = shopProject(server, {}, { 'spiders/map.mjs': SPIDER(server.origin, '/robots.txt') });
    try {
      const before = server.requests.length;
      const run = await cli(['crawl', 'map', '-O', 'items.jsonl'], { cwd: project.root });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const fetched = server.requests.slice(before).map((r) => r.path).sort();
      expect(fetched).toEqual(['/p/1', '/p/2', '/robots.txt', '/sitemap-products.xml', '/sitemap_index.xml']);
      const skus = readFileSync(`${project.root}/items.jsonl`, 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { sku: string }).sku);
      expect(skus.sort()).toEqual(['/p/1', '/p/2']);
    } finally {
      project.cleanup();
    }
  });

  it('tries a sitemap cut before its root again, as a cut transfer, and reads the whole one', async () => {
    const project = shopProject(server, { retry: { backoffBaseMs: 1, backoffCapMs: 1 } }, { 'spiders/map.mjs': SPIDER(server.origin, '/sitemap-cut.xml') });
    try {
      const run = await cli(['crawl', 'map', '-O', 'items.jsonl', '-s', 'log.format=json'], { cwd: project.root });
      expect(run.stdout + run.stderr).toContain('its sitemap was cut short');
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(cutAnswers).toBe(2);
      expect(readFileSync(`${project.root}/items.jsonl`, 'utf8')).toContain('/p/3');
    } finally {
      project.cleanup();
    }
  });
});
