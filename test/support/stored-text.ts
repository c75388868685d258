// A stored file's text as a reader would recover it: SQLite tables read row by row and gzip (whole files, blobs) unpacked, for tests that search what a run wrote for a secret.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';

const SQLITE_HEADER = 'SQLite format 3\0';
const isGzip = (bytes: Buffer): boolean => bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * The file's bytes as latin1, then, unpacked: a gzip file's content, or a SQLite database's every column of every row
 * (WAL included) with gzip blobs (raw capture's pages) decompressed. A secret compressed at rest is still at rest:
 * searching the bytes alone never finds it.
 */
export function storedText(path: string): string {
  const bytes = readFileSync(path);
  const parts = [bytes.toString('latin1')];
  if (isGzip(bytes)) parts.push(gunzipSync(bytes).toString('latin1'));
  else if (bytes.subarray(0, SQLITE_HEADER.length).toString('latin1') === SQLITE_HEADER) parts.push(sqliteText(path));
  return parts.join('\n');
}

function sqliteText(path: string): string {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    return tables.flatMap((table) => (db.prepare(`SELECT * FROM "${table}"`).raw().all() as unknown[][]).flat().map(cellText)).join('\n');
  } finally {
    db.close();
  }
}

function cellText(cell: unknown): string {
  if (!Buffer.isBuffer(cell)) return String(cell);
  return isGzip(cell) ? `${cell.toString('latin1')}\n${gunzipSync(cell).toString('latin1')}` : cell.toString('latin1');
}
