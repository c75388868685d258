// Puts a freshly opened SQLite connection into WAL mode without racing other openers of the same file.
import type Database from 'better-sqlite3';

/**
 * Sets the busy timeout first: switching to WAL takes an exclusive lock, and a connection without a
 * busy handler fails at once with "database is locked" when another process or connection opens the
 * same file at that moment. (better-sqlite3 already installs a 5 s handler by default; the explicit
 * pragma keeps the order right whatever the constructor options.) The switch is skipped when the file
 * is already in WAL mode, which is persistent: only the opener that creates the file needs the lock.
 */
export function enableWal(db: Database.Database, busyTimeoutMs = 5_000): void {
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  if (db.pragma('journal_mode', { simple: true }) !== 'wal') db.pragma('journal_mode = WAL');
}
