// The session store port: where per-host sessions (cookies, proxy binding, usage) outlive a process (SQLite or Redis).
import type { SessionState } from '@crawlee/core';

/** A session's state as Crawlee serializes it; `proxyId` is its proxy binding (never a URL). */
export interface StoredSession {
  host: string;
  proxyId: string | null;
  state: SessionState;
}

/**
 * Only usable sessions are kept: a retired one is deleted, so a restarted (or another) worker loads
 * exactly the sessions it may still use. One `write` is one atomic batch.
 */
export interface SessionStore {
  /** The live sessions of one host key. */
  load(host: string): Promise<StoredSession[]>;
  /** Saves live sessions and deletes retired ones, all or nothing. */
  write(live: readonly StoredSession[], retired: ReadonlyArray<{ host: string; id: string }>, nowMs: number): Promise<void>;
  close(): Promise<void>;
}

/** What the composition root hands the sessions middleware: no store (sessions not persisted) or one, and its kind for the start-up log. */
export interface OpenedSessionStore {
  store: SessionStore | null;
  kind: 'memory' | 'sqlite' | 'redis';
}
