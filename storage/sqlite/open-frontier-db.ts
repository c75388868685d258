// Opens <storage.dir>/frontier.sqlite (WAL, synchronous=NORMAL) and creates the frontier and queue tables.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { FRONTIER_DDL, FRONTIER_SCHEMA_VERSION } from './frontier-schema';
import { addColumnIfMissing } from './add-column';
import { applySchema, enableWal, spaceCheckpoints } from './enable-wal';
import { openDbFile } from './open-db-file';
import { openSqliteForReading } from './open-for-reading';
import type { SqliteAccess } from './open-storage-db';

export type SqliteDb = Database.Database;

export function frontierDbPath(dir: string): string {
  return join(dir, 'frontier.sqlite');
}

/**
 * synchronous=NORMAL in WAL mode: a commit survives a process crash (kill -9), which is what
 * the ledger promises; only an OS crash or power loss can drop the last commits.
 */
export function openFrontierDb(dir: string, access: SqliteAccess = 'write'): SqliteDb {
  // A command that only reads (runs, status, report) takes the file as it is: a newer schema is still refused.
  if (access === 'read') return refuseNewerSchema(openSqliteForReading(frontierDbPath(dir)));
  const db = openDbFile(frontierDbPath(dir));
  // Another process (a crashed run being recovered, a second client) may hold the write lock briefly.
  enableWal(db);
  db.pragma('synchronous = NORMAL');
  // 32 MB page cache (default 2 MB): the fingerprint and pick index pages of a large run stay hot.
  db.pragma('cache_size = -32768');
  spaceCheckpoints(db);
  refuseNewerSchema(db);
  applySchema(db, () => {
    db.exec(FRONTIER_DDL);
    // Version 2: workers name their process exactly (pid + start time), so a reused pid is not taken for them.
    addColumnIfMissing(db, 'workers', 'start_ticks', 'TEXT');
    // Version 3: a failure's time (reports and the SKU catalog read it through the run ledger).
    addColumnIfMissing(db, 'requests', 'failed_at', 'INTEGER');
    // Version 4: the store a run keeps its items in; a run from before has none and adopts its first resume's.
    addColumnIfMissing(db, 'runs', 'item_store', 'TEXT');
    // Version 5: each request's latest lease token; a row from before has none, and its next lease is not an earlier one's.
    addColumnIfMissing(db, 'requests', 'lease_fence', 'INTEGER');
    // ...and the token its acknowledgement stands for items under (none: no items, or acknowledged before).
    addColumnIfMissing(db, 'requests', 'items_fence', 'INTEGER');
    // Version 6: the greatest lease token the run gave out, so every later one is above it (lease-fence.ts).
    if (addColumnIfMissing(db, 'runs', 'last_fence', 'INTEGER')) {
      db.exec('UPDATE runs SET last_fence = (SELECT max(lease_fence) FROM requests r WHERE r.run_id = runs.run_id)');
    }
    db.pragma(`user_version = ${FRONTIER_SCHEMA_VERSION}`);
  });
  return db;
}

function refuseNewerSchema(db: SqliteDb): SqliteDb {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version <= FRONTIER_SCHEMA_VERSION) return db;
  db.close();
  throw new Error(`frontier.sqlite has schema ${version}, newer than this code (${FRONTIER_SCHEMA_VERSION})`);
}
