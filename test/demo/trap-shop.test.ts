// The trap shop: no structured data, every visible price trap; the generic spider with no per-shop selector stores every price and pricing field exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoShops, startTrapShop, type RunningShop, type ShopGroup } from '../../demo/demo-shops';
import { buildTrapCatalog, STRUCK_WAYS } from '../../demo/trap-catalog';
import { GenericStructuredSpider } from '../../spiders/generic-structured';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const COUNT = 60;
const storage = tempStorageDir('trap');
const FAST = { politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 }, pipeline: { batchMaxAgeMs: 20 } };
let traps: ShopGroup;
let shop: RunningShop;

beforeAll(async () => {
  traps = await startTrapShop({ productCounts: { trap: COUNT } });
  shop = traps.shops[0];
});
afterAll(async () => {
  await traps.close();
  storage.cleanup();
});

describe('trap shop', () => {
  it('serves every trap, each struck-price convention both before and after the current price, and no structured data', async () => {
    const catalog = buildTrapCatalog(0, COUNT);
    for (const way of STRUCK_WAYS) {
      const placements = new Set(catalog.filter((t) => t.way === way && t.wasCents !== null).map((t) => t.struckAfter));
      expect([way, [...placements].sort()]).toEqual([way, [false, true]]);
    }
    const pages = await Promise.all(shop.expected.items.map((item) => fetch(item.url).then((r) => r.text())));
    const all = pages.join('\n');
    for (const page of pages) expect(page).not.toMatch(/application\/ld\+json|itemprop|itemscope|typeof=|og:price|product:price/);
    for (const trap of ['<del>', '<s>', '<strike>', 'class="old-price"', 'compare-at', 'class="regular-price"', 'line-through', 'aria-label="Alter Preis"', 'title="UVP"', 'statt', 'screen-reader-text', 'data-price-type="oldPrice"',
      '/ 100 g)', 'pro Liter', '/kg', 'oder 4 x', 'Klarna', 'Pfand', 'Sie sparen', 'Staffelpreise', '2 für', 'Weitere Größen ab', 'Versandkostenfrei ab', 'carousel', 'Kunden kauften auch', 'recently-viewed', '&euro;', '&#8364;', '&amp;']) {
      expect(all, trap).toContain(trap);
    }
  });

  it('the generic spider, from the listing with no per-shop selector, stores every product with its exact price, regular price and pricing fields', async () => {
    const result = await crawlInProcess(new GenericStructuredSpider(shop.spiderArgs), storage.dir, FAST);
    expect(result.summary.status).toBe('finished');
    expect(result.summary.ledger.failed).toBe(0);
    expect(result.summary.ledger.planned).toBe(shop.expected.pageCount);
    const byUrl = new Map(result.items.map((item) => [item.url, item]));
    expect([...byUrl.keys()].sort()).toEqual(shop.expected.items.map((i) => i.url).sort());
    for (const expected of shop.expected.items) {
      const item = byUrl.get(expected.url)!;
      const { unitPrice, tiers, shippingCost, freeShippingOver, availability, source } = item.data;
      expect({ sku: item.sku, price: item.price, currency: item.currency, name: item.data.name, listPrice: item.data.listPrice, unitPrice, tiers, shippingCost, freeShippingOver, availability, source }, expected.url).toEqual({
        sku: expected.sku, price: expected.price, currency: expected.currency, name: expected.name, listPrice: expected.listPrice, ...expected.extra,
      });
      expect(item.data.priceRefusal).toBeUndefined();
    }
  });
});

describe('the generic spider on the locale shop (visible prices only, windows-1252, <base href>)', () => {
  it('stores every product page that shows a price with its exact amount and the struck UVP', async () => {
    const demo = await startDemoShops({ productCounts: { 'json-ld': 1, microdata: 1, 'locale-text': 24 } });
    try {
      const locale = demo.shops.find((s) => s.kind === 'locale-text')!;
      const result = await crawlInProcess(new GenericStructuredSpider({ urls: locale.startUrl }), storage.dir, FAST);
      const byUrl = new Map(result.items.map((item) => [item.url, item]));
      expect([...byUrl.keys()].sort()).toEqual(locale.expected.items.map((i) => i.url).sort());
      for (const expected of locale.expected.items) {
        const item = byUrl.get(expected.url)!;
        expect([item.price, item.currency, item.data.listPrice, item.data.source], expected.url).toEqual([expected.price, expected.currency, expected.listPrice, 'visible']);
      }
    } finally {
      await demo.close();
    }
  });
});
