// SqlitePriceHistory: change events from each run's observations vs the same spider + site + SKU's previous one (items.sqlite).
import type Database from 'better-sqlite3';
import { parsePricingColumns, type PriceChange, type PriceHistory, type PriceHistoryFilter } from '../../src/ports/price-history';
import type { StoredItem } from '../../src/ports/item-store';
import { observationsOf } from '../price-observation';
import { ITEMS_DDL, upgradeItemsDb } from './items-schema';
import { priceChangesDdl } from './site-identity';
import { openStorageDb, type SqliteAccess } from './open-storage-db';

const DDL = `${priceChangesDdl('price_changes')}
CREATE INDEX IF NOT EXISTS price_changes_by_time ON price_changes (observed_at_ms);
CREATE TABLE IF NOT EXISTS price_observations (
  id INTEGER PRIMARY KEY, spider TEXT NOT NULL, site TEXT NOT NULL, sku TEXT NOT NULL, run_id TEXT NOT NULL,
  scraped_at_ms INTEGER NOT NULL, price TEXT, currency TEXT, availability TEXT, pricing TEXT, url TEXT NOT NULL,
  UNIQUE (run_id, spider, site, sku)
) STRICT;
CREATE INDEX IF NOT EXISTS price_observations_by_series ON price_observations (spider, site, sku, scraped_at_ms);`;

const FORGET_RUN = `DELETE FROM price_observations WHERE run_id = @runId AND spider = @spider`;
const OBSERVE = `INSERT INTO price_observations (spider, site, sku, run_id, scraped_at_ms, price, currency, availability, pricing, url)
  VALUES (@spider, @site, @sku, @runId, @scrapedAtMs, @price, @currency, @availability, @pricing, @url)`;

/**
 * The history is the items table itself, and for runs whose items live in a project's own store the
 * observations they handed over (price_observations, one series with the items table's rows) (every run stores each observation with its time); a
 * change event compares a run's row with the previous row of the same SKU on the same site (shop.de and
 * shop.ch selling one SKU are two series: one series of both would read each market switch as a change). Prices compare as exact
 * strings, so "12.50" → "12.5" can never appear (both are stored by Decimal.toFixed()). The pricing
 * fields compare as their canonical JSON text; a previous row without it (written before the column
 * existed) is not a change. A row whose price was refused (null with a \`priceRefusal\` reason: read, not
 * told) is no observation of the price: left in the series it made a change to nothing and one back from it
 * (10.00 → — → 10.00), so such rows take no part, and the next price compares with the last one read.
 */
const RECORD = `
INSERT OR IGNORE INTO price_changes (spider, site, sku, run_id, previous_run_id, observed_at_ms, previous_observed_at_ms,
  old_price, new_price, old_currency, new_currency, old_availability, new_availability, url, old_pricing, new_pricing)
SELECT spider, COALESCE(site, ''), sku, run_id, prev_run, scraped_at_ms, prev_at, prev_price, price, prev_currency, currency, prev_avail, avail, url,
  CASE WHEN pricing IS NULL OR prev_pricing IS NULL THEN NULL ELSE prev_pricing END,
  CASE WHEN pricing IS NULL OR prev_pricing IS NULL THEN NULL ELSE pricing END
FROM (
  SELECT spider, site, sku, run_id, scraped_at_ms, price, currency, url, pricing, avail,
    LAG(run_id) OVER w AS prev_run, LAG(scraped_at_ms) OVER w AS prev_at, LAG(price) OVER w AS prev_price,
    LAG(currency) OVER w AS prev_currency, LAG(avail) OVER w AS prev_avail, LAG(pricing) OVER w AS prev_pricing
  FROM (
    SELECT 0 AS src, id, spider, site, sku, run_id, scraped_at_ms, price, currency, url, pricing, json_extract(data, '$.availability') AS avail
    FROM items WHERE sku IS NOT NULL AND spider = @spider AND NOT (price IS NULL AND json_extract(data, '$.priceRefusal') IS NOT NULL)
    UNION ALL
    SELECT 1, id, spider, site, sku, run_id, scraped_at_ms, price, currency, url, pricing, availability
    FROM price_observations WHERE spider = @spider
  )
  WINDOW w AS (PARTITION BY spider, site, sku ORDER BY scraped_at_ms, src, id)
)
WHERE run_id = @runId AND prev_run IS NOT NULL AND prev_run <> run_id
  AND (price IS NOT prev_price OR currency IS NOT prev_currency OR avail IS NOT prev_avail
    OR (pricing IS NOT NULL AND prev_pricing IS NOT NULL AND pricing <> prev_pricing))`;

const COLUMNS = `spider, site, sku, run_id AS runId, previous_run_id AS previousRunId, observed_at_ms AS observedAtMs,
  previous_observed_at_ms AS previousObservedAtMs, old_price AS oldPrice, new_price AS newPrice, old_currency AS oldCurrency,
  new_currency AS newCurrency, old_availability AS oldAvailability, new_availability AS newAvailability,
  old_pricing AS oldPricing, new_pricing AS newPricing, url`;

export class SqlitePriceHistory implements PriceHistory {
  private constructor(private readonly db: Database.Database) {}

  /** Opens (and prepares) the change table beside the items table in <storageDir>/items.sqlite. */
  static open(storageDir: string, access: SqliteAccess = 'write'): SqlitePriceHistory {
    // A storage dir whose items all went to a project's store has no items table, which the statement reads
    // (created after the upgrade, which migrates an older one in place).
    const upgrade = (db: Database.Database) => {
      upgradeItemsDb(db);
      db.exec(ITEMS_DDL);
    };
    return new SqlitePriceHistory(openStorageDb(storageDir, 'items.sqlite', DDL, { synchronous: 'FULL', access, upgrade }));
  }

  async recordRun(spider: string, runId: string): Promise<number> {
    return this.db.prepare(RECORD).run({ spider, runId }).changes;
  }

  /** The run's observations replace any it had (a resumed run hands over all its items again), in one transaction. */
  async recordRunFrom(spider: string, runId: string, items: AsyncIterable<StoredItem>): Promise<number> {
    const observations = await observationsOf(spider, runId, items);
    const forget = this.db.prepare(FORGET_RUN);
    const observe = this.db.prepare(OBSERVE);
    this.db.transaction(() => {
      forget.run({ spider, runId });
      for (const observation of observations) observe.run(observation);
    })();
    return this.recordRun(spider, runId);
  }

  async list(filter: PriceHistoryFilter = {}): Promise<PriceChange[]> {
    const sql = `SELECT ${COLUMNS} FROM price_changes WHERE (@spider IS NULL OR spider = @spider)
      AND observed_at_ms >= @since ORDER BY observed_at_ms, spider, sku, site`;
    const rows = this.db.prepare(sql).all({ spider: filter.spider ?? null, since: filter.sinceMs ?? 0 }) as PriceChange[];
    return rows.map(parsePricingColumns);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
