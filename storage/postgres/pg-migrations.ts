// Versioned PostgreSQL schema: migrations applied at open, once, under an advisory lock (safe with many workers starting together).
import { PricecrawlError } from '../../src/core/errors';
import type { Sql } from './pg-connection';
import { SITE_COLUMNS_SQL, sitesFromUrls, type MigrationTx } from './pg-site-migration';

interface Migration {
  version: number;
  name: string;
  sql: string;
  /** A step SQL alone cannot do (the public suffix list lives in tldts), run after `sql` in the same transaction. */
  then?: (tx: MigrationTx) => Promise<void>;
}

/**
 * Append only: never edit a released migration, add the next version. Prices are NUMERIC (exact,
 * keeps its scale: '1299.00' reads back as '1299.00'); `data` is json (not jsonb) so an item's JSON
 * keeps its key order; times are epoch ms in BIGINT like the SQLite store.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'items, price changes, fetch log, blobs',
    sql: `
CREATE TABLE items (
  id bigserial PRIMARY KEY, run_id text NOT NULL, key text NOT NULL, spider text NOT NULL, request_id text NOT NULL,
  url text NOT NULL, sku text, price numeric, currency text, raw_hash text NOT NULL, data json NOT NULL,
  scraped_at_ms bigint NOT NULL, UNIQUE (run_id, key)
);
CREATE INDEX items_by_run ON items (run_id, id);
CREATE INDEX items_by_spider_sku ON items (spider, sku, scraped_at_ms) WHERE sku IS NOT NULL;
CREATE TABLE price_changes (
  id bigserial PRIMARY KEY, spider text NOT NULL, sku text NOT NULL, run_id text NOT NULL, previous_run_id text NOT NULL,
  observed_at_ms bigint NOT NULL, previous_observed_at_ms bigint NOT NULL, old_price numeric, new_price numeric,
  old_currency text, new_currency text, old_availability text, new_availability text, url text NOT NULL,
  UNIQUE (run_id, spider, sku)
);
CREATE INDEX price_changes_by_time ON price_changes (observed_at_ms);
CREATE TABLE fetch_log (
  id bigserial PRIMARY KEY, run_id text NOT NULL, spider text NOT NULL, request_id text, url text NOT NULL,
  final_url text, host text NOT NULL, status integer, attempt integer NOT NULL, session_id text, proxy_id text,
  retry_after text, raw_hash text, bytes bigint, duration_ms bigint, outcome text NOT NULL, fetched_at_ms bigint NOT NULL
);
CREATE INDEX fetch_log_by_run ON fetch_log (run_id, id);
CREATE INDEX fetch_log_by_hash ON fetch_log (raw_hash) WHERE raw_hash IS NOT NULL;
CREATE TABLE blobs (
  hash text PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'), gzip bytea NOT NULL, bytes bigint NOT NULL,
  stored_at timestamptz NOT NULL DEFAULT now()
);`,
  },
  {
    version: 2,
    name: 'sku catalog, discovery times',
    // sku sorts bytewise (COLLATE "C") whatever the database locale: entries() pages in SQLite's order.
    sql: `
CREATE TABLE sku_catalog (
  spider text NOT NULL, sku text COLLATE "C" NOT NULL, product_url text NOT NULL, first_seen_ms bigint NOT NULL,
  last_seen_ms bigint NOT NULL, last_attempt_ms bigint NOT NULL, last_changed_ms bigint, observations integer NOT NULL,
  last_price numeric, last_currency text, change_times_ms json NOT NULL, velocity_per_day double precision NOT NULL,
  last_status text NOT NULL, last_run_id text NOT NULL, consecutive_failures integer NOT NULL, gone_runs integer NOT NULL,
  retired_at_ms bigint,
  PRIMARY KEY (spider, sku)
);
CREATE INDEX sku_catalog_by_url ON sku_catalog (spider, product_url);
CREATE TABLE catalog_discovery (spider text PRIMARY KEY, last_discovery_ms bigint NOT NULL);`,
  },
  {
    version: 3,
    name: 'pricing fields on items and price changes',
    // text, not json: history compares the canonical JSON text, and json has no equality operator.
    // Existing rows keep NULL, which history reads as "not recorded" rather than as a change.
    sql: `
ALTER TABLE items ADD COLUMN pricing text;
ALTER TABLE price_changes ADD COLUMN old_pricing text, ADD COLUMN new_pricing text;`,
  },
  {
    version: 4,
    name: 'run records and schedule locks',
    // As in frontier.sqlite, plus the machine (hostname) of the process: liveness is only checked there.
    // A schedule lock is a lease: its holder renews expires_ms while it lives.
    sql: `
CREATE TABLE run_records (
  run_id text PRIMARY KEY, spider text NOT NULL, mode text, trigger text NOT NULL, pid integer, hostname text, start_ticks text,
  started_at bigint NOT NULL, ended_at bigint, outcome text NOT NULL, exit_code integer,
  planned integer, succeeded integer, failed integer, pending integer, items integer,
  settings_hash text, settings_json text, error text, summary_json text, seq bigserial NOT NULL
);
CREATE INDEX run_records_by_spider ON run_records (spider, started_at);
CREATE TABLE schedule_locks (
  spider text PRIMARY KEY, run_id text NOT NULL, pid integer NOT NULL, hostname text NOT NULL,
  locked_at bigint NOT NULL, expires_ms bigint NOT NULL
);`,
  },
  {
    version: 5,
    name: 'site in item identity',
    sql: SITE_COLUMNS_SQL,
    then: sitesFromUrls,
  },
  {
    version: 6,
    name: 'schedule lock holder start time',
    // A holder on this machine is judged by pid and start time: by pid alone, a reused pid held the spider.
    sql: `ALTER TABLE schedule_locks ADD COLUMN start_ticks text;`,
  },
  {
    version: 7,
    name: 'price observations of runs stored elsewhere',
    // The history's own copy of what it compares, for runs whose items live in a project's item store.
    sql: `
CREATE TABLE price_observations (
  id bigserial PRIMARY KEY, spider text NOT NULL, site text NOT NULL, sku text NOT NULL, run_id text NOT NULL,
  scraped_at_ms bigint NOT NULL, price numeric, currency text, availability text, pricing text, url text NOT NULL,
  UNIQUE (run_id, spider, site, sku)
);
CREATE INDEX price_observations_by_series ON price_observations (spider, site, sku, scraped_at_ms);`,
  },
  {
    version: 8,
    name: 'schedule lock fencing token',
    // Each claim draws the next number: a holder that paused past its lease is refused by the number it holds
    // (pg-write-fence.ts). A sequence, not a per-row count: a row deleted and claimed again never reuses one.
    sql: `CREATE SEQUENCE schedule_fences; ALTER TABLE schedule_locks ADD COLUMN fence bigint;`,
  },
  {
    version: 9,
    name: 'catalog tax basis',
    // false for an entry whose last price was labelled without tax; NULL otherwise. A net/gross switch is no price move.
    sql: `ALTER TABLE sku_catalog ADD COLUMN last_tax_included boolean;`,
  },
  {
    version: 10,
    name: 'lease fence on items',
    // A Redis lease's token: a worker stopped past its lease never replaces the row of the worker that took its request over (item-fence.ts).
    sql: `ALTER TABLE items ADD COLUMN lease_fence bigint;`,
  },
  {
    version: 11,
    name: 'retired requests',
    // The lease a request failed under after a take-over: an older lease's items of it go and stay out (item-fence.ts).
    sql: `CREATE TABLE retired_requests (run_id text NOT NULL, request_id text NOT NULL, lease_fence bigint NOT NULL, PRIMARY KEY (run_id, request_id));`,
  },
  {
    version: 12,
    name: 'fenced items by request',
    // Every failed request of a shared frontier retires its older leases' rows (retireRequest): without it each failure scanned the run's items.
    sql: `CREATE INDEX items_by_fenced_request ON items (run_id, request_id) WHERE lease_fence IS NOT NULL;`,
  },
];

/** Any constant works; it only has to be the same for every pricecrawl process on this database. */
const MIGRATION_LOCK_KEY = 0x70726963; // "pric"

/**
 * One transaction holding a transaction-scoped advisory lock: a second worker starting at the same
 * time waits for the first to commit, then finds every version applied and does nothing.
 * Resolves to the versions this call applied.
 */
export async function migrate(sql: Sql, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
    await tx`CREATE TABLE IF NOT EXISTS pricecrawl_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`;
    const rows = await tx<Array<{ version: number }>>`SELECT version FROM pricecrawl_migrations`;
    const applied = new Set(rows.map((row) => row.version));
    const known = Math.max(0, ...migrations.map((m) => m.version));
    const newest = Math.max(0, ...applied);
    // Another team's newer pricecrawl upgraded it: its tables may mean something this build cannot tell, so
    // nothing is written (the transaction rolls back). A refusal, exit 2, not a crash of ours (exit 1).
    if (newest > known) throw new PricecrawlError('STORE_SCHEMA_NEWER', `the database has schema v${newest}; this pricecrawl knows up to v${known}: a newer pricecrawl upgraded it, so this one writes nothing there; upgrade pricecrawl to use it`);
    const done: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (applied.has(migration.version)) continue;
      await tx.unsafe(migration.sql);
      await migration.then?.(tx);
      await tx`INSERT INTO pricecrawl_migrations (version, name) VALUES (${migration.version}, ${migration.name})`;
      done.push(migration.version);
    }
    return done;
  }) as Promise<number[]>;
}
