// SqliteCatalogStore: the embedded CatalogStore, tables sku_catalog and catalog_discovery in items.sqlite.
import type { Transaction } from 'better-sqlite3';
import type Database from 'better-sqlite3';
import type { CatalogEntry } from '../../src/catalog/catalog-entry';
import { siteSkuKey } from '../../src/pipeline/stored-item';
import { addByUrl, type CatalogStore, type SiteSku } from '../../src/ports/catalog-store';
import { upgradeItemsDb } from './items-schema';
import { openStorageDb, type SqliteAccess } from './open-storage-db';
import { skuCatalogDdl } from './site-identity';

const DDL = `${skuCatalogDdl('sku_catalog')}
CREATE INDEX IF NOT EXISTS sku_catalog_by_url ON sku_catalog (spider, product_url);
CREATE TABLE IF NOT EXISTS catalog_discovery (spider TEXT PRIMARY KEY, last_discovery_ms INTEGER NOT NULL) STRICT;`;

const UPSERT = `INSERT OR REPLACE INTO sku_catalog VALUES (@spider, @site, @sku, @productUrl, @firstSeenMs, @lastSeenMs, @lastAttemptMs,
  @lastChangedMs, @observations, @lastPrice, @lastCurrency, @changeTimesJson, @velocityPerDay, @lastStatus, @lastRunId,
  @consecutiveFailures, @goneRuns, @retiredAtMs, @lastTaxIncluded)`;

/** A file made before the tax basis was kept, opened to read only (never upgraded): every entry's basis is unsaid. */
const columnsOf = (taxColumn: boolean) => `${COLUMNS}, ${taxColumn ? 'last_tax_included' : 'NULL'} AS lastTaxIncluded`;

const COLUMNS = `spider, site, sku, product_url AS productUrl, first_seen_ms AS firstSeenMs, last_seen_ms AS lastSeenMs,
  last_attempt_ms AS lastAttemptMs, last_changed_ms AS lastChangedMs, observations, last_price AS lastPrice,
  last_currency AS lastCurrency, change_times_json AS changeTimesJson, velocity_per_day AS velocityPerDay,
  last_status AS lastStatus, last_run_id AS lastRunId, consecutive_failures AS consecutiveFailures,
  gone_runs AS goneRuns, retired_at_ms AS retiredAtMs`;

type Row = Omit<CatalogEntry, 'changeTimesMs' | 'lastTaxIncluded'> & { changeTimesJson: string; lastTaxIncluded: number | null };

/** 0 is a net price (`lastTaxIncluded: false`); NULL says nothing, as the item's absent `taxIncluded` does. */
const toEntry = ({ changeTimesJson, lastTaxIncluded, ...row }: Row): CatalogEntry => ({
  ...row, changeTimesMs: JSON.parse(changeTimesJson) as number[], ...(lastTaxIncluded === 0 ? { lastTaxIncluded: false as const } : {}),
});

/** SQLite caps bound parameters per statement; lookups go in chunks of this size. */
const CHUNK = 500;

export class SqliteCatalogStore implements CatalogStore {
  /** Run with `.immediate`: the write lock is taken at BEGIN, never upgraded mid-transaction. */
  private readonly upsertAll: Transaction<(entries: readonly CatalogEntry[]) => void>;

  private readonly columns: string;

  private constructor(private readonly db: Database.Database) {
    const taxColumn = (db.prepare(`SELECT 1 FROM pragma_table_info('sku_catalog') WHERE name = 'last_tax_included'`).get() ?? null) !== null;
    this.columns = columnsOf(taxColumn);
    const upsert = taxColumn ? db.prepare(UPSERT) : null;
    this.upsertAll = db.transaction((entries: readonly CatalogEntry[]) => {
      for (const { changeTimesMs, lastTaxIncluded, ...entry } of entries) {
        upsert!.run({ ...entry, changeTimesJson: JSON.stringify(changeTimesMs), lastTaxIncluded: lastTaxIncluded === false ? 0 : null });
      }
    });
  }

  /** The embedded default: beside the items in `<storage.dir>/items.sqlite`. */
  static open(storageDir: string, access: SqliteAccess = 'write'): SqliteCatalogStore {
    return new SqliteCatalogStore(openStorageDb(storageDir, 'items.sqlite', DDL, { synchronous: 'FULL', access, upgrade: upgradeItemsDb }));
  }

  async getBySku(spider: string, ids: readonly SiteSku[]): Promise<Map<string, CatalogEntry>> {
    const found = new Map<string, CatalogEntry>();
    // Half the chunk: two parameters per identity.
    for (let i = 0; i < ids.length; i += CHUNK / 2) {
      const chunk = ids.slice(i, i + CHUNK / 2);
      const sql = `SELECT ${this.columns} FROM sku_catalog WHERE spider = ? AND (site, sku) IN (VALUES ${chunk.map(() => '(?, ?)').join(',')})`;
      for (const row of this.db.prepare(sql).all(spider, ...chunk.flatMap((id) => [id.site, id.sku])) as Row[]) {
        const entry = toEntry(row);
        found.set(siteSkuKey(entry.site, entry.sku), entry);
      }
    }
    return found;
  }

  async getByUrl(spider: string, urls: readonly string[]): Promise<Map<string, CatalogEntry[]>> {
    const found = new Map<string, CatalogEntry[]>();
    for (let i = 0; i < urls.length; i += CHUNK) {
      const chunk = urls.slice(i, i + CHUNK);
      const sql = `SELECT ${this.columns} FROM sku_catalog WHERE spider = ? AND product_url IN (${chunk.map(() => '?').join(',')})`;
      for (const row of this.db.prepare(sql).all(spider, ...chunk) as Row[]) addByUrl(found, toEntry(row));
    }
    return found;
  }

  async put(entries: readonly CatalogEntry[]): Promise<void> {
    if (entries.length > 0) this.upsertAll.immediate(entries);
  }

  async *entries(spider: string): AsyncIterable<CatalogEntry> {
    // Pages by key rather than one long-lived iterator, so writers are never blocked by a slow consumer.
    // By (sku, site): one SKU on several sites may straddle a page boundary.
    let after = { sku: '', site: '' };
    for (;;) {
      const rows = this.db.prepare(`SELECT ${this.columns} FROM sku_catalog WHERE spider = ? AND (sku, site) > (?, ?) ORDER BY sku, site LIMIT ?`).all(spider, after.sku, after.site, CHUNK) as Row[];
      for (const row of rows) yield toEntry(row);
      if (rows.length < CHUNK) return;
      after = rows[rows.length - 1];
    }
  }

  async lastDiscoveryMs(spider: string): Promise<number | null> {
    const row = this.db.prepare('SELECT last_discovery_ms AS at FROM catalog_discovery WHERE spider = ?').get(spider) as { at: number } | undefined;
    return row?.at ?? null;
  }

  async recordDiscovery(spider: string, atMs: number): Promise<void> {
    this.db.prepare('INSERT OR REPLACE INTO catalog_discovery (spider, last_discovery_ms) VALUES (?, ?)').run(spider, atMs);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
