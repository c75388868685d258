// Price history: a second demo run with shifted prices records exactly the changed SKUs; a repeat run records none.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SEED, startDemoShops } from '../../demo/demo-shops';
import { buildCatalog, currentPrice } from '../../demo/catalog';
import { usElectronicsSpec } from '../../demo/catalog-specs';
import { Decimal } from '../../src/core/money';
import { demoSpider } from '../support/demo-spider';
import { openStores } from '../../storage/open-backends';
import type { PriceChange } from '../../src/ports/price-history';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const COUNT = 16;
const storage = tempStorageDir('history');
let firstRound: PriceChange[];
let repeatRound: PriceChange[];

async function crawlJsonLdShop(priceShift: number): Promise<void> {
  const demo = await startDemoShops({ priceShift, productCounts: { 'json-ld': COUNT, microdata: 1, 'locale-text': 1 } });
  try {
    const shop = demo.shops[0];
    const spider = new (await demoSpider(shop.spider))({ baseUrl: shop.origin });
    const result = await crawlInProcess(spider, storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 }, pipeline: { batchMaxAgeMs: 20 } });
    expect(result.summary.status).toBe('finished');
    expect(result.items.length).toBe(COUNT);
  } finally {
    await demo.close();
  }
}

const listChanges = async (): Promise<PriceChange[]> => {
  const stores = await openStores({ dir: storage.dir });
  try {
    return await stores.history().list({ spider: 'demo-jsonld' });
  } finally {
    await stores.close();
  }
};

beforeAll(async () => {
  await crawlJsonLdShop(0);
  expect(await listChanges()).toEqual([]);
  await crawlJsonLdShop(1);
  firstRound = await listChanges();
  await crawlJsonLdShop(1);
  repeatRound = await listChanges();
});
afterAll(() => storage.cleanup());

describe('price history and change events', () => {
  it('records exactly the SKUs whose price changed, with exact old and new amounts', () => {
    const before = buildCatalog(usElectronicsSpec, { seed: DEMO_SEED, count: COUNT });
    const after = buildCatalog(usElectronicsSpec, { seed: DEMO_SEED, count: COUNT, priceShift: 1 });
    const changed = after.filter((p, i) => currentPrice(p) !== currentPrice(before[i]));
    expect(changed.length).toBe(COUNT / 4);
    expect(firstRound.map((c) => c.sku).sort()).toEqual(changed.map((p) => p.sku).sort());
    for (const change of firstRound) {
      const index = after.findIndex((p) => p.sku === change.sku);
      expect(new Decimal(change.oldPrice!).eq(currentPrice(before[index])), change.sku).toBe(true);
      expect(new Decimal(change.newPrice!).eq(currentPrice(after[index])), change.sku).toBe(true);
      expect(change.newCurrency).toBe(after[index].currency);
      expect(change.newAvailability).toBe(change.oldAvailability);
    }
  });

  it('records nothing new when a later run sees the same prices', () => {
    expect(repeatRound).toEqual(firstRound);
  });

  it('`pricecrawl changes` lists them as a table and as JSON lines', () => {
    const run = (...args: string[]) => execFileSync(process.execPath, ['bin/pricecrawl.js', 'changes', '--storage', storage.dir, ...args]).toString('utf8');
    const json = run('--json', '--spider', 'demo-jsonld', '--since', '1h').trim().split('\n').map((line) => JSON.parse(line) as PriceChange);
    // Each line also says what changed: here the price, in one currency.
    expect(json).toEqual(firstRound.map((change) => ({ ...change, changed: ['price'] })));
    const table = run();
    expect(table.split('\n')[0]).toMatch(/^time \(UTC\)\s+spider\s+site\s+sku\s+change\s+old\s+new/);
    for (const change of firstRound) expect(table).toContain(change.sku);
    expect(run('--since', '2000-01-01T00:00:00Z', '--spider', 'nobody')).toBe('no price changes\n');
  });
});
