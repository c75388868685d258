// PgPriceHistory: change events from each run's observations vs the same spider + site + SKU's previous one, in PostgreSQL.
import { parsePricingColumns, type PriceChange, type PriceHistory, type PriceHistoryFilter } from '../../src/ports/price-history';
import type { StoredItem } from '../../src/ports/item-store';
import { observationsOf } from '../price-observation';
import type { Sql } from './pg-connection';
import { PgWriteFence } from './pg-write-fence';

/**
 * The same statement as the SQLite store's: LAG() over each (spider, site, sku) by observation time finds
 * the previous row; events are unique per (run, spider, site, sku), so recording a run twice adds nothing.
 * Prices compare as NUMERIC values (exact), never as floats; pricing fields as their canonical JSON
 * text, and a previous row without it (before migration 3) is not a change. A refused price (null with a
 * \`priceRefusal\`) is no observation of the price: its rows take no part, as in the SQLite store.
 */
const RECORD = `
INSERT INTO price_changes (spider, site, sku, run_id, previous_run_id, observed_at_ms, previous_observed_at_ms,
  old_price, new_price, old_currency, new_currency, old_availability, new_availability, url, old_pricing, new_pricing)
SELECT spider, COALESCE(site, ''), sku, run_id, prev_run, scraped_at_ms, prev_at, prev_price, price, prev_currency, currency, prev_avail, avail, url,
  CASE WHEN pricing IS NULL OR prev_pricing IS NULL THEN NULL ELSE prev_pricing END,
  CASE WHEN pricing IS NULL OR prev_pricing IS NULL THEN NULL ELSE pricing END
FROM (
  SELECT spider, site, sku, run_id, scraped_at_ms, price, currency, url, pricing, avail,
    LAG(run_id) OVER w AS prev_run, LAG(scraped_at_ms) OVER w AS prev_at, LAG(price) OVER w AS prev_price,
    LAG(currency) OVER w AS prev_currency, LAG(avail) OVER w AS prev_avail, LAG(pricing) OVER w AS prev_pricing
  FROM (
    SELECT 0 AS src, id, spider, site, sku, run_id, scraped_at_ms, price, currency, url, pricing, data->>'availability' AS avail
    FROM items WHERE sku IS NOT NULL AND spider = $1 AND NOT (price IS NULL AND data->>'priceRefusal' IS NOT NULL)
    UNION ALL
    SELECT 1, id, spider, site, sku, run_id, scraped_at_ms, price, currency, url, pricing, availability
    FROM price_observations WHERE spider = $1
  ) sources
  WINDOW w AS (PARTITION BY spider, site, sku ORDER BY scraped_at_ms, src, id)
) observed
WHERE run_id = $2 AND prev_run IS NOT NULL AND prev_run <> run_id
  AND (price IS DISTINCT FROM prev_price OR currency IS DISTINCT FROM prev_currency OR avail IS DISTINCT FROM prev_avail
    OR (pricing IS NOT NULL AND prev_pricing IS NOT NULL AND pricing <> prev_pricing))
ON CONFLICT (run_id, spider, site, sku) DO NOTHING`;

/** One round trip for the run's observations; prices become NUMERIC through NUMERIC's own input (exact). */
const OBSERVE = `
INSERT INTO price_observations (spider, site, sku, run_id, scraped_at_ms, price, currency, availability, pricing, url)
SELECT o.spider, o.site, o.sku, o."runId", o."scrapedAtMs", o.price, o.currency, o.availability, o.pricing, o.url
FROM json_to_recordset($1::json) AS o(spider text, site text, sku text, "runId" text, "scrapedAtMs" bigint, price numeric,
  currency text, availability text, pricing text, url text)`;

export class PgPriceHistory implements PriceHistory {
  constructor(
    private readonly sql: Sql,
    private readonly fence = new PgWriteFence(),
  ) {}

  async recordRun(spider: string, runId: string): Promise<number> {
    const result = await this.fence.begin(this.sql, (tx) => tx.unsafe(RECORD, [spider, runId]));
    return result.count;
  }

  /** The run's observations replace any it had (a resumed run hands over all its items again), in one transaction. */
  async recordRunFrom(spider: string, runId: string, items: AsyncIterable<StoredItem>): Promise<number> {
    const observations = await observationsOf(spider, runId, items);
    const rows = this.sql.json(observations as never);
    await this.fence.begin(this.sql, async (tx) => {
      await tx`DELETE FROM price_observations WHERE run_id = ${runId} AND spider = ${spider}`;
      await tx.unsafe(OBSERVE, [rows]);
    });
    return this.recordRun(spider, runId);
  }

  async list(filter: PriceHistoryFilter = {}): Promise<PriceChange[]> {
    const spider = filter.spider ?? null;
    return this.sql<PriceChange[]>`
      SELECT spider, site, sku, run_id AS "runId", previous_run_id AS "previousRunId", observed_at_ms AS "observedAtMs",
        previous_observed_at_ms AS "previousObservedAtMs", old_price AS "oldPrice", new_price AS "newPrice",
        old_currency AS "oldCurrency", new_currency AS "newCurrency", old_availability AS "oldAvailability",
        new_availability AS "newAvailability", old_pricing AS "oldPricing", new_pricing AS "newPricing", url
      FROM price_changes
      WHERE (${spider}::text IS NULL OR spider = ${spider}::text) AND observed_at_ms >= ${filter.sinceMs ?? 0}
      ORDER BY observed_at_ms, spider, sku, site`.then((rows) => rows.map(parsePricingColumns));
  }

  /** The connection belongs to the store set (open-stores.ts), which ends it. */
  async close(): Promise<void> {}
}
