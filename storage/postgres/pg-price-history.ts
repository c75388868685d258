// PgPriceHistory: change events from each run's observations vs the same spider + site + SKU's previous one, in PostgreSQL.
import { parsePricingColumns, type PriceChange, type PriceHistory, type PriceHistoryFilter } from '../../src/ports/price-history';
import type { Sql } from './pg-connection';

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
  SELECT spider, site, sku, run_id, scraped_at_ms, price, currency, url, pricing, data->>'availability' AS avail,
    LAG(run_id) OVER w AS prev_run, LAG(scraped_at_ms) OVER w AS prev_at, LAG(price) OVER w AS prev_price,
    LAG(currency) OVER w AS prev_currency, LAG(data->>'availability') OVER w AS prev_avail, LAG(pricing) OVER w AS prev_pricing
  FROM items WHERE sku IS NOT NULL AND spider = $1 AND NOT (price IS NULL AND data->>'priceRefusal' IS NOT NULL)
  WINDOW w AS (PARTITION BY spider, site, sku ORDER BY scraped_at_ms, id)
) observed
WHERE run_id = $2 AND prev_run IS NOT NULL AND prev_run <> run_id
  AND (price IS DISTINCT FROM prev_price OR currency IS DISTINCT FROM prev_currency OR avail IS DISTINCT FROM prev_avail
    OR (pricing IS NOT NULL AND prev_pricing IS NOT NULL AND pricing <> prev_pricing))
ON CONFLICT (run_id, spider, site, sku) DO NOTHING`;

export class PgPriceHistory implements PriceHistory {
  constructor(private readonly sql: Sql) {}

  async recordRun(spider: string, runId: string): Promise<number> {
    const result = await this.sql.unsafe(RECORD, [spider, runId]);
    return result.count;
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
