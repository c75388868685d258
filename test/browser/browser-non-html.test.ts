// A browser host's URLs that answer JSON, XML or plain text (its price API, its sitemap): the body is what the server sent, not Chromium's viewer of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';

const SENT: Record<string, [contentType: string, body: Buffer]> = {
  '/api/price/A1': ['application/json', Buffer.from('{"sku":"A1","price":"19.99","currency":"EUR"}')],
  '/sitemap.xml': ['application/xml', Buffer.from('<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://shop.example/p/1</loc></url></urlset>')],
  '/feed.txt': ['text/plain; charset=iso-8859-1', Buffer.from('Preis: 19,99 \xa4 f\xfcr A1', 'latin1')],
};

let shop: FixtureServer;
let fetcher: BrowserFetcher;

beforeAll(async () => {
  shop = await FixtureServer.start({ builtInRoutes: false });
  for (const [path, [contentType, body]] of Object.entries(SENT)) shop.route(path, (_req, res) => void res.writeHead(200, { 'content-type': contentType }).end(body));
  shop.route('/p/1', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<p class="price">9.99</p><script>document.querySelector('.price').textContent = '19.99'</script>`));
  fetcher = new BrowserFetcher({ ...settingsSchema.parse({}).browser, timeoutMs: 15_000 });
});
afterAll(async () => {
  await fetcher.close();
  await shop.close();
});

describe('a browser host answering something other than a page', () => {
  it('hands over the JSON the API sent, so res.json() reads it', async () => {
    const res = await fetcher.fetch(new CrawlRequest({ url: shop.url('/api/price/A1') }));
    // Before: '<html><head><meta name="color-scheme" ...><body><pre>{"sku":...}</pre><div class="json-formatter-container">', which res.json() refused.
    expect(res.body.equals(SENT['/api/price/A1']![1])).toBe(true);
    expect(res.json()).toEqual({ sku: 'A1', price: '19.99', currency: 'EUR' });
  });

  it("hands over the sitemap's XML, not Chromium's tree view of it", async () => {
    const res = await fetcher.fetch(new CrawlRequest({ url: shop.url('/sitemap.xml') }));
    expect(res.body.equals(SENT['/sitemap.xml']![1])).toBe(true);
    expect(res.$('loc').text()).toBe('https://shop.example/p/1');
  });

  it('gives plain text as its charset says, as over HTTP (in UTF-8: DevTools hands text back decoded)', async () => {
    const res = await fetcher.fetch(new CrawlRequest({ url: shop.url('/feed.txt') }));
    expect(res.text).toBe('Preis: 19,99 ¤ für A1');
    expect(res.body.equals(Buffer.from('Preis: 19,99 ¤ für A1', 'utf8'))).toBe(true);
  });

  it('still renders an HTML page: the price its script writes', async () => {
    const res = await fetcher.fetch(new CrawlRequest({ url: shop.url('/p/1') }));
    expect(res.$('.price').text()).toBe('19.99');
  });
});
