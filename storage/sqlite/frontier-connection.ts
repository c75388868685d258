// One frontier.sqlite connection per file per process, shared by every frontier open on it.
import { resolve } from 'node:path';
import { frontierDbPath, openFrontierDb, type SqliteDb } from './open-frontier-db';
import { GroupCommit } from './group-commit';
import type { SqliteAccess } from './open-storage-db';

/**
 * Why shared: a frontier keeps its turn's write transaction open until setImmediate (group commit).
 * A second connection in the same process writing meanwhile would spin in busy_timeout on the very
 * thread that must commit, then fail with SQLITE_BUSY. Several crawls in one process (`pricecrawl demo`)
 * therefore share one connection and one group commit.
 */
export interface FrontierConnection {
  db: SqliteDb;
  commits: GroupCommit;
  release(): void;
}

interface Shared {
  db: SqliteDb;
  commits: GroupCommit;
  refs: number;
}

const connections = new Map<string, Shared>();

export function acquireFrontierConnection(dir: string, access: SqliteAccess = 'write'): FrontierConnection {
  const key = resolve(frontierDbPath(dir));
  let shared = connections.get(key);
  // A reader shares a writer's connection of this process (`crawl --report`); else it has one of its own, never shared with a writer.
  if (!shared && access === 'read') return readerConnection(openFrontierDb(dir, 'read'));
  if (!shared) {
    const db = openFrontierDb(dir);
    shared = { db, commits: new GroupCommit(db), refs: 0 };
    connections.set(key, shared);
  }
  shared.refs++;
  const entry = shared;
  let released = false;
  return {
    db: entry.db,
    commits: entry.commits,
    release: () => {
      if (released) return;
      released = true;
      entry.refs--;
      if (entry.refs > 0) return;
      entry.commits.flush();
      entry.db.close();
      connections.delete(key);
    },
  };
}

function readerConnection(db: SqliteDb): FrontierConnection {
  return { db, commits: new GroupCommit(db), release: () => db.close() };
}

/** Runs `use` on the directory's frontier.sqlite, shared with any frontier open on it in this process. */
export function withFrontierDb<T>(dir: string, use: (db: SqliteDb) => T): T {
  const connection = acquireFrontierConnection(dir);
  try {
    return use(connection.db);
  } finally {
    connection.release();
  }
}
