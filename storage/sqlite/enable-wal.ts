// Puts a freshly opened SQLite connection into WAL mode without racing other openers of the same file.
import type Database from 'better-sqlite3';
import { LOCKED_CODE } from '../../src/engine/storage-failure';

/**
 * Sets the busy timeout first: switching to WAL takes an exclusive lock, and a connection without a
 * busy handler fails at once with "database is locked" when another process or connection opens the
 * same file at that moment. (better-sqlite3 already installs a 5 s handler by default; the explicit
 * pragma keeps the order right whatever the constructor options.) The switch is skipped when the file
 * is already in WAL mode, which is persistent: only the opener that creates the file needs the lock.
 */
export function enableWal(db: Database.Database, busyTimeoutMs = 5_000): void {
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  const deadline = Date.now() + busyTimeoutMs;
  for (;;) {
    try {
      if (db.pragma('journal_mode', { simple: true }) !== 'wal') db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
      // The switch upgrades a read lock to an exclusive one, and SQLite calls no busy handler for an upgrade
      // (it could deadlock): while another process merely reads the new file (opening it too, a worker
      // beside a crawl), it fails at once, "database is locked", whatever the busy timeout. Seen as a crawl
      // and a worker starting together on one storage dir. Tried again until the timeout: by then the
      // other has read, or switched the file itself.
      pause(SWITCH_RETRY_MS);
    }
  }
}

const SWITCH_RETRY_MS = 5;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Opening a store is synchronous (better-sqlite3), as SQLite's own busy handler is: this blocks as it does. */
function pause(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && LOCKED_CODE.test(code);
}

/**
 * Checkpoints copy the WAL into the database file and fsync both, on the thread that commits (the event
 * loop): every 10,000 pages (~40 MB) rather than SQLite's 1,000; the size limit shrinks the WAL file
 * back afterwards. Measured: +20 % next+markHandled throughput on the frontier; on the fast bench the
 * stores of open-storage-db.ts made 186 fsyncs on the event loop per 6,160 pages (blobs 64), now ~130.
 */
export function spaceCheckpoints(db: Database.Database): void {
  db.pragma('wal_autocheckpoint = 10000');
  db.pragma('journal_size_limit = 67108864');
}

/**
 * Runs a file's schema statements (CREATE ... IF NOT EXISTS, column upgrades) as one transaction: on a new
 * file, each statement on its own is a commit of its own (an fsync each under synchronous=FULL); a fresh
 * storage dir took 35–100 ms to open instead of 20–25 ms (bench/README.md, start-up). IMMEDIATE takes the
 * write lock up front, under the busy timeout: a deferred transaction that reads first and then writes
 * would fail at once (SQLITE_BUSY_SNAPSHOT) when another process created the schema meanwhile.
 */
export function applySchema(db: Database.Database, apply: () => void): void {
  db.transaction(apply).immediate();
}
