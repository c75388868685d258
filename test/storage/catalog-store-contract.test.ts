// One SKU-catalog contract for both backends: SQLite (the default) and a real PostgreSQL (storage.url) give the same answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../../src/catalog/catalog-entry';
import { siteSkuKey } from '../../src/pipeline/stored-item';
import type { CatalogStore } from '../../src/ports/catalog-store';
import { openStores } from '../../storage/open-backends';
import { storeBackends, type StorePlace } from '../support/store-backends';

const { backends, start, stop } = storeBackends('catalog');

beforeAll(start);
afterAll(stop);

function entry(sku: string, fields: Partial<CatalogEntry> = {}): CatalogEntry {
  return {
    spider: 'shop', site: '127.0.0.1:1', sku, productUrl: `http://127.0.0.1:1/p/${encodeURIComponent(sku)}`, firstSeenMs: 1_700_000_000_000,
    lastSeenMs: 1_700_000_600_000, lastAttemptMs: 1_700_000_600_000, lastChangedMs: null, observations: 1, lastPrice: '19.99',
    lastCurrency: 'USD', changeTimesMs: [], velocityPerDay: 0, lastStatus: 'ok', lastRunId: 'r1', consecutiveFailures: 0,
    goneRuns: 0, retiredAtMs: null, ...fields,
  };
}

async function withCatalog(place: () => Promise<StorePlace>, use: (catalog: CatalogStore) => Promise<void>): Promise<void> {
  const stores = await openStores(await place());
  try {
    await use(stores.catalog());
  } finally {
    await stores.close();
  }
}

async function all(catalog: CatalogStore, spider: string): Promise<CatalogEntry[]> {
  const out: CatalogEntry[] = [];
  for await (const e of catalog.entries(spider)) out.push(e);
  return out;
}

describe.each(backends)('%s SKU catalog', (_name, place) => {
  it('round-trips every field: exact decimal prices as strings, change times, velocity, nulls', () =>
    withCatalog(place, async (catalog) => {
      const prices = ['0.10', '12345678901234.5678', '1299.00', '1980', '3.350', null];
      const written = prices.map((lastPrice, i) => entry(`SKU-${i}`, {
        lastPrice, lastCurrency: lastPrice === null ? null : 'EUR', changeTimesMs: [1_700_000_000_001, 1_700_000_500_002 + i],
        velocityPerDay: 1 / 3 + i, lastChangedMs: i % 2 === 0 ? null : 1_700_000_500_002, retiredAtMs: i === 5 ? 1_700_001_000_000 : null,
        lastStatus: i === 5 ? 'http/404' : 'ok', consecutiveFailures: i, goneRuns: i === 5 ? 2 : 0, observations: 10 + i,
        // A net last price keeps its basis, so a later gross one is no move (catalog-entry.ts movedOnOneBasis).
        ...(i === 2 ? { lastTaxIncluded: false as const } : {}),
      }));
      await catalog.put(written);
      const read = await catalog.getBySku('shop', written);
      expect([...read.values()].sort((a, b) => a.sku.localeCompare(b.sku))).toEqual(written);
      expect(written.map((e) => read.get(siteSkuKey(e.site, e.sku))!.lastPrice)).toEqual(prices);
      expect(await all(catalog, 'shop')).toEqual(written);
    }));

  it('replaces an entry in place; a SKU twice in one batch keeps its last entry; spiders stay apart', () =>
    withCatalog(place, async (catalog) => {
      await catalog.put([entry('A'), entry('B'), entry('A', { spider: 'other', lastPrice: '1.00' })]);
      await catalog.put([entry('B', { lastPrice: '18.00', observations: 2 }), entry('B', { lastPrice: '17.50', observations: 3 }), entry('C')]);
      await catalog.put([]);
      expect((await all(catalog, 'shop')).map((e) => [e.sku, e.lastPrice, e.observations])).toEqual([['A', '19.99', 1], ['B', '17.50', 3], ['C', '19.99', 1]]);
      expect((await all(catalog, 'other')).map((e) => [e.sku, e.lastPrice])).toEqual([['A', '1.00']]);
      expect(await all(catalog, 'nobody')).toEqual([]);
    }));

  it('looks entries up by SKU and by product URL, many keys at once, unknown keys left out', () =>
    withCatalog(place, async (catalog) => {
      const written = Array.from({ length: 1_200 }, (_, i) => entry(`K${String(i).padStart(4, '0')}`));
      await catalog.put(written);
      const skus = [...written, { site: '127.0.0.1:1', sku: 'unknown' }, { site: 'elsewhere.example', sku: written[0].sku }];
      expect((await catalog.getBySku('shop', skus)).size).toBe(written.length);
      const byUrl = await catalog.getByUrl('shop', [written[7].productUrl, 'http://127.0.0.1:1/nowhere']);
      expect([...byUrl.entries()]).toEqual([[written[7].productUrl, [written[7]]]]);
      // Size variants: two SKUs sold on one page are both that page's entries.
      const variant = { ...entry('K0007-XL'), productUrl: written[7].productUrl };
      await catalog.put([variant]);
      const both = (await catalog.getByUrl('shop', [written[7].productUrl])).get(written[7].productUrl)!;
      expect(both.map((e) => e.sku).sort()).toEqual(['K0007', 'K0007-XL']);
      expect((await catalog.getBySku('other', skus)).size).toBe(0);
      expect((await catalog.getBySku('shop', [])).size).toBe(0);
      expect((await catalog.getByUrl('shop', [])).size).toBe(0);
    }));

  it('streams a spider\'s entries in bytewise SKU order across pages, retired ones included', () =>
    withCatalog(place, async (catalog) => {
      const odd = ['b', 'B', 'a', 'Z', '_x', 'é', 'e', '10', '9', 'a b'];
      const many = Array.from({ length: 1_100 }, (_, i) => `M${i}`);
      await catalog.put([...odd, ...many].map((sku, i) => entry(sku, { retiredAtMs: i % 3 === 0 ? 1 : null })));
      const skus = (await all(catalog, 'shop')).map((e) => e.sku);
      const bytewise = [...odd, ...many].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
      expect(skus).toEqual(bytewise);
    }));

  it('remembers when discovery last ran, per spider', () =>
    withCatalog(place, async (catalog) => {
      expect(await catalog.lastDiscoveryMs('shop')).toBeNull();
      await catalog.recordDiscovery('shop', 1_700_000_000_000);
      await catalog.recordDiscovery('shop', 1_700_000_900_000);
      await catalog.recordDiscovery('other', 5);
      expect([await catalog.lastDiscoveryMs('shop'), await catalog.lastDiscoveryMs('other'), await catalog.lastDiscoveryMs('nobody')]).toEqual([1_700_000_900_000, 5, null]);
    }));

  it('is the same catalog for a second store set on the same place (another worker or the next run)', async () => {
    const where = await place();
    const [first, second] = [await openStores(where), await openStores(where)];
    try {
      await first.catalog().put([entry('A', { lastPrice: '5.50' })]);
      await first.catalog().recordDiscovery('shop', 42);
      expect((await second.catalog().getBySku('shop', [{ site: '127.0.0.1:1', sku: 'A' }])).get('127.0.0.1:1 A')?.lastPrice).toBe('5.50');
      expect(await second.catalog().lastDiscoveryMs('shop')).toBe(42);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
