// What a read-only opener shows of a store the storage dir has not written yet: its tables, empty.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';

/**
 * A file or table is created by the crawl that first writes it (the price history's at the run's end, blobs at
 * the first page kept): a run killed before then, or one that never wrote there, left none. A reader may not
 * create them, and "nothing recorded" is what their absence means: the file, when missing, is an empty one in
 * memory; each table missing from the file is an empty TEMP table of its DDL (indexes left out: nothing to find
 * fast). TEMP tables are found before the file's, so only a table the file lacks gets one: none can hide rows.
 */
export function withEmptyStandIns(path: string, ddl: string, open: (path: string) => Database.Database): Database.Database {
  if (!existsSync(path)) {
    const empty = new Database(':memory:');
    empty.exec(ddl);
    return empty;
  }
  const db = open(path);
  const inFile = db.prepare("SELECT 1 FROM main.sqlite_schema WHERE type = 'table' AND name = ?").pluck();
  for (const statement of ddl.split(/;\s*(?=CREATE\b|$)/)) {
    const table = /^\s*CREATE TABLE IF NOT EXISTS (\w+)/.exec(statement)?.[1];
    if (table !== undefined && inFile.get(table) === undefined) db.exec(statement.replace(/CREATE TABLE/, 'CREATE TEMP TABLE'));
  }
  return db;
}
