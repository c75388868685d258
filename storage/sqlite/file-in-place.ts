// Whether a SQLite file, its write-ahead log and its shared index are still the ones its connection opened: one deleted or replaced under it takes later commits with it.
import { realpathSync, statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { FILE_MOVED_CODE } from '../../src/engine/storage-failure';

interface FileId {
  dev: number;
  ino: number;
}

/** The file as opened, and its -wal and -shm as first seen after a commit (null: the file is not in WAL mode). */
interface Noted extends FileId {
  wal?: { base: string; log: FileId | null; index: FileId | null } | null;
}

const opened = new WeakMap<Database.Database, Noted>();

/**
 * Why: a connection keeps writing to the inode it opened. After `rm items.sqlite` (a clean-up job, a
 * restore copied over it) every commit still succeeded, into a file nobody can open again: the items of
 * each acknowledged request were gone while the ledger counted it succeeded, and `--resume` had nothing
 * left to do. Noted at open (path → device and inode); stores check after a commit that an
 * acknowledgement waits on, before they resolve it.
 */
export function noteFileOpened(db: Database.Database): void {
  const stat = statSync(db.name);
  opened.set(db, { dev: stat.dev, ino: stat.ino });
}

/** Throws a storage failure when the path, or its -wal, now names another file or none (a connection never noted passes). */
export function assertFileInPlace(db: Database.Database): void {
  const at = opened.get(db);
  if (at === undefined) return;
  const now = statOrNull(db.name);
  if (!same(now, at)) throw moved(db.name, now, 'what it held since is lost with it');
  assertWalInPlace(db, at);
}

/**
 * Only the -wal deleted (`rm *.sqlite-wal`, taken for a temporary file): SQLite keeps committing into the
 * deleted log, which only a checkpoint copies into the file. A clean close checkpoints it, but a crash lost
 * every commit since the last checkpoint, acknowledged items and the table they were in with them. While a
 * connection is open SQLite never deletes or replaces the log, so the one seen after the first commit must
 * stay. What the deleted log holds is checkpointed into the file at once (its descriptor is still open), so a
 * crash while the crawl stops loses none of it; nothing is acknowledged after.
 * The -shm likewise: a process that opens the file after it was deleted (a worker, a `--processes` slot
 * taken over) builds an index of its own, and the two write the log over each other's commits (measured: a
 * row another process committed was gone once this connection committed). Noticed at this connection's
 * next commit, the crawl stops before such a process starts.
 */
function assertWalInPlace(db: Database.Database, at: Noted): void {
  if (at.wal === null) return;
  // SQLite puts them beside the file a symlink names, not beside the link.
  const base = at.wal?.base ?? realpathSync(db.name);
  const log = statOrNull(`${base}-wal`);
  const index = statOrNull(`${base}-shm`);
  if (at.wal === undefined) {
    // Right after a commit in WAL mode both exist: one missing now was deleted.
    at.wal = db.pragma('journal_mode', { simple: true }) === 'wal' ? { base, log, index } : null;
    if (at.wal === null) return;
  }
  if (!same(log, at.wal.log)) {
    try {
      db.pragma('wal_checkpoint(FULL)');
    } catch {
      // Best effort: a clean close checkpoints the deleted log again.
    }
    throw moved(`${base}-wal`, log, `what was committed since the last checkpoint was copied into ${db.name}, and nothing more is committed`);
  }
  if (!same(index, at.wal.index)) throw moved(`${base}-shm`, index, 'a process that opens the file now would write over its commits, so nothing more is committed');
}

function statOrNull(path: string): FileId | null {
  try {
    const stat = statSync(path);
    return { dev: stat.dev, ino: stat.ino };
  } catch {
    return null;
  }
}

function same(now: FileId | null, at: FileId | null): boolean {
  return now !== null && at !== null && now.dev === at.dev && now.ino === at.ino;
}

function moved(path: string, now: FileId | null, consequence: string): Error {
  return Object.assign(new Error(`${path} was ${now === null ? 'deleted' : 'replaced by another file'} while this crawl had it open: ${consequence}`), { code: FILE_MOVED_CODE });
}
