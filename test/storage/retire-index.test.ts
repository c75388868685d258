// Retiring a request's rows of older leases (ItemStore.retireRequest, at every end of a request leased before) reads
// the request's fenced rows through items_by_fenced_request on both backends, never the run's other rows.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStores } from '../../storage/open-backends';
import { SqliteItemStore } from '../../storage/sqlite/sqlite-item-store';
import { storeBackends } from '../support/store-backends';

const { backends, start, stop } = storeBackends('retire-index');
const [sqlitePlace, pgPlace] = backends.map(([, place]) => place);
/** A run of many item rows, a few of them fenced (a shared frontier's), as a large catalog's. */
const ROWS = 20_000;

beforeAll(start);
afterAll(stop);

describe('the retire of a request leased before', () => {
  it('is planned on items_by_fenced_request in SQLite', async () => {
    const place = await sqlitePlace();
    await SqliteItemStore.open(place.dir).close(); // the schema, as a crawl makes it
    const db = new Database(join(place.dir, 'items.sqlite'));
    try {
      db.prepare(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
        INSERT INTO items (run_id, key, spider, request_id, url, raw_hash, data, scraped_at_ms, lease_fence)
        SELECT 'r1', 'k' || i, 's', 'q' || (i / 4), 'http://127.0.0.1/' || i, 'h', '{}', 0, CASE WHEN i % 100 = 0 THEN i END FROM n`).run();
      db.exec('ANALYZE');
      const plan = db.prepare('EXPLAIN QUERY PLAN DELETE FROM items WHERE run_id = ? AND request_id = ? AND lease_fence < ?').all('r1', 'q25', 200) as Array<{ detail: string }>;
      expect(plan.map((step) => step.detail).join('\n')).toContain('USING INDEX items_by_fenced_request');
    } finally {
      db.close();
    }
  });

  it('is planned on items_by_fenced_request in PostgreSQL', async () => {
    const place = await pgPlace();
    await (await openStores(place)).close(); // the migrations, as a crawl runs them
    const sql = postgres(place.url!, { max: 1, onnotice: () => undefined });
    try {
      await sql`INSERT INTO items (run_id, key, spider, request_id, url, raw_hash, data, scraped_at_ms, lease_fence)
        SELECT 'r1', 'k' || i, 's', 'q' || (i / 4), 'http://127.0.0.1/' || i, 'h', '{}', 0, CASE WHEN i % 100 = 0 THEN i END
        FROM generate_series(1, ${ROWS}) AS i`;
      await sql`ANALYZE items`;
      const plan = await sql.unsafe<Array<{ 'QUERY PLAN': string }>>('EXPLAIN DELETE FROM items WHERE run_id = $1 AND request_id = $2 AND lease_fence < $3', ['r1', 'q25', 200]);
      expect(plan.map((step) => step['QUERY PLAN']).join('\n')).toContain('items_by_fenced_request');
    } finally {
      await sql.end();
    }
  });
});
