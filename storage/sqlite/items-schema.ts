// DDL of the SQLite items table; bump ITEMS_SCHEMA_VERSION with a migration when it changes.
export const ITEMS_SCHEMA_VERSION = 1;

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
  spider        TEXT    NOT NULL,
  request_id    TEXT    NOT NULL,
  url           TEXT    NOT NULL,
  sku           TEXT,
  price         TEXT,
  currency      TEXT,
  raw_hash      TEXT    NOT NULL,
  data          TEXT    NOT NULL,
  scraped_at_ms INTEGER NOT NULL,
  UNIQUE (run_id, key)
) STRICT;
CREATE INDEX IF NOT EXISTS items_by_run ON items (run_id, id);
CREATE INDEX IF NOT EXISTS items_by_spider_sku ON items (spider, sku, scraped_at_ms) WHERE sku IS NOT NULL;
`;
