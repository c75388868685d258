// The planner streams a large catalog in which every SKU is due (the first run after a long pause) holding the
// per-host budget only, never the whole due set.
import { expect, it } from 'vitest';
import type { CatalogEntry } from '../../src/catalog/catalog-entry';
import { planDue } from '../../src/app/schedule/recrawl-planner';

const HOUR = 3_600_000;
const SKUS = 400_000;
const HOSTS = 4;
const BUDGET = 100;
const tiers = [{ name: 'all', minChangesPerDay: 0, everyMs: HOUR }];

it('plans 400,000 due SKUs on 4 hosts with a budget of 100 per host, with heap growth under 64 MB', async () => {
  const nowMs = 10_000 * HOUR;
  const startHeap = process.memoryUsage().heapUsed;
  let peakHeap = startHeap;
  async function* catalog(): AsyncIterable<CatalogEntry> {
    for (let i = 0; i < SKUS; i++) {
      if (i % 50_000 === 0) peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      const host = `shop-${i % HOSTS}.test`;
      const sku = `SKU-${String(i).padStart(7, '0')}`;
      // Staler with i: the budget keeps each host's last SKUs.
      yield {
        spider: 's', site: host, sku, productUrl: `http://${host}/products/${sku}?variant=default`, firstSeenMs: 0, lastSeenMs: 0, lastAttemptMs: nowMs - 2 * HOUR - i,
        lastChangedMs: null, observations: 1, lastPrice: '1.00', lastCurrency: 'USD', changeTimesMs: [], velocityPerDay: 0, lastStatus: 'ok', lastRunId: 'r',
        consecutiveFailures: 0, goneRuns: 0, retiredAtMs: null,
      };
    }
  }
  const plan = await planDue(catalog(), { nowMs, tiers, jitterRatio: 0, maxPerHostPerRun: BUDGET, hostKeyOf: (url) => new URL(url).host });
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  expect(plan).toHaveLength(HOSTS * BUDGET);
  // Best first: the stalest SKU of the catalog, then down; each host's last BUDGET SKUs.
  expect(plan[0].sku).toBe(`SKU-${String(SKUS - 1).padStart(7, '0')}`);
  expect(plan.filter((p) => p.hostKey === 'shop-0.test').map((p) => p.sku).at(-1)).toBe(`SKU-${String(SKUS - HOSTS * BUDGET).padStart(7, '0')}`);
  expect((peakHeap - startHeap) / 2 ** 20).toBeLessThan(64);
}, 60_000);
