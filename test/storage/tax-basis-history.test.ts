// A net price beside a gross one in a SKU's series is never a price change: the history says the tax basis changed, on both backends.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { toStoredItem } from '../../src/pipeline/stored-item';
import { changeKinds } from '../../src/ports/price-history';
import { openStores } from '../../storage/open-backends';
import { storeBackends } from '../support/store-backends';

const { backends, start, stop } = storeBackends('tax-basis');
beforeAll(start);
afterAll(stop);

const observation = (runId: string, atMs: number, price: string, taxIncluded?: boolean) =>
  toStoredItem(
    { sku: 'A', price: new Decimal(price), currency: 'EUR', url: 'http://shop.test/a', ...(taxIncluded === undefined ? {} : { taxIncluded }) },
    { spider: 'shop', runId, requestId: `req-${runId}`, url: 'http://shop.test/a', rawHash: 'f'.repeat(64), scrapedAtMs: atMs },
  );

describe.each(backends)('%s: tax basis in the price history', (_name, place) => {
  it('names net to gross and back a tax-basis change (amounts not comparable), and a move between two net prices a price change', async () => {
    const where = await place();
    const stores = await openStores(where);
    try {
      const runs: Array<[string, string, boolean?]> = [
        ['r1', '100.00', false], // "100,00 € zzgl. MwSt."
        ['r2', '119.00'], // the shop now shows the gross: no 19 % rise
        ['r3', '100.00', false], // and the net again: no drop
        ['r4', '90.00', false], // a price change between two net prices
      ];
      for (const [i, [runId, price, taxIncluded]] of runs.entries()) {
        await stores.items().writeBatch([observation(runId, 1_000 + i, price, taxIncluded)]);
        await stores.history().recordRun('shop', runId);
      }
      const events = await stores.history().list({ spider: 'shop' });
      expect(events.map((event) => [event.runId, event.oldPrice, event.newPrice, changeKinds(event)])).toEqual([
        ['r2', '100.00', '119.00', ['tax', 'pricing']],
        ['r3', '119.00', '100.00', ['tax', 'pricing']],
        ['r4', '100.00', '90.00', ['price']],
      ]);
      expect(events[0].oldPricing).toEqual({ taxIncluded: false });
    } finally {
      await stores.close();
    }
    const table = execFileSync(process.execPath, ['bin/pricecrawl.js', 'changes', '--storage', where.dir, ...(where.url ? ['--store', where.url] : [])]).toString('utf8').trim().split('\n');
    expect(table[1]).toMatch(/\sA\s+tax basis \(amounts not comparable\), pricing\s+100\.00 EUR\s+119\.00 EUR/);
  });
});
