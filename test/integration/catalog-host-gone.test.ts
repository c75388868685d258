// A whole host answering 404 (a restructure, a block page served as 404, a CDN fault) is a host failure, on SQLite
// and PostgreSQL stores: its SKUs are never retired for it, while a product another shop really delisted still is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEntries as readCatalog } from '../support/catalog-entries';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { storeBackends, type StorePlace } from '../support/store-backends';
import { crawlInProcess } from '../support/test-crawl';

const { backends, start, stop } = storeBackends('catalog-host-gone');
let site: CatalogSite;
const fast = { politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 }, pipeline: { batchMaxAgeMs: 20 }, robots: { obey: false } };
// Every SKU is due at every run; two gone runs retire a SKU.
const everythingDue = { tiers: [{ name: 'all', minChangesPerDay: 0, everyMs: 1 }], jitterRatio: 0, discoveryEveryMs: 3_600_000, retireAfterGoneRuns: 2 };

beforeAll(async () => {
  await start();
  site = await startCatalogSite({ hosts: 2, productsPerHost: 6, perPage: 10 });
});
afterAll(async () => {
  await site?.close();
  await stop();
});

describe.each(backends)('a host whose every product page answers 404 on %s', (_name, place) => {
  let storage: StorePlace;
  const crawl = (mode: 'discover' | 'due') =>
    crawlInProcess(new CatalogSpider({ startUrls: site.startUrls.join(',') }), storage.dir, { ...fast, schedule: everythingDue }, { mode, storeUrl: storage.url });

  beforeAll(async () => {
    storage = await place();
    site.removed.clear(); // the other backend's runs took them off
  });

  it('retires none of that host\'s SKUs, and still retires the one product the other host delisted', async () => {
    await crawl('discover');
    const host0 = site.products.filter((p) => p.sku.startsWith('H0-')).map((p) => p.sku);
    for (const sku of host0) site.removed.add(sku); // every product page of H0 answers 404
    site.removed.add('H1-P0'); // one real delisting on H1
    for (let i = 0; i < 2; i++) await crawl('due');
    const entries = await readCatalog(storage);
    for (const sku of host0) {
      expect([entries.get(sku)!.lastStatus, entries.get(sku)!.retiredAtMs, entries.get(sku)!.goneRuns]).toEqual(['http/gone-host-wide', null, 0]);
      // Not seen either: the failure streak goes on (the fallback source, when the spider has one, takes over).
      expect(entries.get(sku)!.consecutiveFailures).toBe(2);
    }
    expect(entries.get('H1-P0')).toMatchObject({ lastStatus: 'http/404', goneRuns: 2, retiredAtMs: expect.any(Number) });
    expect(entries.get('H1-P1')!.lastStatus).toBe('ok');
  });

  it('the host\'s pages answering again end the streak: every SKU is planned and seen', async () => {
    for (const p of site.products) if (p.sku.startsWith('H0-')) site.removed.delete(p.sku);
    await crawl('due');
    const entries = await readCatalog(storage);
    for (const p of site.products.filter((p) => p.sku.startsWith('H0-'))) expect(entries.get(p.sku)).toMatchObject({ lastStatus: 'ok', consecutiveFailures: 0, retiredAtMs: null });
  });
});
