// Products that vanish without a 404 (a redirect to the home page, a "no longer available" page), on SQLite and
// PostgreSQL stores: the catalog records that the page gave no item, and such SKUs never hold the --due budget for good.
// A page of several SKUs (size variants) that vanishes is every variant's outcome.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlResponse, SpiderOutput } from 'pricecrawl';
import { catalogEntries as readCatalog } from '../support/catalog-entries';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { storeBackends, type StorePlace } from '../support/store-backends';
import { crawlInProcess } from '../support/test-crawl';

const { backends, start, stop } = storeBackends('catalog-vanished');
let site: CatalogSite;
const fast = { politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 }, pipeline: { batchMaxAgeMs: 20 }, robots: { obey: false } };
// Every SKU is due at every run: only the per-host budget and the staleness order decide what is crawled.
const everythingDue = { tiers: [{ name: 'all', minChangesPerDay: 0, everyMs: 1 }], jitterRatio: 0, discoveryEveryMs: 3_600_000, retireAfterGoneRuns: 2 };

/** Each product page sells the product and its XL size, two SKUs on one URL. */
class VariantSpider extends CatalogSpider {
  override async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    for await (const item of super.parseProduct(res)) {
      yield item;
      if (typeof item === 'object' && item !== null && 'sku' in item) yield { ...item, sku: `${String(item.sku)}-XL` };
    }
  }
}

beforeAll(async () => {
  await start();
  site = await startCatalogSite({ hosts: 1, productsPerHost: 6, perPage: 10 });
});
afterAll(async () => {
  await site?.close();
  await stop();
});

/** SKUs whose product page the server was asked for since `from` (its request count before the run). */
const productPathsSince = (from: number) => site.servers[0].requests.slice(from).map((r) => r.path).filter((path) => path.startsWith('/p/')).map((path) => path.slice(3)).sort();

describe.each(backends)('vanished products on %s', (_name, place) => {
  let storage: StorePlace;
  const crawl = (mode: 'discover' | 'due', schedule: Record<string, unknown> = {}) =>
    crawlInProcess(new CatalogSpider({ startUrls: site.startUrls.join(',') }), storage.dir, { ...fast, schedule: { ...everythingDue, ...schedule } }, { mode, storeUrl: storage.url });

  /** Read through the store set, as the crawl wrote it: the configured backend's catalog. */
  const catalogEntries = () => readCatalog(storage);

  beforeAll(async () => {
    storage = await place();
    site.redirectedHome.clear(); // the other backend's run took them off
    site.unavailable.clear();
    site.removed.clear();
  });

  it('a product page that answers without the product is recorded as such, never as seen, and never retires the SKU', async () => {
    await crawl('discover');
    site.redirectedHome.add('H0-P0');
    site.unavailable.add('H0-P1');
    const before = await catalogEntries();
    const run = await crawl('due');
    expect(run.summary.ledger.failed).toBe(0); // both pages answered 200: nothing failed in the ledger
    const after = await catalogEntries();
    for (const sku of ['H0-P0', 'H0-P1']) {
      const entry = after.get(sku)!;
      expect([entry.lastStatus, entry.lastRunId, entry.consecutiveFailures, entry.goneRuns, entry.retiredAtMs]).toEqual(['item/missing', run.summary.runId, 1, 0, null]);
      expect(entry.lastAttemptMs).toBeGreaterThan(before.get(sku)!.lastAttemptMs);
      // The last price seen stays what it was, but it is no longer the latest outcome.
      expect([entry.lastSeenMs, entry.lastPrice]).toEqual([before.get(sku)!.lastSeenMs, before.get(sku)!.lastPrice]);
    }
    expect(after.get('H0-P2')!.lastStatus).toBe('ok');
  });

  it('SKUs whose pages keep giving no item do not take the per-host budget of every --due run', async () => {
    const requested = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const from = site.servers[0].requests.length;
      await crawl('due', { maxPerHostPerRun: 2 });
      const skus = productPathsSince(from);
      expect(skus).toHaveLength(2);
      for (const sku of skus) requested.add(sku);
    }
    // Three runs of two: every SKU of the host took its turn.
    expect([...requested].sort()).toEqual(site.products.map((p) => p.sku).sort());
  });

  it('a product retired after its 404s that is back on the site is found by discovery and planned again', async () => {
    site.removed.add('H0-P3');
    for (let i = 0; i < 2; i++) await crawl('due'); // retireAfterGoneRuns: 2
    expect((await catalogEntries()).get('H0-P3')!.retiredAtMs).not.toBeNull();
    site.removed.delete('H0-P3');
    await crawl('due', { discoveryEveryMs: 0 }); // discovery lists it again
    expect((await catalogEntries()).get('H0-P3')).toMatchObject({ retiredAtMs: null, lastStatus: 'ok', goneRuns: 0 });
    const from = site.servers[0].requests.length;
    await crawl('due'); // discovery not due: the planner alone sends it
    expect(productPathsSince(from)).toContain('H0-P3');
  });
  it('a page of two SKUs (size variants) that answers 404 is both SKUs\' outcome: both count it, both retire, neither is requested again', async () => {
    const variants = await place(); // a catalog of its own: one SKU per page in the tests above
    const crawlVariants = (mode: 'discover' | 'due') => crawlInProcess(new VariantSpider({ startUrls: site.startUrls.join(',') }), variants.dir, { ...fast, schedule: everythingDue }, { mode, storeUrl: variants.url });
    await crawlVariants('discover');
    const known = await readCatalog(variants);
    expect(known.get('H0-P4')!.productUrl).toBe(known.get('H0-P4-XL')!.productUrl);
    site.removed.add('H0-P4');
    const first = await crawlVariants('due');
    const afterOne = await readCatalog(variants);
    for (const sku of ['H0-P4', 'H0-P4-XL']) {
      const entry = afterOne.get(sku)!;
      expect([sku, entry.lastStatus, entry.lastRunId, entry.consecutiveFailures, entry.goneRuns]).toEqual([sku, 'http/404', first.summary.runId, 1, 1]);
    }
    await crawlVariants('due'); // retireAfterGoneRuns: 2
    const afterTwo = await readCatalog(variants);
    for (const sku of ['H0-P4', 'H0-P4-XL']) expect([sku, afterTwo.get(sku)!.retiredAtMs]).toEqual([sku, expect.any(Number)]);
    const pagePath = new URL(known.get('H0-P4')!.productUrl).pathname;
    const hits = site.servers[0].requestsTo(pagePath).length;
    await crawlVariants('due');
    expect(site.servers[0].requestsTo(pagePath).length).toBe(hits);
    const live = await readCatalog(variants);
    for (const sku of ['H0-P5', 'H0-P5-XL']) expect([sku, live.get(sku)!.lastStatus]).toEqual([sku, 'ok']);
    site.removed.delete('H0-P4');
  });
});
