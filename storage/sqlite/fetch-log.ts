// FetchLog: one SQLite row per fetch (url, status, attempt, rawHash, bytes, duration, outcome) in <storage.dir>/fetch-log.sqlite.
import type Database from 'better-sqlite3';
import { openStorageDb } from './open-storage-db';

export interface FetchLogRow {
  runId: string;
  spider: string;
  requestId: string | null;
  url: string;
  /** URL after redirects; null when no response arrived. */
  finalUrl: string | null;
  host: string;
  status: number | null;
  /** 0 on the first send. */
  attempt: number;
  /** Session id, and the proxy's `host:port` id (never credentials); null when sessions are off / the send went direct. */
  sessionId: string | null;
  proxyId: string | null;
  /** The response's Retry-After header as sent, when present. */
  retryAfter: string | null;
  rawHash: string | null;
  bytes: number | null;
  durationMs: number | null;
  /** `response`, or the transport error's stable reason (`fetch/timeout`, ...). */
  outcome: string;
  fetchedAtMs: number;
}

const DDL = `
CREATE TABLE IF NOT EXISTS fetch_log (
  id INTEGER PRIMARY KEY, run_id TEXT NOT NULL, spider TEXT NOT NULL, request_id TEXT, url TEXT NOT NULL,
  final_url TEXT, host TEXT NOT NULL, status INTEGER, attempt INTEGER NOT NULL, session_id TEXT, proxy_id TEXT,
  retry_after TEXT, raw_hash TEXT, bytes INTEGER, duration_ms INTEGER, outcome TEXT NOT NULL, fetched_at_ms INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS fetch_log_by_run ON fetch_log (run_id, id);
CREATE INDEX IF NOT EXISTS fetch_log_by_hash ON fetch_log (raw_hash) WHERE raw_hash IS NOT NULL;`;

const INSERT = `INSERT INTO fetch_log (run_id, spider, request_id, url, final_url, host, status, attempt, session_id, proxy_id,
  retry_after, raw_hash, bytes, duration_ms, outcome, fetched_at_ms)
VALUES (@runId, @spider, @requestId, @url, @finalUrl, @host, @status, @attempt, @sessionId, @proxyId,
  @retryAfter, @rawHash, @bytes, @durationMs, @outcome, @fetchedAtMs)`;

const COLUMNS = `run_id AS runId, spider, request_id AS requestId, url, final_url AS finalUrl, host, status, attempt,
  session_id AS sessionId, proxy_id AS proxyId, retry_after AS retryAfter, raw_hash AS rawHash, bytes,
  duration_ms AS durationMs, outcome, fetched_at_ms AS fetchedAtMs`;

export class FetchLog {
  private readonly insert: Database.Statement;

  private constructor(private readonly db: Database.Database) {
    this.insert = db.prepare(INSERT);
  }

  static open(storageDir: string): FetchLog {
    const db = openStorageDb(storageDir, 'fetch-log.sqlite', DDL);
    return new FetchLog(db);
  }

  record(row: FetchLogRow): void {
    this.insert.run(row);
  }

  rows(runId: string): FetchLogRow[] {
    return this.db.prepare(`SELECT ${COLUMNS} FROM fetch_log WHERE run_id = ? ORDER BY id`).all(runId) as FetchLogRow[];
  }

  close(): void {
    this.db.close();
  }
}
