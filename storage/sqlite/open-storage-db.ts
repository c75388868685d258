// Opens a small SQLite file in the storage dir: for a crawl WAL, synchronous, busy timeout and its DDL; for a reader that may not write, as it is.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { applySchema, enableWal, spaceCheckpoints } from './enable-wal';
import { openDbFile } from './open-db-file';
import { openSqliteForReading } from './open-for-reading';
import { withEmptyStandIns } from './empty-stand-ins';

/** `write` for a crawl (WAL, schema, upgrades); `read` for a command that only reads: the file as it is, nothing written. */
export type SqliteAccess = 'write' | 'read';

export interface StorageDbOptions {
  synchronous?: 'NORMAL' | 'FULL';
  access?: SqliteAccess;
  /** Column upgrades of files from older versions, after the DDL (a reader takes the file as it is). */
  upgrade?: (db: Database.Database) => void;
}

/**
 * WAL + synchronous=NORMAL by default: a commit survives a process crash; FULL also survives a power loss.
 * Another process may hold the write lock briefly (busy timeout). Checkpoints are spaced: the blob store
 * adds ~2–3 WAL pages of gzip per fetched page, and checkpointed (two fsyncs on the event loop) every ~500.
 */
export function openStorageDb(storageDir: string, fileName: string, ddl: string, options: StorageDbOptions = {}): Database.Database {
  const { synchronous = 'NORMAL', access = 'write', upgrade } = options;
  if (access === 'read') return withEmptyStandIns(join(storageDir, fileName), ddl, openSqliteForReading);
  const db = openDbFile(join(storageDir, fileName));
  enableWal(db);
  db.pragma(`synchronous = ${synchronous}`);
  spaceCheckpoints(db);
  applySchema(db, () => db.exec(ddl));
  upgrade?.(db);
  return db;
}
