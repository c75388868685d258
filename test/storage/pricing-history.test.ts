// Pricing fields in storage and history, on both backends: a change in any of them is an event; rows from before the column (old databases) stay readable and are never a change.
import { execFileSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { toStoredItem } from '../../src/pipeline/stored-item';
import { openStores } from '../../storage/open-backends';
import { connectPostgres } from '../../storage/postgres/pg-connection';
import { MIGRATIONS, migrate } from '../../storage/postgres/pg-migrations';
import { changedPricingFields } from '../../src/ports/price-history';
import { storeBackends, type StorePlace } from '../support/store-backends';

const { backends, start, stop } = storeBackends('pricing');
beforeAll(start);
afterAll(stop);

/** One observation of SKU A in a run, as the pipeline stores it. */
const observation = (runId: string, atMs: number, fields: Record<string, unknown>) =>
  toStoredItem({ sku: 'A', price: new Decimal('10.00'), currency: 'EUR', url: 'http://shop.test/a', availability: 'InStock', ...fields }, { spider: 'shop', runId, requestId: `req-${runId}`, url: 'http://shop.test/a', rawHash: 'f'.repeat(64), scrapedAtMs: atMs });

const SHIPPING = { shippingCost: '4.95', freeShippingOver: '50.00', tiers: [{ minQuantity: 3, price: '9.50', forQuantity: 1, currency: 'EUR' }], unitPrice: null, listPrice: null };

describe.each(backends)('%s: pricing fields in price history', (_name, place) => {
  it('reports a change in shipping cost, tiers or list price with the price unchanged; same fields again is no change', async () => {
    const where = await place();
    const stores = await openStores(where);
    try {
      const runs: Array<[string, Record<string, unknown>]> = [
        ['r1', SHIPPING],
        ['r2', { ...SHIPPING, unitPrice: null }], // same fields (null and absent alike): no event
        ['r3', { ...SHIPPING, shippingCost: '5.95' }],
        ['r4', { ...SHIPPING, shippingCost: '5.95', tiers: [], listPrice: '12.00' }],
      ];
      for (const [i, [runId, fields]] of runs.entries()) {
        await stores.items().writeBatch([observation(runId, 1_000 + i, fields)]);
        await stores.history().recordRun('shop', runId);
      }
      const changes = await stores.history().list({ spider: 'shop' });
      expect(changes.map((c) => [c.runId, c.oldPrice === c.newPrice, changedPricingFields(c)])).toEqual([
        ['r3', true, ['shippingCost']],
        ['r4', true, ['listPrice', 'tiers']],
      ]);
      expect([changes[0].oldPricing?.shippingCost, changes[0].newPricing?.shippingCost]).toEqual(['4.95', '5.95']);
    } finally {
      await stores.close();
    }
    const table = execFileSync(process.execPath, ['bin/pricecrawl.js', 'changes', '--storage', where.dir, ...(where.url ? ['--store', where.url] : [])]).toString('utf8');
    expect(table.split('\n')[0]).toMatch(/availability\s+other$/);
    expect(table).toContain('shippingCost 4.95 → 5.95');
    expect(table).toContain('listPrice — → 12.00; tiers');
  });
});

/** The pre-upgrade row of run r0 reads back without pricing; the next run is no pricing change, the one after is. */
async function expectOldRowKept(where: StorePlace): Promise<void> {
    const stores = await openStores(where);
    try {
      const oldRows = [];
      for await (const row of stores.items().iterateItems('r0')) oldRows.push(row);
      expect(oldRows.map((row) => [row.price, row.pricing])).toEqual([['10.00', null]]);
      await stores.items().writeBatch([observation('r1', 1_000, SHIPPING)]);
      expect(await stores.history().recordRun('shop', 'r1')).toBe(0);
      await stores.items().writeBatch([observation('r2', 2_000, { ...SHIPPING, freeShippingOver: '40.00' })]);
      expect(await stores.history().recordRun('shop', 'r2')).toBe(1);
    } finally {
      await stores.close();
    }
}

describe('old databases stay readable and their rows are never a pricing change', () => {
  it('SQLite: a v1 items.sqlite is upgraded in place; its rows read back; the first new run is compared on price only', async () => {
    const where = await backends[0][1]();
    const old = new Database(join(where.dir, 'items.sqlite'));
    old.exec(`CREATE TABLE items (id INTEGER PRIMARY KEY, run_id TEXT NOT NULL, key TEXT NOT NULL, spider TEXT NOT NULL, request_id TEXT NOT NULL,
      url TEXT NOT NULL, sku TEXT, price TEXT, currency TEXT, raw_hash TEXT NOT NULL, data TEXT NOT NULL, scraped_at_ms INTEGER NOT NULL, UNIQUE (run_id, key)) STRICT;
      CREATE TABLE price_changes (id INTEGER PRIMARY KEY, spider TEXT NOT NULL, sku TEXT NOT NULL, run_id TEXT NOT NULL, previous_run_id TEXT NOT NULL,
      observed_at_ms INTEGER NOT NULL, previous_observed_at_ms INTEGER NOT NULL, old_price TEXT, new_price TEXT, old_currency TEXT, new_currency TEXT,
      old_availability TEXT, new_availability TEXT, url TEXT NOT NULL, UNIQUE (run_id, spider, sku)) STRICT;
      PRAGMA user_version = 1;`);
    old.prepare(`INSERT INTO items (run_id, key, spider, request_id, url, sku, price, currency, raw_hash, data, scraped_at_ms)
      VALUES ('r0', 'A', 'shop', 'q', 'http://shop.test/a', 'A', '10.00', 'EUR', ?, '{"sku":"A","availability":"InStock"}', 500)`).run('f'.repeat(64));
    old.close();
    await expectOldRowKept(where);
  });

  it('PostgreSQL: a database at migration 2 is upgraded to 3 at open, keeping its rows', async () => {
    const where = await backends[1][1]();
    const sql = connectPostgres(where.url!);
    try {
      await migrate(sql, MIGRATIONS.filter((m) => m.version <= 2));
      await sql`INSERT INTO items (run_id, key, spider, request_id, url, sku, price, currency, raw_hash, data, scraped_at_ms)
        VALUES ('r0', 'A', 'shop', 'q', 'http://shop.test/a', 'A', 10.00, 'EUR', ${'f'.repeat(64)}, '{"sku":"A","availability":"InStock"}', 500)`;
    } finally {
      await sql.end();
    }
    await expectOldRowKept(where);
  });
});
