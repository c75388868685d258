// Tiered fallback: a SKU whose product page is blocked in N consecutive runs is served from the fallback feed, items say so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteCatalogStore } from '../../storage/sqlite/sqlite-catalog-store';
import { siteOf } from '../../src/pipeline/item-site';
import { siteSkuKey } from '../../src/pipeline/stored-item';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const storage = tempStorageDir('fallback');
let site: CatalogSite;
const settings = { politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 }, pipeline: { batchMaxAgeMs: 20 }, robots: { obey: false }, retry: { backoffBaseMs: 10, backoffCapMs: 50 }, schedule: { fallbackAfterFailedRuns: 2 } };
const crawl = (mode: 'discover' | 'full') => crawlInProcess(new CatalogSpider({ startUrls: site.startUrls.join(',') }), storage.dir, settings, { mode });
const feedHits = () => site.servers[0].requestsTo('/feed/H0-P1').length;

async function entry(sku: string) {
  const store = SqliteCatalogStore.open(storage.dir);
  try {
    const id = { site: siteOf(site.startUrls[0]), sku };
    return (await store.getBySku('catalog', [id])).get(siteSkuKey(id.site, sku))!;
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  site = await startCatalogSite({ hosts: 1, productsPerHost: 4, perPage: 4 });
  await crawl('discover');
});
afterAll(async () => {
  await site.close();
  storage.cleanup();
});

describe('tiered fallback', () => {
  it('uses the primary page only until it has failed in fallbackAfterFailedRuns consecutive runs', async () => {
    site.blocked.add('H0-P1');
    for (const run of [1, 2]) {
      const { items } = await crawl('full');
      expect(items.map((i) => i.sku)).not.toContain('H0-P1');
      expect((await entry('H0-P1')).consecutiveFailures).toBe(run);
    }
    expect(feedHits()).toBe(0);
  });

  it('then serves the blocked SKU from the fallback source, the item saying so; the others stay primary', async () => {
    const { items, summary } = await crawl('full');
    const expected = site.products.find((p) => p.sku === 'H0-P1')!;
    const served = items.find((i) => i.sku === 'H0-P1')!;
    expect([served.price, served.data.source]).toEqual([expected.price, 'fallback']);
    expect(items.filter((i) => i.sku !== 'H0-P1').every((i) => i.data.source === undefined)).toBe(true);
    expect(summary.ledger.failedByReason).toEqual({ 'retry/exhausted': 1 }); // the block page is still tried (and retried)
    expect(feedHits()).toBe(1);
    expect(await entry('H0-P1')).toMatchObject({ consecutiveFailures: 3, lastStatus: 'ok/fallback', lastPrice: expected.price });
  });

  it('goes back to the primary page once it works again', async () => {
    site.blocked.delete('H0-P1');
    await crawl('full'); // primary and fallback both fetched; the primary's success ends the streak
    expect(await entry('H0-P1')).toMatchObject({ consecutiveFailures: 0, lastStatus: 'ok' });
    const { items } = await crawl('full');
    expect(items.find((i) => i.sku === 'H0-P1')!.data.source).toBeUndefined();
    expect(feedHits()).toBe(2);
  });
});
