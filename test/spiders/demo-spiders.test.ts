import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoShops, type RunningShop, type ShopGroup } from '../../demo/demo-shops';
import type { PriceItem } from '../../src/core/item';
import { Decimal } from '../../src/core/money';
import { CrawlRequest } from '../../src/core/request';
import { DemoJsonLdShopSpider } from '../../spiders/demo-jsonld-shop';
import { DemoLocaleShopSpider } from '../../spiders/demo-locale-shop';
import { DemoMicrodataShopSpider } from '../../spiders/demo-microdata-shop';
import { spiderRegistry } from '../../spiders/index';
import { demoSpiders } from '../support/demo-spider';
import { collect, runCallback } from './support/page-walker';

let demo: ShopGroup;
const shop = (kind: RunningShop['kind']) => demo.shops.find((s) => s.kind === kind) as RunningShop;

beforeAll(async () => {
  demo = await startDemoShops();
});
afterAll(async () => {
  await demo.close();
});

describe('spider registry', () => {
  it('registers every demo spider under its own name, and each shop names a registered spider', async () => {
    const registry = await demoSpiders();
    for (const [name, SpiderClass] of Object.entries(spiderRegistry)) expect(new SpiderClass().name).toBe(name);
    expect(registry.names()).toEqual(Object.keys(spiderRegistry).sort());
    for (const s of demo.shops) expect(registry.find(s.spider)).toBe(spiderRegistry[s.spider]);
  });

  it('explains an unknown name with the list of known spiders', async () => {
    const registry = await demoSpiders();
    expect(() => registry.find('nope')).toThrow(/no spider named "nope"; known spiders: demo-hostile, demo-hotel-rates, demo-js, demo-jsonld, demo-locale, demo-microdata, generic-structured/);
    expect(() => registry.find('toString')).toThrow(expect.objectContaining({ code: 'SPIDER_NOT_FOUND' }));
  });

  it('restricts each spider to its shop host and port, and needs baseUrl only to start', async () => {
    const spider = new DemoJsonLdShopSpider({ baseUrl: 'http://127.0.0.1:8081/anything' });
    expect(spider.allowedDomains).toEqual(['127.0.0.1:8081']);
    const bare = new DemoLocaleShopSpider();
    expect(bare.allowedDomains).toEqual([]);
    await expect(collect(bare.start())).rejects.toMatchObject({ code: 'SETTINGS_INVALID' });
    expect(() => new DemoMicrodataShopSpider({ baseUrl: 'not a url' })).toThrow(expect.objectContaining({ code: 'SETTINGS_INVALID' }));
  });
});

describe('demo-jsonld callbacks', () => {
  it('parse yields 24 product requests with typed meta and the next listing page', async () => {
    const s = shop('json-ld');
    const spider = new DemoJsonLdShopSpider({ baseUrl: s.origin });
    const [start] = (await collect(spider.start())).requests;
    expect(start.url).toBe(`${s.origin}/products`);
    const { requests, items } = await runCallback(spider, start);
    expect(items).toEqual([]);
    const products = requests.filter((r) => r.callback === 'parseProduct');
    expect(products.map((r) => r.url)).toEqual(s.expected.items.slice(0, 24).map((i) => i.url));
    expect(products[0].meta).toEqual({ listingPage: 1 });
    const next = requests.filter((r) => r.callback === 'parse');
    expect(next.map((r) => [r.url, r.meta])).toEqual([[`${s.origin}/products?page=2`, { page: 2 }]]);
  });

  it('parseProduct reads the exact JSON-LD price, currency and strikethrough price from plain, @graph, AggregateOffer and broken-block pages', async () => {
    const s = shop('json-ld');
    const spider = new DemoJsonLdShopSpider({ baseUrl: s.origin });
    // Indices 0, 1, 2 cover the three JSON-LD shapes; 4 also has a malformed block before the good one.
    for (const index of [0, 1, 2, 4]) {
      const expected = s.expected.items[index];
      const { items, requests } = await runCallback(spider, new CrawlRequest({ url: expected.url, callback: 'parseProduct', meta: { listingPage: 1 } }));
      expect(requests).toEqual([]);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ sku: expected.sku, name: expected.name, currency: 'USD', url: expected.url, listPrice: expected.listPrice });
      // An exact Decimal straight from the JSON-LD digits, never a JS number.
      expect(Decimal.isDecimal((items[0] as PriceItem).price)).toBe(true);
      expect(((items[0] as PriceItem).price as Decimal).eq(expected.price)).toBe(true);
    }
  });
});

describe('demo-microdata callbacks', () => {
  it('walks home → category → products and resolves the query-only next link', async () => {
    const s = shop('microdata');
    const spider = new DemoMicrodataShopSpider({ baseUrl: s.origin });
    const [start] = (await collect(spider.start())).requests;
    const home = await runCallback(spider, start);
    expect(home.requests.map((r) => [r.callback, r.url, r.meta])).toContainEqual(['parseCategory', `${s.origin}/c/garden`, { category: 'garden', page: 1 }]);
    expect(home.requests.every((r) => r.callback === 'parseCategory')).toBe(true);
    const garden = home.requests.find((r) => r.url.endsWith('/c/garden')) as CrawlRequest;
    const listing = await runCallback(spider, garden);
    const inGarden = s.expected.catalog.filter((p) => p.category === 'garden');
    expect(listing.requests.filter((r) => r.callback === 'parseProduct').map((r) => r.url)).toEqual(inGarden.slice(0, 12).map((p) => `${s.origin}/product/${p.slug}`));
    expect(listing.requests.filter((r) => r.callback === 'parseCategory').map((r) => [r.url, r.meta])).toEqual([[`${s.origin}/c/garden?page=2`, { category: 'garden', page: 2 }]]);
  });

  it('parseProduct reads the main product itemprop price (not a related product) with GBP', async () => {
    const s = shop('microdata');
    const spider = new DemoMicrodataShopSpider({ baseUrl: s.origin });
    for (const expected of s.expected.items.slice(0, 6)) {
      const { items } = await runCallback(spider, new CrawlRequest({ url: expected.url, callback: 'parseProduct', meta: { category: 'x' } }));
      expect(items).toEqual([expect.objectContaining({ sku: expected.sku, name: expected.name, price: new Decimal(expected.price), currency: 'GBP', category: 'x' })]);
    }
    const sale = s.expected.items.find((i) => i.listPrice) as (typeof s.expected.items)[number];
    const { items } = await runCallback(spider, new CrawlRequest({ url: sale.url, callback: 'parseProduct', meta: { category: 'x' } }));
    expect(items[0]).toMatchObject({ price: new Decimal(sale.price), listPrice: `£${sale.listPrice}` .replace(/\B(?=(\d{3})+\.)/g, ',') });
  });
});

describe('demo-locale callbacks', () => {
  it('parse resolves article links and the next page against <base href>', async () => {
    const s = shop('locale-text');
    const spider = new DemoLocaleShopSpider({ baseUrl: s.origin });
    const [start] = (await collect(spider.start())).requests;
    const { requests } = await runCallback(spider, start);
    const catalogUrls = s.expected.catalog.slice(0, 20).map((p) => `${s.origin}/shop/artikel/${p.sku.toLowerCase()}.html`);
    expect(requests.filter((r) => r.callback === 'parseProduct').map((r) => r.url)).toEqual(catalogUrls);
    expect(requests.filter((r) => r.callback === 'parse').map((r) => r.url)).toEqual([`${s.origin}/shop/liste/alle?seite=2`]);
  });

  it('parseProduct yields the German price text exactly, decoded from windows-1252, without a currency', async () => {
    const s = shop('locale-text');
    const spider = new DemoLocaleShopSpider({ baseUrl: s.origin });
    const samples = [s.expected.items.find((i) => /^\d{1,3}\.\d{3},/.test(i.priceText)), s.expected.items.find((i) => /^\d{1,3},/.test(i.priceText)), s.expected.items.find((i) => /[äöüß]/.test(i.name))];
    for (const expected of samples) {
      if (!expected) throw new Error('the demo catalog lacks a needed sample');
      const { response, items } = await runCallback(spider, new CrawlRequest({ url: expected.url, callback: 'parseProduct', meta: { listingPage: 1 } }));
      expect(response.encoding).toBe('windows-1252');
      expect(items).toEqual([expect.objectContaining({ sku: expected.sku, name: expected.name, price: expected.priceText })]);
      expect(expected.priceText).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} €$/);
      expect((items[0] as PriceItem).currency).toBeUndefined();
    }
  });

  it('a drift page still yields its item, with price null, for the pipeline to drop with a reason', async () => {
    const s = shop('locale-text');
    const spider = new DemoLocaleShopSpider({ baseUrl: s.origin });
    const drift = s.expected.drift[0];
    const { items } = await runCallback(spider, new CrawlRequest({ url: drift.url, callback: 'parseProduct', meta: { listingPage: 1 } }));
    expect(items).toEqual([expect.objectContaining({ sku: drift.sku, price: null })]);
  });
});
