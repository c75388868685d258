// The demo JS shop crawled in real Chromium: the listing scrolled to its end, prices from the rendered DOM.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJsShop, type RunningShop, type ShopGroup } from '../../demo/demo-shops';
import { DemoJsShopSpider } from '../../spiders/demo-js-shop';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

let group: ShopGroup;
let shop: RunningShop;
const storage = tempStorageDir('js-shop');

beforeAll(async () => {
  group = await startJsShop({ productCounts: { 'js-rendered': 9 } });
  shop = group.shops[0];
});
afterAll(async () => {
  await group.close();
  storage.cleanup();
});

describe('demo-js spider in the browser', () => {
  it('extracts every JS-injected price exactly, scrolling the one listing page to the end of its API', async () => {
    const { summary, items } = await crawlInProcess(new DemoJsShopSpider({ baseUrl: shop.origin }), storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 3 } });
    expect(summary.status).toBe('finished');
    expect(summary.ledger).toMatchObject({ planned: shop.expected.pageCount, succeeded: shop.expected.pageCount, failed: 0 });
    const got = new Map(items.map((i) => [i.sku, i]));
    expect(got.size).toBe(shop.expected.items.length);
    for (const want of shop.expected.items) {
      const item = got.get(want.sku);
      expect(new Decimal(String(item?.price)).eq(want.price), `${want.sku}: ${String(item?.price)} vs ${want.price}`).toBe(true);
      expect(item?.currency).toBe(want.currency);
      expect(item?.url).toBe(want.url);
    }
    // Every page went through Chromium: the price API was called by the pages' own scripts.
    expect(summary.fetchModes).toEqual({ [`browser/${new URL(shop.origin).host}`]: shop.expected.pageCount });
    expect(shop.hits.filter((h) => h.path.startsWith('/api/price/'))).toHaveLength(9);
    // 9 products, 8 per API call: the listing's script was scrolled into calling its API twice.
    expect(shop.hits.filter((h) => h.path === '/')).toHaveLength(1);
    expect(shop.hits.filter((h) => h.path.startsWith('/api/products?'))).toHaveLength(2);
    // Images are blocked by default: the server never saw one.
    expect(shop.hits.filter((h) => h.path.startsWith('/img/'))).toEqual([]);
  }, 60_000);
});
