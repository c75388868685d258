// Whole crawls of the demo shops into a real PostgreSQL (`storage.url`): exact prices, one fetch-log row per fetch, raw pages, changes.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoShops, type RunningShop } from '../../demo/demo-shops';
import { buildCatalog, currentPrice } from '../../demo/catalog';
import { usElectronicsSpec } from '../../demo/catalog-specs';
import { DEMO_SEED } from '../../demo/demo-shops';
import { Decimal } from '../../src/core/money';
import { decodeBody } from '../../src/fetch/charset';
import { demoSpider } from '../support/demo-spider';
import { sha256Hex } from '../../src/core/blob-hash';
import type { FetchLogRow } from '../../src/ports/fetch-log';
import { openStores } from '../../storage/open-backends';
import type { PriceChange } from '../../src/ports/price-history';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const COUNTS = { 'json-ld': 16, microdata: 12, 'locale-text': 12 };
const SETTINGS = { politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 }, pipeline: { batchMaxAgeMs: 20 } };

let pg: PostgresServer;
let storeUrl: string;
const storage = tempStorageDir('pg-crawl');
const crawls: Array<{ shop: RunningShop; result: TestCrawlResult; fetchLog: FetchLogRow[]; fetches: number }> = [];

async function crawlShop(shop: RunningShop): Promise<TestCrawlResult> {
  const spider = new (await demoSpider(shop.spider))({ baseUrl: shop.origin });
  return crawlInProcess(spider, storage.dir, SETTINGS, { storeUrl });
}

beforeAll(async () => {
  pg = await startPostgres();
  storeUrl = await pg.createDatabase('crawl');
  const demo = await startDemoShops({ productCounts: COUNTS });
  try {
    // The three crawls run side by side into the one database, as workers would.
    const results = await Promise.all(demo.shops.map(crawlShop));
    const stores = await openStores({ dir: storage.dir, url: storeUrl });
    try {
      for (const [i, shop] of demo.shops.entries()) {
        const fetchLog = await stores.fetchLog().rows(results[i].summary.runId);
        crawls.push({ shop, result: results[i], fetchLog, fetches: shop.hits.filter((hit) => hit.path !== '/robots.txt').length });
      }
    } finally {
      await stores.close();
    }
  } finally {
    await demo.close();
  }
});
afterAll(async () => {
  await pg?.stop();
  storage.cleanup();
});

describe('crawling into PostgreSQL', () => {
  it('stores every product once with its exact price, as a decimal string', () => {
    for (const { shop, result } of crawls) {
      expect(result.summary.status, shop.name).toBe('finished');
      const bySku = new Map(result.items.map((item) => [item.sku, item]));
      expect(bySku.size).toBe(result.items.length);
      expect(result.items.length).toBe(shop.expected.items.length);
      for (const expected of shop.expected.items) {
        const item = bySku.get(expected.sku);
        expect(typeof item?.price, `${shop.name} ${expected.sku}`).toBe('string');
        expect(new Decimal(item!.price!).eq(new Decimal(expected.price)), `${item?.price} vs ${expected.price}`).toBe(true);
        expect(item?.currency).toBe(expected.currency);
        expect(item?.url).toBe(expected.url);
      }
    }
  });

  it('writes one fetch-log row per planned fetch, each fetch the server saw', () => {
    for (const { shop, result, fetchLog, fetches } of crawls) {
      expect(fetchLog.length, shop.name).toBe(result.summary.ledger.planned);
      expect(fetchLog.length).toBe(fetches);
      expect(new Set(fetchLog.map((row) => row.url)).size).toBe(fetchLog.length);
      for (const row of fetchLog) expect(row).toMatchObject({ runId: result.summary.runId, outcome: 'response', host: new URL(shop.origin).host });
    }
  });

  it('resolves every item\'s rawHash to the exact page bytes holding its price text', async () => {
    const stores = await openStores({ dir: storage.dir, url: storeUrl });
    try {
      for (const { shop, result, fetchLog } of crawls) {
        const priceText = new Map(shop.expected.items.map((expected) => [expected.sku, expected.priceText]));
        for (const item of result.items) {
          const bytes = await stores.blobs().get(item.rawHash);
          expect(bytes, `${shop.name} ${item.sku}`).not.toBeNull();
          expect(sha256Hex(bytes!)).toBe(item.rawHash);
          // The locale shop serves windows-1252 with NBSP before €: decode as the crawler does, as the spider reads it.
          expect(decodeBody(bytes!, undefined).text.replaceAll('\u00a0', ' ')).toContain(priceText.get(item.sku!));
          expect(fetchLog.some((row) => row.rawHash === item.rawHash && row.finalUrl === item.url)).toBe(true);
        }
      }
    } finally {
      await stores.close();
    }
  });

  it('`pricecrawl changes --store` lists the shifted prices after a second run, and `raw --store` prints a page', async () => {
    const shifted = await startDemoShops({ productCounts: COUNTS, priceShift: 1 });
    try {
      const again = await crawlShop(shifted.shops[0]);
      expect(again.summary.status).toBe('finished');
    } finally {
      await shifted.close();
    }
    const cli = (...args: string[]) => execFileSync(process.execPath, ['bin/pricecrawl.js', ...args, '--store', storeUrl, '--storage', storage.dir]);
    const changes = cli('changes', '--json', '--spider', 'demo-jsonld').toString('utf8').trim().split('\n').map((line) => JSON.parse(line) as PriceChange);
    const before = buildCatalog(usElectronicsSpec, { seed: DEMO_SEED, count: COUNTS['json-ld'] });
    const after = buildCatalog(usElectronicsSpec, { seed: DEMO_SEED, count: COUNTS['json-ld'], priceShift: 1 });
    const changed = after.filter((product, i) => currentPrice(product) !== currentPrice(before[i]));
    expect(changes.map((change) => change.sku).sort()).toEqual(changed.map((product) => product.sku).sort());
    for (const change of changes) {
      const i = after.findIndex((product) => product.sku === change.sku);
      expect(change.oldPrice).toBe(new Decimal(currentPrice(before[i])).toFixed(2));
      expect(change.newPrice).toBe(new Decimal(currentPrice(after[i])).toFixed(2));
    }
    const item = crawls[0].result.items[0];
    expect(sha256Hex(cli('raw', item.rawHash))).toBe(item.rawHash);
  });
});
