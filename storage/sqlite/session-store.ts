// SqliteSessionStore: live sessions (cookies, proxy binding, usage) per spider and host in <storage.dir>/sessions.sqlite.
import type Database from 'better-sqlite3';
import { openStorageDb } from './open-storage-db';
import type { SessionState } from '@crawlee/core';
import type { SessionStore, StoredSession } from '../../src/ports/session-store';

const DDL = `
CREATE TABLE IF NOT EXISTS sessions (
  spider TEXT NOT NULL, host TEXT NOT NULL, id TEXT NOT NULL, proxy_id TEXT, state TEXT NOT NULL, updated_at_ms INTEGER NOT NULL,
  PRIMARY KEY (spider, host, id)
) STRICT, WITHOUT ROWID;`;

/** The embedded store (one process at a time): a flush is one transaction. */
export class SqliteSessionStore implements SessionStore {
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

  static open(storageDir: string, spider: string): SqliteSessionStore {
    const db = openStorageDb(storageDir, 'sessions.sqlite', DDL);
    return new SqliteSessionStore(db, spider);
  }

  async load(host: string): Promise<StoredSession[]> {
    const rows = this.db.prepare('SELECT proxy_id AS proxyId, state FROM sessions WHERE spider = ? AND host = ? ORDER BY updated_at_ms, id').all(this.spider, host) as Array<{ proxyId: string | null; state: string }>;
    return rows.map((row) => ({ host, proxyId: row.proxyId, state: JSON.parse(row.state) as SessionState }));
  }

  /** Saves live sessions and deletes retired ones, in one transaction. */
  async write(live: readonly StoredSession[], retired: ReadonlyArray<{ host: string; id: string }>, nowMs: number): Promise<void> {
    this.db.transaction(() => {
      for (const s of live) this.upsert.run(this.spider, s.host, s.state.id, s.proxyId, JSON.stringify(s.state), nowMs);
      for (const r of retired) this.remove.run(this.spider, r.host, r.id);
    }).immediate();
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
