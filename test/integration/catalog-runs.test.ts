// Run modes over the SKU catalog, on SQLite and on PostgreSQL (storage.url): discovery fills it, --full recrawls every known SKU and retires vanished ones, --due plans.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRunRecords } from '../../storage/open-backends';
import { catalogEntries as readCatalog } from '../support/catalog-entries';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { storeBackends, type StorePlace } from '../support/store-backends';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const { backends, start, stop } = storeBackends('catalog-runs');
let site: CatalogSite;
const fast = { politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 }, pipeline: { batchMaxAgeMs: 20 }, robots: { obey: false } };
const spider = () => new CatalogSpider({ startUrls: site.startUrls.join(',') });

beforeAll(async () => {
  await start();
  site = await startCatalogSite({ hosts: 2, productsPerHost: 6, perPage: 3 });
});
afterAll(async () => {
  await site?.close();
  await stop();
});

describe.each(backends)('SKU catalog and run modes on %s', (_name, place) => {
  let storage: StorePlace;
  const crawl = (mode: 'discover' | 'full' | 'due', schedule: Record<string, unknown> = {}) =>
    crawlInProcess(spider(), storage.dir, { ...fast, schedule: { retireAfterGoneRuns: 2, ...schedule } }, { mode, storeUrl: storage.url });

  /** Read through the store set, as the crawl wrote it: the configured backend's catalog. */
  const catalogEntries = () => readCatalog(storage);

  beforeAll(async () => {
    storage = await place();
    site.removed.clear(); // the other backend's runs removed a product
  });

  it('a discovery run records every SKU with its URL, price and status', async () => {
    const { summary } = await crawl('discover');
    expect(summary.status).toBe('finished');
    const entries = await catalogEntries();
    expect([...entries.keys()].sort()).toEqual(site.products.map((p) => p.sku).sort());
    // With storage.url the catalog lives in PostgreSQL beside the items: no embedded item database at all.
    expect(existsSync(join(storage.dir, 'items.sqlite'))).toBe(storage.url === undefined);
    for (const product of site.products) {
      const entry = entries.get(product.sku)!;
      expect([entry.productUrl, entry.lastPrice, entry.observations, entry.lastStatus, entry.retiredAtMs]).toEqual([product.url, product.price, 1, 'ok', null]);
    }
  });

  it('--full recrawls a SKU that left the listings; 404 in retireAfterGoneRuns runs retires it, then it is never planned', async () => {
    site.removed.add('H0-P1');
    const gonePage = site.products.find((p) => p.sku === 'H0-P1')!.url;
    const first = await crawl('full');
    expect(first.summary.ledger.failedByReason).toEqual({ 'http/404': 1 });
    expect((await catalogEntries()).get('H0-P1')).toMatchObject({ goneRuns: 1, consecutiveFailures: 1, lastStatus: 'http/404', retiredAtMs: null });
    await crawl('full');
    const retired = (await catalogEntries()).get('H0-P1')!;
    expect(retired.retiredAtMs).not.toBeNull();
    const hitsBefore = site.servers[0].requestsTo(new URL(gonePage).pathname).length;
    const third = await crawl('full');
    expect(third.summary.ledger.failed).toBe(0);
    expect(third.summary.ledger.planned).toBe(4 + 11); // listing pages + live SKUs
    expect(site.servers[0].requestsTo(new URL(gonePage).pathname).length).toBe(hitsBefore);
    expect((await catalogEntries()).get('H0-P2')!.observations).toBe(4);
  });

  it('--due crawls exactly the planner\'s due set within the per-host budget, discovery only when its cadence is due', async () => {
    const everythingDue = { tiers: [{ name: 'all', minChangesPerDay: 0, everyMs: 1 }], jitterRatio: 0, discoveryEveryMs: 3_600_000 };
    const due = await crawl('due', everythingDue);
    expect(due.summary.ledger.planned).toBe(11); // no listing pages: discovery ran minutes ago
    expect(due.items.map((i) => i.sku).sort()).toEqual(site.products.map((p) => p.sku).filter((s) => s !== 'H0-P1').sort());
    const budgeted = await crawl('due', { ...everythingDue, maxPerHostPerRun: 2 });
    expect(budgeted.summary.ledger.byHost[site.servers[0].hostKey]?.planned).toBe(2);
    expect(budgeted.summary.ledger.planned).toBe(4);
    const nothingDue = await crawl('due');
    expect([nothingDue.summary.status, nothingDue.summary.ledger.planned]).toEqual(['finished', 0]);
    // One line says why nothing was planned and what to run instead.
    const why = nothingDue.logs.filter((line) => String(line.msg).startsWith('--due plans nothing'));
    expect(why).toHaveLength(1);
    expect(why[0]).toMatchObject({ level: 40 });
    expect(why[0].msg).toMatch(/^--due plans nothing for catalog: none of its known SKUs is due yet, and discovery ran \d+ min ago \(next in \d+ min, schedule\.discoveryEveryMs\); run `pricecrawl crawl catalog --full`/);
    const withDiscovery = await crawl('due', { discoveryEveryMs: 0 });
    expect(withDiscovery.summary.ledger.planned).toBe(4 + 11); // discovery finds the live products
  });

  it('records every run by hand with its mode, counts and a settings snapshot whose hash follows the settings', async () => {
    // Where the stores are: frontier.sqlite in the storage dir, or PostgreSQL with storage.url.
    const store = await openRunRecords(storage);
    const records = await store.list().finally(() => store.close());
    expect(records.map((r) => r.mode)).toEqual(['discover', 'full', 'full', 'full', 'due', 'due', 'due', 'due']);
    for (const r of records) {
      expect([r.trigger, r.outcome, r.exitCode, r.pid, r.planned, r.succeeded! + r.failed!]).toEqual(['manual', 'finished', 0, process.pid, r.planned, r.planned]);
      expect(JSON.parse(r.settingsJson!).politeness.minIntervalMs).toBe(0);
    }
    const hashes = records.map((r) => r.settingsHash);
    expect(hashes[1]).toBe(hashes[0]); // same settings, same hash
    expect(hashes[4]).not.toBe(hashes[0]); // other schedule tiers
    expect(hashes[5]).not.toBe(hashes[4]); // other per-host budget
  });
});

it('--due on a spider whose catalog is empty says so in one line and names --full', async () => {
  const storage = tempStorageDir('empty-catalog');
  try {
    // Discovery of a listing page past the last one: it finishes and finds no product, so no SKU is recorded.
    const empty = () => new CatalogSpider({ startUrls: site.servers[0].url('/list?page=99') });
    await crawlInProcess(empty(), storage.dir, fast, { mode: 'discover' });
    const due = await crawlInProcess(empty(), storage.dir, fast, { mode: 'due' });
    expect(due.summary.ledger.planned).toBe(0);
    const why = due.logs.filter((line) => String(line.msg).startsWith('--due plans nothing'));
    expect(why.map((line) => line.msg)).toEqual([expect.stringMatching(/^--due plans nothing for catalog: its SKU catalog is empty \(no finished run recorded a SKU with a product URL\), and discovery ran 0 min ago .*run `pricecrawl crawl catalog --full`/)]);
  } finally {
    storage.cleanup();
  }
});
