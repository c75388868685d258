// Opens a SQLite file of the storage dir for reading only: the file, its WAL and the directory are never written, so an operator who may only read them can.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { PricecrawlError } from '../../src/core/errors';

// URI file names (`file:…?immutable=1`) are a process-wide switch better-sqlite3 reads from the environment when its
// native module loads, before the first connection. Only names that begin with `file:` are read as URIs: every
// other path of the stores opens as before (this module makes its own paths absolute, so never such a name).
process.env.SQLITE_USE_URI ??= '1';

/** Why a read-only connection could not read: the WAL index (-shm) can be neither found nor created beside the file. */
const NO_WAL_INDEX = new Set(['SQLITE_READONLY_DIRECTORY', 'SQLITE_CANTOPEN', 'SQLITE_READONLY_CANTINIT']);

/**
 * A WAL-mode file needs its `-shm` index to be read. A live or killed run leaves `-wal` and `-shm` beside the
 * file, and SQLite reads them without write access (a live run's commits included, consistently). A run that
 * closed cleanly leaves neither, and a reader that may not create `-shm` in the directory cannot open it at all
 * (`SQLITE_READONLY_DIRECTORY`): then every commit is in the file itself, and it opens as immutable (no locks,
 * no index). A `-wal` present with no index to read it by is refused, naming the fix: reading the file alone
 * would show the run without its last commits.
 */
export function openSqliteForReading(path: string): Database.Database {
  const absolute = resolve(path);
  const db = new Database(absolute, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // Opening is lazy: the first read is where SQLite looks for the WAL index.
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    return db;
  } catch (error) {
    db.close();
    if (!NO_WAL_INDEX.has(codeOf(error))) throw error;
    if (existsSync(`${absolute}-wal`)) throw unreadableWal(absolute, error);
    return openImmutable(absolute, error);
  }
}

function openImmutable(absolute: string, cause: unknown): Database.Database {
  const uri = `file:${encodeURI(absolute).replace(/[?#]/g, encodeURIComponent)}?immutable=1`;
  try {
    const db = new Database(uri, { readonly: true });
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    return db;
  } catch {
    // URI names switched off (SQLITE_USE_URI=0 in the environment, or a connection opened before this module loaded).
    throw unreadableWal(absolute, cause);
  }
}

function unreadableWal(path: string, cause: unknown): PricecrawlError {
  return new PricecrawlError(
    'STORAGE_UNREADABLE',
    `cannot read ${path} (${codeOf(cause) || String(cause)}): this user may not create its WAL index (${path}-shm) beside it; ` +
      'run the command as the user who owns the storage dir, or copy the storage dir somewhere this user may write and pass --storage <copy>',
  );
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : '';
}
