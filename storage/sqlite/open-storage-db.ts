// Opens a small SQLite file in the storage dir (WAL, synchronous=NORMAL, busy timeout) and runs its DDL.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** WAL + synchronous=NORMAL: a commit survives a process crash; another process may hold the write lock briefly. */
export function openStorageDb(storageDir: string, fileName: string, ddl: string): Database.Database {
  mkdirSync(storageDir, { recursive: true });
  const db = new Database(join(storageDir, fileName));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(ddl);
  return db;
}
