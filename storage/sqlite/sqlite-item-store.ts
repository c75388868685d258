// SqliteItemStore: the embedded ItemStore on better-sqlite3 (WAL), one transaction per batch.
import type { Transaction } from 'better-sqlite3';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { ItemStore, StaleItemRefusal, StoredItem } from '../../src/ports/item-store';
import { NEWER_LEASE_WINS, notRetired } from '../item-fence';
import { storedItemFromRow, type ItemRow as ItemRowOf } from '../item-row';
import { ITEMS_DDL, ITEMS_SCHEMA_VERSION, upgradeItemsDb } from './items-schema';
import { enableWal } from './enable-wal';
import { openSqliteForReading } from './open-for-reading';
import { withEmptyStandIns } from './empty-stand-ins';
import type { SqliteAccess } from './open-storage-db';
import { assertFileInPlace } from './file-in-place';
import { openDbFile } from './open-db-file';

export interface SqliteItemStoreOptions {
  /** Path of the database file; its directory is created when missing. */
  path: string;
  /**
   * `full` (default) fsyncs the WAL on every commit, so a resolved batch survives power loss;
   * `normal` survives a process crash (kill -9) only, and is faster.
   */
  synchronous?: 'full' | 'normal';
  /** `read`: a command that only reads opens the file as it is (no directory, schema or upgrade written). */
  access?: SqliteAccess;
}

type ItemRow = ItemRowOf<string>;

/** The crawl's connection: the directory made, WAL on, the schema created or upgraded to this version. */
function openItemsForWriting(options: SqliteItemStoreOptions): Database.Database {
  const db = openDbFile(options.path);
  enableWal(db);
  db.pragma(`synchronous = ${options.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > ITEMS_SCHEMA_VERSION) {
    throw new Error(`${options.path} has items schema v${version}; this pricecrawl knows up to v${ITEMS_SCHEMA_VERSION}`);
  }
  upgradeItemsDb(db);
  db.exec(ITEMS_DDL);
  db.pragma(`user_version = ${ITEMS_SCHEMA_VERSION}`);
  return db;
}

const UPSERT = `
INSERT INTO items (run_id, key, site, spider, request_id, url, sku, price, currency, pricing, raw_hash, data, scraped_at_ms, lease_fence)
SELECT @runId, @key, @site, @spider, @requestId, @url, @sku, @price, @currency, @pricing, @rawHash, @data, @scrapedAtMs, @leaseFence
WHERE ${notRetired({ runId: '@runId', requestId: '@requestId', leaseFence: '@leaseFence' })}
ON CONFLICT (run_id, key) DO UPDATE SET
  site = excluded.site, spider = excluded.spider, request_id = excluded.request_id, url = excluded.url, sku = excluded.sku,
  price = excluded.price, currency = excluded.currency, pricing = excluded.pricing, raw_hash = excluded.raw_hash,
  data = excluded.data, scraped_at_ms = excluded.scraped_at_ms, lease_fence = excluded.lease_fence
${NEWER_LEASE_WINS}`;

const RETIRE = `INSERT INTO retired_requests (run_id, request_id, lease_fence) VALUES (?, ?, ?)
ON CONFLICT (run_id, request_id) DO UPDATE SET lease_fence = max(lease_fence, excluded.lease_fence)`;

const SELECT_RUN = `SELECT run_id, key, site, spider, request_id, url, sku, price, currency, pricing, raw_hash, data, scraped_at_ms
FROM items WHERE run_id = ? ORDER BY id`;

export class SqliteItemStore implements ItemStore {
  readonly path: string;
  private readonly db: Database.Database;
  private readonly upsert: Database.Statement;
  /** Run with `.immediate`: the write lock is taken (waiting out the busy timeout) at BEGIN, never upgraded mid-transaction. */
  private readonly writeAll: Transaction<(items: StoredItem[]) => StaleItemRefusal[]>;
  private readonly retire: Transaction<(runId: string, requestId: string, leaseFence: number) => void>;

  constructor(options: SqliteItemStoreOptions) {
    this.path = options.path;
    this.db = options.access === 'read' ? withEmptyStandIns(options.path, ITEMS_DDL, openSqliteForReading) : openItemsForWriting(options);
    this.upsert = this.db.prepare(UPSERT);
    const holder = this.db.prepare('SELECT request_id FROM items WHERE run_id = ? AND key = ?').pluck();
    const retired = this.db.prepare('SELECT 1 FROM retired_requests WHERE run_id = ? AND request_id = ? AND lease_fence > ?').pluck();
    this.writeAll = this.db.transaction((items: StoredItem[]) => {
      const refused: StaleItemRefusal[] = [];
      for (const item of items) {
        const { changes } = this.upsert.run({ ...item, site: item.site ?? null, pricing: item.pricing ?? null, leaseFence: item.leaseFence ?? null, data: JSON.stringify(item.data) });
        // No row changed: the upsert's fence kept a newer lease's row (an insert or update always changes one).
        if (changes === 0) {
          const own = item.leaseFence != null && retired.get(item.runId, item.requestId, item.leaseFence) !== undefined;
          refused.push({ item, heldBy: own ? item.requestId : String(holder.get(item.runId, item.key)) });
        }
      }
      return refused;
    });
    const fence = this.db.prepare(RETIRE);
    const drop = this.db.prepare('DELETE FROM items WHERE run_id = ? AND request_id = ? AND lease_fence < ?');
    this.retire = this.db.transaction((runId: string, requestId: string, leaseFence: number) => {
      fence.run(runId, requestId, leaseFence);
      drop.run(runId, requestId, leaseFence);
    });
  }

  /** The embedded default location: `<storage.dir>/items.sqlite`. */
  static open(storageDir: string, options: Omit<SqliteItemStoreOptions, 'path'> = {}): SqliteItemStore {
    return new SqliteItemStore({ ...options, path: join(storageDir, 'items.sqlite') });
  }

  async writeBatch(items: StoredItem[]): Promise<{ refusedStale: StaleItemRefusal[] }> {
    if (items.length === 0) return { refusedStale: [] };
    const refusedStale = this.writeAll.immediate(items);
    // Durable means in the file the storage dir names: a batch committed to a deleted one is not.
    assertFileInPlace(this.db);
    return { refusedStale };
  }

  async retireRequest(runId: string, requestId: string, leaseFence: number): Promise<void> {
    this.retire.immediate(runId, requestId, leaseFence);
    assertFileInPlace(this.db);
  }

  async storedRequests(runId: string): Promise<Map<string, number | null>> {
    const rows = this.db.prepare('SELECT request_id AS id, max(lease_fence) AS fence FROM items INDEXED BY items_by_run WHERE run_id = ? GROUP BY request_id').all(runId) as Array<{ id: string; fence: number | null }>;
    return new Map(rows.map((row) => [row.id, row.fence]));
  }

  async countItems(runId?: string): Promise<number> {
    const row = runId === undefined
      ? (this.db.prepare('SELECT count(*) AS n FROM items').get() as { n: number })
      : (this.db.prepare('SELECT count(*) AS n FROM items WHERE run_id = ?').get(runId) as { n: number });
    return row.n;
  }

  /**
   * Streams from a read-only connection of its own: the snapshot stays consistent while batches
   * keep committing on the writer connection (WAL readers do not block the writer, and a
   * half-consumed iterator cannot make the writer connection "busy").
   */
  async *iterateItems(runId: string): AsyncIterable<StoredItem> {
    const reader = openSqliteForReading(this.path);
    try {
      for (const row of reader.prepare(SELECT_RUN).iterate(runId) as IterableIterator<ItemRow>) {
        yield storedItemFromRow(row, JSON.parse(row.data) as Record<string, unknown>);
      }
    } finally {
      reader.close();
    }
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
