// Whether a SQLite file is still the one its connection opened: one deleted or replaced under it takes every later commit with it.
import { statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { FILE_MOVED_CODE } from '../../src/engine/storage-failure';


const opened = new WeakMap<Database.Database, { dev: number; ino: number }>();

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

/** Throws a storage failure when the path now names another file or none (a connection never noted passes). */
export function assertFileInPlace(db: Database.Database): void {
  const at = opened.get(db);
  if (at === undefined) return;
  let now: { dev: number; ino: number } | null;
  try {
    now = statSync(db.name);
  } catch {
    now = null;
  }
  if (now !== null && now.dev === at.dev && now.ino === at.ino) return;
  throw Object.assign(new Error(`${db.name} was ${now === null ? 'deleted' : 'replaced by another file'} while this crawl had it open: what it held since is lost with it`), { code: FILE_MOVED_CODE });
}
