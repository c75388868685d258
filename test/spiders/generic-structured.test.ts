// The generic structured-data spider crawls the demo JSON-LD shop from a listing and the microdata shop from its sitemap index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoShops, type RunningShop, type ShopGroup } from '../../demo/demo-shops';
import { GenericStructuredSpider } from '../../spiders/generic-structured';
import { demoSpider } from '../support/demo-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';
import { collect } from './support/page-walker';
import { FixtureServer } from '../support/fixture-server';

let demo: ShopGroup;
const storage = tempStorageDir('generic');
const shop = (kind: RunningShop['kind']) => demo.shops.find((s) => s.kind === kind) as RunningShop;
const FAST = { politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 }, pipeline: { batchMaxAgeMs: 20 } };

beforeAll(async () => {
  demo = await startDemoShops({ productCounts: { 'json-ld': 30, microdata: 20, 'locale-text': 1 } });
});
afterAll(async () => {
  await demo.close();
  storage.cleanup();
});

/** Every catalog product stored once with its exact price and currency, nothing else stored. */
async function expectAllProducts(s: RunningShop, args: Record<string, string>) {
  const result = await crawlInProcess(new (await demoSpider('generic-structured'))(args), storage.dir, FAST);
  expect(result.summary.status).toBe('finished');
  expect(result.summary.ledger.failed).toBe(0);
  const stored = new Map(result.items.map((item) => [item.sku, item]));
  expect(stored.size).toBe(result.items.length);
  expect([...stored.keys()].sort()).toEqual(s.expected.items.map((i) => i.sku).sort());
  for (const expected of s.expected.items) {
    const item = stored.get(expected.sku);
    expect([item?.price, item?.currency, item?.url], expected.sku).toEqual([expected.price, expected.currency, expected.url]);
    // The visible price agrees with the structured one on these shops: nothing to record.
    expect([item?.data.source, item?.data.priceCheck], expected.sku).toEqual(['structured', undefined]);
  }
  return result;
}

describe('generic-structured spider', () => {
  it('from a listing URL: follows priced product cards and rel="next", reads JSON-LD (plain, @graph, AggregateOffer)', async () => {
    const s = shop('json-ld');
    const result = await expectAllProducts(s, { urls: `${s.origin}/products` });
    // Two listing pages of 24 + 30 product pages, no footer or menu links followed.
    expect(result.summary.ledger.planned).toBe(2 + 30);
    const sale = s.expected.items.find((i) => i.listPrice);
    expect(sale).toBeDefined();
    expect(result.items.find((i) => i.sku === sale?.sku)?.data).toMatchObject({ listPrice: sale?.listPrice, structuredSources: { price: 'json-ld' } });
  });

  it('from a sitemap index with a gzip part: every product page, category pages yield nothing', async () => {
    const s = shop('microdata');
    const result = await expectAllProducts(s, { sitemap: `${s.origin}/sitemap_index.xml` });
    expect(result.items.every((item) => item.data.structuredSources && (item.data.structuredSources as Record<string, string>).price === 'microdata')).toBe(true);
  });

  it('is registered, stays on the hosts it was given, and explains missing or bad arguments', async () => {
    const spider = new GenericStructuredSpider({ urls: 'http://127.0.0.1:9001/a, http://127.0.0.1:9001/b', sitemap: 'http://127.0.0.1:9002/sitemap.xml' });
    expect(spider.allowedDomains).toEqual(['127.0.0.1:9001', '127.0.0.1:9002']);
    expect((await collect(spider.start())).requests.map((r) => [r.callback, r.url])).toEqual([
      ['parseSitemap', 'http://127.0.0.1:9002/sitemap.xml'],
      ['parse', 'http://127.0.0.1:9001/a'],
      ['parse', 'http://127.0.0.1:9001/b'],
    ]);
    await expect(collect(new GenericStructuredSpider().start())).rejects.toMatchObject({ code: 'SETTINGS_INVALID' });
    expect(() => new GenericStructuredSpider({ urls: 'shop.example/list' })).toThrow(expect.objectContaining({ code: 'SETTINGS_INVALID' }));
    expect(() => new GenericStructuredSpider({ sitemap: 'http://x.test/s.xml', maxDepth: '-1' })).toThrow(/maxDepth/);
  });

  it('records a product page that shows no price as price/not-found instead of yielding nothing', async () => {
    const server = await FixtureServer.start({ builtInRoutes: false });
    const dir = tempStorageDir('generic-no-price');
    try {
      const html = (body: string) => (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(200, { 'content-type': 'text/html' }).end(body);
      const product = { '@context': 'https://schema.org', '@type': 'Product', sku: 'K1', name: 'Kettle', offers: { '@type': 'Offer', price: '19.99', priceCurrency: 'EUR' } };
      server.route('/sitemap.xml', (_req, res) => {
        const locs = ['/p/1', '/p/2', '/p/3'].map((path) => `<url><loc>${server.url(path)}</loc></url>`).join('');
        res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs}</urlset>`);
      });
      server.route('/p/1', html(`<html><head><script type="application/ld+json">${JSON.stringify(product)}</script></head><body><h1>Kettle</h1><p>19,99 €</p></body></html>`));
      // A shell its JavaScript would fill, and a discontinued product sent to a home page without prices.
      server.route('/p/2', html('<html><head><title>Shop</title></head><body><div id="app"></div><script src="/app.js"></script></body></html>'));
      server.route('/p/3', (_req, res) => void res.writeHead(301, { location: '/' }).end());
      server.route('/', html('<html><head><title>Shop</title></head><body><h1>Welcome</h1><p>New season, new styles.</p></body></html>'));
      const result = await crawlInProcess(new GenericStructuredSpider({ sitemap: server.url('/sitemap.xml') }), dir.dir, { ...FAST, robots: { obey: false } });
      expect(result.items.map((item) => [item.sku, item.price])).toEqual([['K1', '19.99']]);
      expect(result.summary.items.dropped).toEqual({ 'price/not-found': 2 });
    } finally {
      await server.close();
      dir.cleanup();
    }
  });
});
