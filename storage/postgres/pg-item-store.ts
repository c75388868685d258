// PgItemStore: the ItemStore on PostgreSQL; one INSERT … ON CONFLICT statement (one round trip) per batch.
import type { ItemStore, StaleItemRefusal, StoredItem } from '../../src/ports/item-store';
import { NEWER_LEASE_WINS, notRetired, replacesRow } from '../item-fence';
import { storedItemFromRow, type ItemRow as ItemRowOf } from '../item-row';
import type { Sql } from './pg-connection';
import { withDeadlockRetry } from './pg-retry';
import { PgWriteFence } from './pg-write-fence';

type ItemRow = ItemRowOf<Record<string, unknown>>;

/**
 * The batch travels as one json parameter: json_to_recordset turns each price string into NUMERIC
 * with NUMERIC's own input function (exact, scale kept), and the statement is one round trip
 * whatever the batch size. ORDER BY ord keeps the batch order in the ids (a run's insertion order).
 */
const UPSERT = `
INSERT INTO items (run_id, key, site, spider, request_id, url, sku, price, currency, pricing, raw_hash, data, scraped_at_ms, lease_fence)
SELECT r."runId", r.key, r.site, r.spider, r."requestId", r.url, r.sku, r.price, r.currency, r.pricing, r."rawHash", r.data::json, r."scrapedAtMs", r."leaseFence"
FROM ROWS FROM (json_to_recordset($1::json) AS ("runId" text, key text, site text, spider text, "requestId" text, url text,
  sku text, price numeric, currency text, pricing text, "rawHash" text, data text, "scrapedAtMs" bigint, "leaseFence" bigint)) WITH ORDINALITY AS r("runId", key, site, spider, "requestId", url, sku, price, currency, pricing, "rawHash", data, "scrapedAtMs", "leaseFence", ord)
WHERE ${notRetired({ runId: 'r."runId"', requestId: 'r."requestId"', leaseFence: 'r."leaseFence"' })}
ORDER BY ord
ON CONFLICT (run_id, key) DO UPDATE SET
  site = excluded.site, spider = excluded.spider, request_id = excluded.request_id, url = excluded.url, sku = excluded.sku,
  price = excluded.price, currency = excluded.currency, pricing = excluded.pricing, raw_hash = excluded.raw_hash,
  data = excluded.data, scraped_at_ms = excluded.scraped_at_ms, lease_fence = excluded.lease_fence
${NEWER_LEASE_WINS}
RETURNING run_id, key`;

/** Rows streamed per round trip by iterateItems. */
const CURSOR_ROWS = 500;

export class PgItemStore implements ItemStore {
  constructor(
    private readonly sql: Sql,
    private readonly fence = new PgWriteFence(),
  ) {}

  /**
   * One statement may not update the same row twice, so a batch holding a key twice keeps the key's
   * first position and the values its row-by-row upserts would leave (the SQLite store's): the last, unless
   * an earlier one holds a newer lease.
   */
  async writeBatch(items: StoredItem[]): Promise<{ refusedStale: StaleItemRefusal[] }> {
    if (items.length === 0) return { refusedStale: [] };
    const idOf = (item: StoredItem) => `${item.runId}\u0000${item.key}`;
    const byKey = new Map<string, StoredItem>();
    const refusedStale: StaleItemRefusal[] = [];
    for (const item of items) {
      const kept = byKey.get(idOf(item));
      // A later one of the batch replacing an earlier one is written, as row by row; one an earlier newer lease keeps is refused.
      if (kept === undefined || replacesRow(kept, item)) byKey.set(idOf(item), item);
      else refusedStale.push({ item, heldBy: kept.requestId });
    }
    const batch = [...byKey.values()];
    // `data` travels as its JSON text: a nested json value taken apart by json_to_recordset does not keep its key order.
    const rows = this.sql.json(batch.map((item) => ({ ...item, site: item.site ?? null, pricing: item.pricing ?? null, leaseFence: item.leaseFence ?? null, data: JSON.stringify(item.data) })) as never);
    // Workers upserting overlapping keys of one run in different orders deadlock on the unique index, and
    // PostgreSQL needs deadlock_timeout (1 s) to notice: writers of the same run take turns instead (run
    // locks in sorted order, so batches spanning runs cannot deadlock on the locks either).
    const runIds = [...new Set(items.map((item) => item.runId))].sort();
    const fenced = await withDeadlockRetry(() =>
      this.fence.begin(this.sql, async (tx) => {
        for (const runId of runIds) await tx`SELECT pg_advisory_xact_lock(hashtext(${`items:${runId}`}))`;
        const written = new Set((await tx.unsafe<Array<{ run_id: string; key: string }>>(UPSERT, [rows])).map((row) => `${row.run_id}\u0000${row.key}`));
        // A row the statement did not return was kept by the fence: the request whose row stands is read in the same transaction.
        const refused: StaleItemRefusal[] = [];
        for (const item of batch.filter((one) => !written.has(idOf(one)))) {
          const [row] = await tx<Array<{ request_id: string; retired: boolean }>>`
            SELECT coalesce((SELECT request_id FROM items WHERE run_id = ${item.runId} AND key = ${item.key}), '') AS request_id,
              EXISTS (SELECT 1 FROM retired_requests WHERE run_id = ${item.runId} AND request_id = ${item.requestId} AND lease_fence > ${item.leaseFence ?? null}) AS retired`;
          refused.push({ item, heldBy: row.retired ? item.requestId : row.request_id });
        }
        return refused;
      }),
    );
    return { refusedStale: [...refusedStale, ...fenced] };
  }

  /** Under the run's item lock, like a batch: a batch of the stale lease cannot interleave with the retiring. */
  async retireRequest(runId: string, requestId: string, leaseFence: number): Promise<void> {
    await withDeadlockRetry(() =>
      this.fence.begin(this.sql, async (tx) => {
        await tx`SELECT pg_advisory_xact_lock(hashtext(${`items:${runId}`}))`;
        await tx`INSERT INTO retired_requests (run_id, request_id, lease_fence) VALUES (${runId}, ${requestId}, ${leaseFence})
          ON CONFLICT (run_id, request_id) DO UPDATE SET lease_fence = greatest(retired_requests.lease_fence, excluded.lease_fence)`;
        await tx`DELETE FROM items WHERE run_id = ${runId} AND request_id = ${requestId} AND lease_fence < ${leaseFence}`;
      }),
    );
  }

  async storedRequests(runId: string): Promise<Map<string, number | null>> {
    const rows = await this.sql<Array<{ id: string; fence: string | null }>>`SELECT request_id AS id, max(lease_fence) AS fence FROM items WHERE run_id = ${runId} GROUP BY request_id`;
    return new Map(rows.map((row) => [row.id, row.fence === null ? null : Number(row.fence)]));
  }

  async countItems(runId?: string): Promise<number> {
    const [row] = runId === undefined
      ? await this.sql<Array<{ n: number }>>`SELECT count(*)::bigint AS n FROM items`
      : await this.sql<Array<{ n: number }>>`SELECT count(*)::bigint AS n FROM items WHERE run_id = ${runId}`;
    return row.n;
  }

  /** Keyset pagination by id: a consistent order without holding a transaction open while the caller works. */
  async *iterateItems(runId: string): AsyncIterable<StoredItem> {
    let after = 0;
    for (;;) {
      const rows = await this.sql<Array<ItemRow & { id: number }>>`
        SELECT id::bigint AS id, run_id, key, site, spider, request_id, url, sku, price, currency, pricing, raw_hash, data, scraped_at_ms
        FROM items WHERE run_id = ${runId} AND id > ${after} ORDER BY id LIMIT ${CURSOR_ROWS}`;
      for (const row of rows) {
        yield storedItemFromRow(row, row.data);
      }
      if (rows.length < CURSOR_ROWS) return;
      after = rows[rows.length - 1].id;
    }
  }

  /** The connection belongs to the store set (open-stores.ts), which ends it. */
  async close(): Promise<void> {}
}
