// Opens a small SQLite file in the storage dir (WAL, synchronous=NORMAL, busy timeout) and runs its DDL.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { applySchema, enableWal, spaceCheckpoints } from './enable-wal';
import { noteFileOpened } from './file-in-place';

/**
 * WAL + synchronous=NORMAL by default: a commit survives a process crash; FULL also survives a power loss.
 * Another process may hold the write lock briefly (busy timeout). Checkpoints are spaced: the blob store
 * adds ~2–3 WAL pages of gzip per fetched page, and checkpointed (two fsyncs on the event loop) every ~500.
 */
export function openStorageDb(storageDir: string, fileName: string, ddl: string, synchronous: 'NORMAL' | 'FULL' = 'NORMAL'): Database.Database {
  mkdirSync(storageDir, { recursive: true });
  const db = new Database(join(storageDir, fileName));
  noteFileOpened(db);
  enableWal(db);
  db.pragma(`synchronous = ${synchronous}`);
  spaceCheckpoints(db);
  applySchema(db, () => db.exec(ddl));
  return db;
}
