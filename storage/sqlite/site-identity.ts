// Items schema v3: an item is its site and SKU; upgrades items, price_changes and sku_catalog of an older items.sqlite in place.
import type Database from 'better-sqlite3';
import { siteOf } from '../../src/pipeline/item-site';

/** The change table; `site` is '' for a row whose URL named no site (a NULL would slip past the UNIQUE). */
export function priceChangesDdl(table: string): string {
  return `
CREATE TABLE IF NOT EXISTS ${table} (
  id INTEGER PRIMARY KEY, spider TEXT NOT NULL, site TEXT NOT NULL, sku TEXT NOT NULL, run_id TEXT NOT NULL,
  previous_run_id TEXT NOT NULL, observed_at_ms INTEGER NOT NULL, previous_observed_at_ms INTEGER NOT NULL, old_price TEXT,
  new_price TEXT, old_currency TEXT, new_currency TEXT, old_availability TEXT, new_availability TEXT, url TEXT NOT NULL,
  old_pricing TEXT, new_pricing TEXT,
  UNIQUE (run_id, spider, site, sku)
) STRICT;`;
}

export function skuCatalogDdl(table: string): string {
  return `
CREATE TABLE IF NOT EXISTS ${table} (
  spider TEXT NOT NULL, site TEXT NOT NULL, sku TEXT NOT NULL, product_url TEXT NOT NULL, first_seen_ms INTEGER NOT NULL,
  last_seen_ms INTEGER NOT NULL, last_attempt_ms INTEGER NOT NULL, last_changed_ms INTEGER, observations INTEGER NOT NULL,
  last_price TEXT, last_currency TEXT, change_times_json TEXT NOT NULL, velocity_per_day REAL NOT NULL,
  last_status TEXT NOT NULL, last_run_id TEXT NOT NULL, consecutive_failures INTEGER NOT NULL, gone_runs INTEGER NOT NULL,
  retired_at_ms INTEGER, last_tax_included INTEGER,
  PRIMARY KEY (spider, site, sku)
) STRICT;`;
}

const PRICE_CHANGE_COLUMNS = `spider, sku, run_id, previous_run_id, observed_at_ms, previous_observed_at_ms, old_price, new_price,
  old_currency, new_currency, old_availability, new_availability, url, old_pricing, new_pricing`;

const CATALOG_COLUMNS = `spider, sku, product_url, first_seen_ms, last_seen_ms, last_attempt_ms, last_changed_ms, observations,
  last_price, last_currency, change_times_json, velocity_per_day, last_status, last_run_id, consecutive_failures, gone_runs,
  retired_at_ms`;

/** The site of a stored URL, or null when it names none (a relative `item.url` a spider stated). */
function storedSite(url: unknown): string | null {
  try {
    return typeof url === 'string' ? siteOf(url) : null;
  } catch {
    return null;
  }
}

function hasTable(db: Database.Database, table: string): boolean {
  return db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table) !== undefined;
}

function hasColumn(db: Database.Database, table: string, column: string): boolean {
  return (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as Array<{ name: string }>).some((c) => c.name === column);
}

/** A table made before v3 (an absent table is made by its current DDL, site included). */
function lacksSite(db: Database.Database, table: string): boolean {
  return hasTable(db, table) && !hasColumn(db, table, 'site');
}

/**
 * Before v3 a SKU item's key was its bare SKU, and history and the catalog followed (spider, sku). Each
 * old row gets the site of the URL it stored, and its key becomes "<site> <sku>" as a new run writes
 * it, so the next run's observation continues the same series. The stored URL is the item's own `url`
 * when it stated one, else the page's: for a spider whose items state a URL on another registrable
 * domain than the page they came from, the series restarts (a break, never a mixed series). Tables are
 * rebuilt because their UNIQUE/PRIMARY KEY gains the site. Idempotent, one transaction.
 */
export function upgradeToSiteIdentity(db: Database.Database): void {
  // Checked before taking the write lock: every open of an upgraded file (each of N crawl processes) reads only.
  if (!['items', 'price_changes', 'sku_catalog'].some((table) => lacksSite(db, table))) return;
  db.function('pricecrawl_site_of', { deterministic: true }, storedSite);
  db.transaction(() => {
    if (lacksSite(db, 'items')) {
      db.exec(`ALTER TABLE items ADD COLUMN site TEXT;
        UPDATE items SET site = pricecrawl_site_of(url);
        UPDATE items SET key = site || ' ' || sku WHERE sku IS NOT NULL AND site IS NOT NULL AND key = sku;
        DROP INDEX IF EXISTS items_by_spider_sku;`);
    }
    if (lacksSite(db, 'price_changes')) {
      db.exec(`${priceChangesDdl('price_changes_v3')}
        INSERT INTO price_changes_v3 (id, site, ${PRICE_CHANGE_COLUMNS})
          SELECT id, COALESCE(pricecrawl_site_of(url), ''), ${PRICE_CHANGE_COLUMNS} FROM price_changes;
        DROP TABLE price_changes;
        ALTER TABLE price_changes_v3 RENAME TO price_changes;
        CREATE INDEX IF NOT EXISTS price_changes_by_time ON price_changes (observed_at_ms);`);
    }
    if (lacksSite(db, 'sku_catalog')) {
      db.exec(`${skuCatalogDdl('sku_catalog_v3')}
        INSERT INTO sku_catalog_v3 (site, ${CATALOG_COLUMNS})
          SELECT COALESCE(pricecrawl_site_of(product_url), ''), ${CATALOG_COLUMNS} FROM sku_catalog;
        DROP TABLE sku_catalog;
        ALTER TABLE sku_catalog_v3 RENAME TO sku_catalog;
        CREATE INDEX IF NOT EXISTS sku_catalog_by_url ON sku_catalog (spider, product_url);`);
    }
  }).immediate();
}
