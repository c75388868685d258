// A run made while the machine's clock ran ahead (a wrong RTC, a bad NTP source) stamps catalog entries in the
// future; once the clock is right again those SKUs must still be planned, and their new prices folded.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStores } from '../../storage/open-backends';
import { catalogEntries } from '../support/catalog-entries';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const YEAR_MS = 365 * 86_400_000;
let site: CatalogSite;
const storage = tempStorageDir('catalog-clock');
const fast = { politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 }, pipeline: { batchMaxAgeMs: 20 }, robots: { obey: false } };
const hourly = { tiers: [{ name: 'all', minChangesPerDay: 0, everyMs: 3_600_000 }], jitterRatio: 0, discoveryEveryMs: 30 * 86_400_000 };
const crawl = (mode: 'discover' | 'due') => crawlInProcess(new CatalogSpider({ startUrls: site.startUrls.join(',') }), storage.dir, { ...fast, schedule: hourly }, { mode });

beforeAll(async () => {
  site = await startCatalogSite({ hosts: 1, productsPerHost: 3, perPage: 10 });
});
afterAll(async () => {
  await site?.close();
  storage.cleanup();
});

/** What a run with the clock a year ahead leaves: every time of every entry a year later than it was. */
async function stampAYearAhead(): Promise<void> {
  const stores = await openStores({ dir: storage.dir });
  try {
    const ahead = [...(await catalogEntries({ dir: storage.dir })).values()].map((entry) => ({
      ...entry,
      firstSeenMs: entry.firstSeenMs + YEAR_MS,
      lastSeenMs: entry.lastSeenMs + YEAR_MS,
      lastAttemptMs: entry.lastAttemptMs + YEAR_MS,
    }));
    await stores.catalog().put(ahead);
  } finally {
    await stores.close();
  }
}

it('SKUs stamped by a clock that ran ahead are planned and folded once the clock is right', async () => {
  await crawl('discover');
  await stampAYearAhead();
  site.repriced.set('H0-P1', '7.77');
  // The clock is right again, an hour and more later: every SKU's hourly interval has passed by the real clock.
  const run = await crawl('due');
  expect(run.summary.ledger.planned).toBe(3);
  const entries = await catalogEntries({ dir: storage.dir });
  const now = Date.now();
  expect(entries.get('H0-P1')!.lastPrice).toBe('7.77');
  for (const entry of entries.values()) {
    expect([entry.sku, entry.lastRunId, entry.lastAttemptMs <= now, entry.lastSeenMs <= now, entry.firstSeenMs <= now]).toEqual([entry.sku, run.summary.runId, true, true, true]);
  }
});
