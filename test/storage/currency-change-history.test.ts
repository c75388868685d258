// A currency switch is never a price change: `changes` says what changed (price, currency, availability, pricing
// fields) per event, as JSON `changed` and as the table's `change` column, on both backends.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { toStoredItem } from '../../src/pipeline/stored-item';
import { openStores } from '../../storage/open-backends';
import { storeBackends } from '../support/store-backends';

const { backends, start, stop } = storeBackends('currency-change');
beforeAll(start);
afterAll(stop);

const observation = (runId: string, atMs: number, price: string, currency: string, availability = 'InStock') =>
  toStoredItem({ sku: 'A', price: new Decimal(price), currency, url: 'http://shop.test/a', availability }, { spider: 'shop', runId, requestId: `req-${runId}`, url: 'http://shop.test/a', rawHash: 'f'.repeat(64), scrapedAtMs: atMs });

describe.each(backends)('%s: what changed, per change event', (_name, place) => {
  it('names a currency switch as such (amounts not comparable), never as a price change', async () => {
    const where = await place();
    const stores = await openStores(where);
    try {
      const runs: Array<[string, string, string, string?]> = [
        ['r1', '10.00', 'EUR'],
        ['r2', '11.50', 'USD'], // the shop served another market: a currency switch
        ['r3', '12.00', 'USD'], // a price change in USD
        ['r4', '12.00', 'USD', 'OutOfStock'], // availability only
        ['r5', '12.00', 'EUR', 'OutOfStock'], // same digits, other currency: still no price change
      ];
      for (const [i, [runId, price, currency, availability]] of runs.entries()) {
        await stores.items().writeBatch([observation(runId, 1_000 + i, price, currency, availability)]);
        await stores.history().recordRun('shop', runId);
      }
    } finally {
      await stores.close();
    }
    const cli = (...args: string[]) => execFileSync(process.execPath, ['bin/pricecrawl.js', 'changes', '--storage', where.dir, ...(where.url ? ['--store', where.url] : []), ...args]).toString('utf8');
    const events = cli('--json').trim().split('\n').map((line) => JSON.parse(line) as { runId: string; changed: string[] });
    expect(events.map((e) => [e.runId, e.changed])).toEqual([['r2', ['currency']], ['r3', ['price']], ['r4', ['availability']], ['r5', ['currency']]]);
    const rows = cli().trim().split('\n');
    expect(rows[0]).toMatch(/^time \(UTC\)\s+spider\s+site\s+sku\s+change\s+old\s+new\s+availability\s+other$/);
    expect(rows[1]).toMatch(/\sA\s+currency \(amounts not comparable\)\s+10\.00 EUR\s+11\.50 USD/);
    expect(rows[2]).toMatch(/\sA\s+price\s+11\.50 USD\s+12\.00 USD/);
  });
});
