// DDL of the SQLite items table and its upgrades; bump ITEMS_SCHEMA_VERSION with a migration when it changes.
import type Database from 'better-sqlite3';
import { upgradeToSiteIdentity } from './site-identity';

/**
 * v2: the pricing column (items) and old/new pricing (price_changes). v3: the site in every SKU identity (site-identity.ts).
 * v4: the catalog's last tax basis (sku_catalog.last_tax_included: 0 for a net price, NULL otherwise).
 * v5: the lease fence of each item row (items.lease_fence, NULL where the frontier gave none: item-fence.ts).
 * v6: retired_requests, the lease a request failed under after a take-over (item-fence.ts).
 */
export const ITEMS_SCHEMA_VERSION = 6;

/**
 * price is TEXT: the exact decimal string, at the currency's minor-unit scale when it has no more
 * digits than that ("1299.00" USD, "1980" JPY), never a REAL.
 * UNIQUE(run_id, key) is the upsert target, so a re-fetch after a crash replaces its rows.
 * id orders a run's rows by first insertion; an upsert keeps the row's original id.
 */
export const ITEMS_DDL = `
CREATE TABLE IF NOT EXISTS items (
  id            INTEGER PRIMARY KEY,
  run_id        TEXT    NOT NULL,
  key           TEXT    NOT NULL,
  site          TEXT,
  spider        TEXT    NOT NULL,
  request_id    TEXT    NOT NULL,
  url           TEXT    NOT NULL,
  sku           TEXT,
  price         TEXT,
  currency      TEXT,
  pricing       TEXT,
  raw_hash      TEXT    NOT NULL,
  data          TEXT    NOT NULL,
  scraped_at_ms INTEGER NOT NULL,
  lease_fence   INTEGER,
  UNIQUE (run_id, key)
) STRICT;
CREATE INDEX IF NOT EXISTS items_by_run ON items (run_id, id);
CREATE TABLE IF NOT EXISTS retired_requests (
  run_id      TEXT    NOT NULL,
  request_id  TEXT    NOT NULL,
  lease_fence INTEGER NOT NULL,
  PRIMARY KEY (run_id, request_id)
) STRICT, WITHOUT ROWID;
-- A failure after a take-over retires its request's rows of older leases (ItemStore.retireRequest): without this
-- each such failure scanned the run's rows. Only fenced rows, a shared frontier's, are indexed: an embedded run pays nothing.
CREATE INDEX IF NOT EXISTS items_by_fenced_request ON items (run_id, request_id) WHERE lease_fence IS NOT NULL;
CREATE INDEX IF NOT EXISTS items_by_spider_site_sku ON items (spider, site, sku, scraped_at_ms) WHERE sku IS NOT NULL;
`;

function addMissingColumns(db: Database.Database, table: string, columns: readonly string[], type = 'TEXT'): void {
  const existing = db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as Array<{ name: string }>;
  if (existing.length === 0) return; // not created yet: its DDL has the columns
  const have = new Set(existing.map((column) => column.name));
  for (const column of columns) if (!have.has(column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
}

/**
 * Upgrades an older items.sqlite in place: v2 adds columns only (old rows keep NULL pricing, which
 * history reads as "not recorded"); v3 gives every SKU row its site. Idempotent, so the item store,
 * the price history and the catalog may each run it, whichever opens the file first.
 */
export function upgradeItemsDb(db: Database.Database): void {
  addMissingColumns(db, 'items', ['pricing']);
  addMissingColumns(db, 'price_changes', ['old_pricing', 'new_pricing']);
  upgradeToSiteIdentity(db);
  addMissingColumns(db, 'sku_catalog', ['last_tax_included'], 'INTEGER');
  addMissingColumns(db, 'items', ['lease_fence'], 'INTEGER');
}
