// PgCatalogStore: the CatalogStore on PostgreSQL, tables sku_catalog and catalog_discovery (migration v2).
import type { CatalogEntry } from '../../src/catalog/catalog-entry';
import { siteSkuKey } from '../../src/pipeline/stored-item';
import { addByUrl, type CatalogStore, type SiteSku } from '../../src/ports/catalog-store';
import type { Sql } from './pg-connection';
import { withDeadlockRetry } from './pg-retry';
import { PgWriteFence } from './pg-write-fence';

/**
 * The batch travels as one json parameter (one round trip whatever its size). last_price goes in
 * through NUMERIC's own input function, exact with its scale ('1299.00' reads back as '1299.00').
 */
const UPSERT = `
INSERT INTO sku_catalog (spider, site, sku, product_url, first_seen_ms, last_seen_ms, last_attempt_ms, last_changed_ms, observations,
  last_price, last_currency, change_times_ms, velocity_per_day, last_status, last_run_id, consecutive_failures, gone_runs, retired_at_ms,
  last_tax_included)
SELECT spider, site, sku, "productUrl", "firstSeenMs", "lastSeenMs", "lastAttemptMs", "lastChangedMs", observations,
  "lastPrice", "lastCurrency", "changeTimesMs", "velocityPerDay", "lastStatus", "lastRunId", "consecutiveFailures", "goneRuns", "retiredAtMs",
  "lastTaxIncluded"
FROM json_to_recordset($1::json) AS r(spider text, site text, sku text, "productUrl" text, "firstSeenMs" bigint, "lastSeenMs" bigint,
  "lastAttemptMs" bigint, "lastChangedMs" bigint, observations integer, "lastPrice" numeric, "lastCurrency" text,
  "changeTimesMs" json, "velocityPerDay" double precision, "lastStatus" text, "lastRunId" text, "consecutiveFailures" integer,
  "goneRuns" integer, "retiredAtMs" bigint, "lastTaxIncluded" boolean)
ON CONFLICT (spider, site, sku) DO UPDATE SET
  product_url = excluded.product_url, first_seen_ms = excluded.first_seen_ms, last_seen_ms = excluded.last_seen_ms,
  last_attempt_ms = excluded.last_attempt_ms, last_changed_ms = excluded.last_changed_ms, observations = excluded.observations,
  last_price = excluded.last_price, last_currency = excluded.last_currency, change_times_ms = excluded.change_times_ms,
  velocity_per_day = excluded.velocity_per_day, last_status = excluded.last_status, last_run_id = excluded.last_run_id,
  consecutive_failures = excluded.consecutive_failures, gone_runs = excluded.gone_runs, retired_at_ms = excluded.retired_at_ms,
  last_tax_included = excluded.last_tax_included`;

const COLUMNS = `spider, site, sku, product_url AS "productUrl", first_seen_ms AS "firstSeenMs", last_seen_ms AS "lastSeenMs",
  last_attempt_ms AS "lastAttemptMs", last_changed_ms AS "lastChangedMs", observations, last_price AS "lastPrice",
  last_currency AS "lastCurrency", change_times_ms AS "changeTimesMs", velocity_per_day AS "velocityPerDay",
  last_status AS "lastStatus", last_run_id AS "lastRunId", consecutive_failures AS "consecutiveFailures",
  gone_runs AS "goneRuns", retired_at_ms AS "retiredAtMs", last_tax_included AS "lastTaxIncluded"`;

type Row = Omit<CatalogEntry, 'lastTaxIncluded'> & { lastTaxIncluded: boolean | null };

/** false is a net price (`lastTaxIncluded: false`); NULL says nothing, as the item's absent `taxIncluded` does. */
const toEntry = ({ lastTaxIncluded, ...row }: Row): CatalogEntry => ({ ...row, ...(lastTaxIncluded === false ? { lastTaxIncluded: false as const } : {}) });

/** Entries streamed per round trip by entries(). */
const PAGE_ROWS = 500;

export class PgCatalogStore implements CatalogStore {
  constructor(
    private readonly sql: Sql,
    private readonly fence = new PgWriteFence(),
  ) {}

  /** The identities travel as one json parameter: no cap on their number, one round trip. */
  async getBySku(spider: string, ids: readonly SiteSku[]): Promise<Map<string, CatalogEntry>> {
    const found = new Map<string, CatalogEntry>();
    if (ids.length === 0) return found;
    const rows = await this.sql.unsafe<Row[]>(
      `SELECT ${COLUMNS} FROM sku_catalog WHERE spider = $1 AND (site, sku) IN (SELECT site, sku FROM json_to_recordset($2::json) AS r(site text, sku text))`,
      [spider, this.sql.json([...ids] as never)]);
    for (const row of rows) found.set(siteSkuKey(row.site, row.sku), toEntry(row));
    return found;
  }

  /** The URLs travel as one json array parameter: no cap on their number, one round trip. */
  async getByUrl(spider: string, urls: readonly string[]): Promise<Map<string, CatalogEntry[]>> {
    const found = new Map<string, CatalogEntry[]>();
    if (urls.length === 0) return found;
    const rows = await this.sql.unsafe<Row[]>(
      `SELECT ${COLUMNS} FROM sku_catalog WHERE spider = $1 AND product_url IN (SELECT json_array_elements_text($2::json))`,
      [spider, this.sql.json([...urls] as never)]);
    for (const row of rows) addByUrl(found, toEntry(row));
    return found;
  }

  /** One statement may not update a row twice: an identity twice in the batch keeps its last entry, as INSERT OR REPLACE does. */
  async put(entries: readonly CatalogEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const bySku = new Map<string, CatalogEntry>();
    for (const entry of entries) bySku.set(`${entry.spider}\u0000${siteSkuKey(entry.site, entry.sku)}`, entry);
    const rows = this.sql.json([...bySku.values()].map((entry) => ({ ...entry, lastTaxIncluded: entry.lastTaxIncluded === false ? false : null })) as never);
    await withDeadlockRetry(() => this.fence.begin(this.sql, (tx) => tx.unsafe(UPSERT, [rows])));
  }

  /** Keyset pagination by SKU and site: no transaction or cursor held open while the caller works. */
  async *entries(spider: string): AsyncIterable<CatalogEntry> {
    // By (sku, site): one SKU on several sites may straddle a page boundary.
    let after = { sku: '', site: '' };
    for (;;) {
      const rows = await this.sql.unsafe<Row[]>(
        `SELECT ${COLUMNS} FROM sku_catalog WHERE spider = $1 AND (sku, site) > ($2, $3) ORDER BY sku, site LIMIT ${PAGE_ROWS}`, [spider, after.sku, after.site]);
      for (const row of rows) yield toEntry(row);
      if (rows.length < PAGE_ROWS) return;
      after = rows[rows.length - 1];
    }
  }

  async lastDiscoveryMs(spider: string): Promise<number | null> {
    const [row] = await this.sql<Array<{ at: number }>>`SELECT last_discovery_ms AS at FROM catalog_discovery WHERE spider = ${spider}`;
    return row?.at ?? null;
  }

  async recordDiscovery(spider: string, atMs: number): Promise<void> {
    await this.fence.begin(this.sql, (tx) => tx`INSERT INTO catalog_discovery (spider, last_discovery_ms) VALUES (${spider}, ${atMs})
      ON CONFLICT (spider) DO UPDATE SET last_discovery_ms = excluded.last_discovery_ms`);
  }

  /** The connection belongs to the store set (open-stores.ts), which ends it. */
  async close(): Promise<void> {}
}
