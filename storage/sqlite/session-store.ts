// SessionStore: live sessions (cookies, proxy binding, usage) per spider and host in <storage.dir>/sessions.sqlite.
import type Database from 'better-sqlite3';
import { openStorageDb } from './open-storage-db';
import type { SessionState } from '@crawlee/core';

const DDL = `
CREATE TABLE IF NOT EXISTS sessions (
  spider TEXT NOT NULL, host TEXT NOT NULL, id TEXT NOT NULL, proxy_id TEXT, state TEXT NOT NULL, updated_at_ms INTEGER NOT NULL,
  PRIMARY KEY (spider, host, id)
) STRICT, WITHOUT ROWID;`;

/** A session's state as Crawlee serializes it; `userData.proxyId` is its proxy binding (never a URL). */
export interface StoredSession {
  host: string;
  proxyId: string | null;
  state: SessionState;
}

/**
 * Only usable sessions are kept: a retired one is deleted, so a restarted crawl loads exactly the
 * sessions it may still use. Writes come in batches (one transaction per flush).
 */
export class SessionStore {
  private readonly upsert: Database.Statement;
  private readonly remove: Database.Statement;

  private constructor(
    private readonly db: Database.Database,
    private readonly spider: string,
  ) {
    this.upsert = db.prepare(`INSERT INTO sessions (spider, host, id, proxy_id, state, updated_at_ms) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (spider, host, id) DO UPDATE SET proxy_id = excluded.proxy_id, state = excluded.state, updated_at_ms = excluded.updated_at_ms`);
    this.remove = db.prepare('DELETE FROM sessions WHERE spider = ? AND host = ? AND id = ?');
  }

  static open(storageDir: string, spider: string): SessionStore {
    const db = openStorageDb(storageDir, 'sessions.sqlite', DDL);
    return new SessionStore(db, spider);
  }

  load(host: string): StoredSession[] {
    const rows = this.db.prepare('SELECT proxy_id AS proxyId, state FROM sessions WHERE spider = ? AND host = ? ORDER BY updated_at_ms, id').all(this.spider, host) as Array<{ proxyId: string | null; state: string }>;
    return rows.map((row) => ({ host, proxyId: row.proxyId, state: JSON.parse(row.state) as SessionState }));
  }

  /** Saves live sessions and deletes retired ones, in one transaction. */
  write(live: readonly StoredSession[], retired: ReadonlyArray<{ host: string; id: string }>, nowMs: number): void {
    this.db.transaction(() => {
      for (const s of live) this.upsert.run(this.spider, s.host, s.state.id, s.proxyId, JSON.stringify(s.state), nowMs);
      for (const r of retired) this.remove.run(this.spider, r.host, r.id);
    })();
  }

  close(): void {
    this.db.close();
  }
}
