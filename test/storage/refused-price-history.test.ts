// A refused price (the page was read, its price could not be told: `price: null` with `priceRefusal`, as productItem
// yields it) is an unknown price, not a price of nothing: the history neither records a change to it nor back from it,
// on both backends. The default price-coercion and schema-validation stages drop such items; a project that disables
// both (pipeline.disabled), reading prices itself, stores them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { toStoredItem } from '../../src/pipeline/stored-item';
import { openStores } from '../../storage/open-backends';
import { storeBackends } from '../support/store-backends';

const { backends, start, stop } = storeBackends('refused-price');
beforeAll(start);
afterAll(stop);

const source = (runId: string, atMs: number) => ({ spider: 'shop', runId, requestId: `req-${runId}`, url: 'http://shop.test/a', rawHash: 'f'.repeat(64), scrapedAtMs: atMs });
const priced = (runId: string, atMs: number, price: string, availability = 'InStock') =>
  toStoredItem({ sku: 'A', price: new Decimal(price), currency: 'EUR', url: 'http://shop.test/a', availability }, source(runId, atMs));
const refused = (runId: string, atMs: number, availability = 'InStock') =>
  toStoredItem({ sku: 'A', price: null, priceRefusal: 'price/ambiguous', currency: 'EUR', url: 'http://shop.test/a', availability }, source(runId, atMs));

describe.each(backends)('%s: a refused price in the history', (_name, place) => {
  it('is no change to nothing and none back: the next price compares with the last one read', async () => {
    const stores = await openStores(await place());
    try {
      const runs = [priced('r1', 1_000, '10.00'), refused('r2', 2_000), priced('r3', 3_000, '10.00'), refused('r4', 4_000), priced('r5', 5_000, '10.01')];
      for (const row of runs) {
        await stores.items().writeBatch([row]);
        await stores.history().recordRun('shop', row.runId);
      }
      const events = await stores.history().list({ spider: 'shop' });
      expect(events.map((e) => [e.previousRunId, e.runId, e.oldPrice, e.newPrice, e.oldCurrency, e.newCurrency])).toEqual([['r3', 'r5', '10.00', '10.01', 'EUR', 'EUR']]);
    } finally {
      await stores.close();
    }
  });
});
