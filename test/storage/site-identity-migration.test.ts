// Databases from before the site was part of an item's identity (rows keyed by bare SKU) are upgraded in place:
// each row gets the site of its stored URL, and the next run continues the same site's series, on both backends.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { toStoredItem } from '../../src/pipeline/stored-item';
import type { StoredItem } from '../../src/ports/item-store';
import { openStores } from '../../storage/open-backends';
import { connectPostgres } from '../../storage/postgres/pg-connection';
import { MIGRATIONS, migrate } from '../../storage/postgres/pg-migrations';
import { storeBackends, type StorePlace } from '../support/store-backends';
import { readItems } from '../support/test-crawl';
import { skuCatalogDdl } from '../../storage/sqlite/site-identity';
import { SqliteCatalogStore } from '../../storage/sqlite/sqlite-catalog-store';

const { backends, start, stop } = storeBackends('siteid');
beforeAll(start);
afterAll(stop);

/** An observation as the pipeline stores it now. */
const observation = (runId: string, atMs: number, url: string, price: string, currency: string) =>
  toStoredItem({ sku: 'A', price: new Decimal(price), currency }, { spider: 'shop', runId, requestId: `req-${runId}-${url}`, url, rawHash: 'f'.repeat(64), scrapedAtMs: atMs });

const HASH = 'f'.repeat(64);
const CATALOG_ROW = `'shop', 'A', 'https://www.shop.de/p/A', 500, 500, 500, NULL, 1, '10.00', 'EUR', '[]', 0, 'ok', 'r0', 0, 0, NULL`;

/** Items schema v2 as released: the bare SKU is the key, (spider, sku) the history and catalog identity. */
function oldSqlite(dir: string): void {
  const db = new Database(join(dir, 'items.sqlite'));
  db.exec(`CREATE TABLE items (id INTEGER PRIMARY KEY, run_id TEXT NOT NULL, key TEXT NOT NULL, spider TEXT NOT NULL, request_id TEXT NOT NULL,
      url TEXT NOT NULL, sku TEXT, price TEXT, currency TEXT, pricing TEXT, raw_hash TEXT NOT NULL, data TEXT NOT NULL, scraped_at_ms INTEGER NOT NULL,
      UNIQUE (run_id, key)) STRICT;
    CREATE INDEX items_by_run ON items (run_id, id);
    CREATE INDEX items_by_spider_sku ON items (spider, sku, scraped_at_ms) WHERE sku IS NOT NULL;
    CREATE TABLE price_changes (id INTEGER PRIMARY KEY, spider TEXT NOT NULL, sku TEXT NOT NULL, run_id TEXT NOT NULL, previous_run_id TEXT NOT NULL,
      observed_at_ms INTEGER NOT NULL, previous_observed_at_ms INTEGER NOT NULL, old_price TEXT, new_price TEXT, old_currency TEXT, new_currency TEXT,
      old_availability TEXT, new_availability TEXT, url TEXT NOT NULL, old_pricing TEXT, new_pricing TEXT, UNIQUE (run_id, spider, sku)) STRICT;
    CREATE TABLE sku_catalog (spider TEXT NOT NULL, sku TEXT NOT NULL, product_url TEXT NOT NULL, first_seen_ms INTEGER NOT NULL,
      last_seen_ms INTEGER NOT NULL, last_attempt_ms INTEGER NOT NULL, last_changed_ms INTEGER, observations INTEGER NOT NULL,
      last_price TEXT, last_currency TEXT, change_times_json TEXT NOT NULL, velocity_per_day REAL NOT NULL, last_status TEXT NOT NULL,
      last_run_id TEXT NOT NULL, consecutive_failures INTEGER NOT NULL, gone_runs INTEGER NOT NULL, retired_at_ms INTEGER, PRIMARY KEY (spider, sku)) STRICT;
    PRAGMA user_version = 2;`);
  const insert = db.prepare(`INSERT INTO items (run_id, key, spider, request_id, url, sku, price, currency, pricing, raw_hash, data, scraped_at_ms)
    VALUES (?, ?, 'shop', 'q', ?, ?, ?, 'EUR', '{}', '${HASH}', '{}', ?)`);
  insert.run('r0', 'A', 'https://www.shop.de/p/A', 'A', '10.00', 500);
  insert.run('r0', 'REL', '/p/REL', 'REL', '5.00', 500); // a relative item.url a spider stated: names no site
  insert.run('r0', 'ab'.repeat(20), 'https://www.shop.de/about', null, null, 500);
  db.exec(`INSERT INTO price_changes (spider, sku, run_id, previous_run_id, observed_at_ms, previous_observed_at_ms, old_price, new_price, url)
    VALUES ('shop', 'A', 'r0', 'rx', 500, 100, '9.00', '10.00', 'https://www.shop.de/p/A');
    INSERT INTO sku_catalog VALUES (${CATALOG_ROW});`);
  db.close();
}

/** The database at PostgreSQL migration 4 (the last before the site), with the same rows. */
async function oldPostgres(url: string): Promise<void> {
  const sql = connectPostgres(url);
  try {
    await migrate(sql, MIGRATIONS.filter((m) => m.version <= 4));
    await sql.unsafe(`INSERT INTO items (run_id, key, spider, request_id, url, sku, price, currency, pricing, raw_hash, data, scraped_at_ms) VALUES
      ('r0', 'A', 'shop', 'q', 'https://www.shop.de/p/A', 'A', 10.00, 'EUR', '{}', '${HASH}', '{}', 500),
      ('r0', 'REL', 'shop', 'q', '/p/REL', 'REL', 5.00, 'EUR', '{}', '${HASH}', '{}', 500),
      ('r0', '${'ab'.repeat(20)}', 'shop', 'q', 'https://www.shop.de/about', NULL, NULL, 'EUR', '{}', '${HASH}', '{}', 500);
      INSERT INTO price_changes (spider, sku, run_id, previous_run_id, observed_at_ms, previous_observed_at_ms, old_price, new_price, url)
      VALUES ('shop', 'A', 'r0', 'rx', 500, 100, 9.00, 10.00, 'https://www.shop.de/p/A');
      INSERT INTO sku_catalog VALUES (${CATALOG_ROW.replace("'[]'", "'[]'::json")});`);
  } finally {
    await sql.end();
  }
}

const rows = (where: StorePlace, runId: string): Promise<StoredItem[]> => readItems(where.dir, runId, where.url);

async function expectContinuousHistory(where: StorePlace): Promise<void> {
  expect((await rows(where, 'r0')).map((row) => [row.key, row.site])).toEqual([
    ['shop.de A', 'shop.de'], ['REL', null], ['ab'.repeat(20), 'shop.de'],
  ]);
  const stores = await openStores(where);
  try {
    // A resumed r0 rewriting its item lands on the migrated row (same key), not beside it.
    await stores.items().writeBatch([observation('r0', 500, 'https://www.shop.de/p/A', '10.00', 'EUR')]);
    expect(await stores.items().countItems('r0')).toBe(3);
    // The next run: shop.de repriced, shop.ch seen for the first time with the same SKU.
    await stores.items().writeBatch([
      observation('r1', 1_000, 'https://www.shop.de/p/A', '12.00', 'EUR'),
      observation('r1', 1_000, 'https://www.shop.ch/p/A', '14.50', 'CHF'),
    ]);
    expect(await stores.history().recordRun('shop', 'r1')).toBe(1);
    const changes = await stores.history().list({ spider: 'shop' });
    expect(changes.map((c) => [c.runId, c.site, c.sku, c.oldPrice, c.newPrice, c.newCurrency])).toEqual([
      ['r0', 'shop.de', 'A', '9.00', '10.00', null],
      ['r1', 'shop.de', 'A', '10.00', '12.00', 'EUR'],
    ]);
    const catalog = await stores.catalog().getBySku('shop', [{ site: 'shop.de', sku: 'A' }, { site: 'shop.ch', sku: 'A' }]);
    expect([...catalog.keys()]).toEqual(['shop.de A']);
    expect(catalog.get('shop.de A')?.lastPrice).toBe('10.00');
    // The upgraded catalog keeps a net price's basis too (items v4, migration 9).
    await stores.catalog().put([{ ...catalog.get('shop.de A')!, lastTaxIncluded: false }]);
    expect((await stores.catalog().getBySku('shop', [{ site: 'shop.de', sku: 'A' }])).get('shop.de A')?.lastTaxIncluded).toBe(false);
  } finally {
    await stores.close();
  }
  expect((await rows(where, 'r1')).map((row) => [row.key, row.price])).toEqual([['shop.de A', '12.00'], ['shop.ch A', '14.50']]);
}

describe('upgrading a catalog from before its tax basis (items schema v3)', () => {
  it('SQLite: the column is added in place, old entries read with no basis, a net one is kept', async () => {
    const where = await backends[0][1]();
    const db = new Database(join(where.dir, 'items.sqlite'));
    db.exec(skuCatalogDdl('sku_catalog').replace(', last_tax_included INTEGER', ''));
    db.exec(`INSERT INTO sku_catalog VALUES ('shop', 'shop.de', 'A', 'https://www.shop.de/p/A', 500, 500, 500, NULL, 1, '10.00', 'EUR', '[]', 0, 'ok', 'r0', 0, 0, NULL)`);
    db.pragma('user_version = 3');
    db.close();
    // A command that only reads takes the file as it is: its entries read with no basis, nothing is added.
    const reader = SqliteCatalogStore.open(where.dir, 'read');
    try {
      expect([...(await reader.getBySku('shop', [{ site: 'shop.de', sku: 'A' }])).values()].map((e) => [e.lastPrice, 'lastTaxIncluded' in e])).toEqual([['10.00', false]]);
    } finally {
      await reader.close();
    }
    const stores = await openStores(where);
    try {
      const [entry] = (await stores.catalog().getBySku('shop', [{ site: 'shop.de', sku: 'A' }])).values();
      expect([entry.lastPrice, 'lastTaxIncluded' in entry]).toEqual(['10.00', false]);
      await stores.catalog().put([{ ...entry, sku: 'B', lastTaxIncluded: false }]);
      expect((await stores.catalog().getBySku('shop', [{ site: 'shop.de', sku: 'B' }])).get('shop.de B')?.lastTaxIncluded).toBe(false);
    } finally {
      await stores.close();
    }
  });
});

describe('upgrading a database keyed by bare SKU', () => {
  it('SQLite: items schema v2 → v3 in place, history and catalog continue per site', async () => {
    const where = await backends[0][1]();
    oldSqlite(where.dir);
    await expectContinuousHistory(where);
  });

  it('PostgreSQL: migration 4 → 5 at open, history and catalog continue per site', async () => {
    const where = await backends[1][1]();
    await oldPostgres(where.url!);
    await expectContinuousHistory(where);
  });
});
