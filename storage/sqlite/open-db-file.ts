// Opens (creating) a SQLite file for writing: its folder made first, its inode noted for the in-place check.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { noteFileOpened } from './file-in-place';

export function openDbFile(path: string): Database.Database {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  noteFileOpened(db);
  return db;
}
