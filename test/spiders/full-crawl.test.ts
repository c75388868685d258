import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoShops, startShopCluster, type RunningShop, type ShopGroup } from '../../demo/demo-shops';
import type { PriceItem } from '../../src/core/item';
import { Decimal } from '../../src/core/money';
import { parsePrice } from '../../src/prices/parse-price';
import { demoSpider } from '../support/demo-spider';
import { walkSpider } from './support/page-walker';

let demo: ShopGroup;

beforeAll(async () => {
  demo = await startDemoShops();
});
afterAll(async () => {
  await demo.close();
});

/** Every catalog product arrived once with its exact price (Decimal, or the page's text); drift and dead links are accounted for. */
async function expectCompleteCrawl(s: RunningShop): Promise<void> {
  const spider = new (await demoSpider(s.spider))({ baseUrl: s.origin });
  const walk = await walkSpider(spider);
  const items = walk.items as PriceItem[];
  expect(walk.offsite).toEqual([]);
  expect(walk.fetched.length).toBe(s.expected.pageCount);
  expect(walk.failures).toEqual(s.expected.notFound.map((url) => ({ url, status: 404 })));

  const priced = items.filter((item) => item.price !== null);
  expect(new Set(priced.map((i) => i.sku)).size).toBe(priced.length);
  const bySku = new Map(priced.map((item) => [item.sku, item]));
  for (const expected of s.expected.items) {
    const item = bySku.get(expected.sku);
    expect(item, `${s.name} ${expected.sku}`).toBeDefined();
    expect(item?.url).toBe(expected.url);
    if (s.kind !== 'locale-text') expect(item?.currency).toBe(expected.currency);
    const price = item?.price;
    // Structured-data spiders yield exact Decimals; the text spiders yield the page's price text.
    if (Decimal.isDecimal(price)) {
      expect(price.eq(expected.price), `${expected.sku}: ${price.toFixed()} ≠ ${expected.price}`).toBe(true);
      continue;
    }
    expect(price).toBe(expected.priceText);
    // The shipped price parser turns the yielded text into the catalog's exact amount and currency.
    const parsed = parsePrice(String(price), { currencyHint: (item?.currency as string | undefined) ?? null });
    if (!parsed.ok) throw new Error(`${expected.priceText} refused: ${parsed.reason}`);
    expect(parsed.amount.eq(new Decimal(expected.price)), `${expected.priceText} → ${parsed.amount.toFixed()}`).toBe(true);
    expect(parsed.currency).toBe(expected.currency);
  }
  expect(priced.length).toBe(s.expected.items.length);
  expect(items.filter((item) => item.price === null).map((i) => i.sku).sort()).toEqual(s.expected.drift.map((d) => d.sku).sort());
}

describe('full crawl of each demo shop from its start URL', () => {
  it('json-ld shop: every product reached through rel="next" pagination', async () => {
    await expectCompleteCrawl(demo.shops[0]);
  });
  it('microdata shop: every product reached through categories and their pages', async () => {
    await expectCompleteCrawl(demo.shops[1]);
  });
  it('locale-text shop: every priced product, the drift pages and the dead link', async () => {
    await expectCompleteCrawl(demo.shops[2]);
  });
  it('a cluster with anomalies on: each host crawls completely with its own spider', async () => {
    const cluster = await startShopCluster({ hosts: 2, productsPerHost: 25, seed: 3, anomalies: true, kinds: ['microdata', 'locale-text'] });
    try {
      for (const s of cluster.shops) await expectCompleteCrawl(s);
      expect(cluster.shops[1].expected.drift.length).toBe(2);
      expect(cluster.shops[1].expected.notFound.length).toBe(1);
    } finally {
      await cluster.close();
    }
  });
});
