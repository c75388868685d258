// SqliteFetchLog: the embedded FetchLog, one row per fetch in <storage.dir>/fetch-log.sqlite, written in group commits.
import type Database from 'better-sqlite3';
import type { FetchLog, FetchLogRow } from '../../src/ports/fetch-log';
import { DEFAULT_GROUP_COMMIT, GroupCommitBuffer, type GroupCommitOptions } from './group-commit-buffer';
import { openStorageDb, type SqliteAccess } from './open-storage-db';

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

/**
 * Rows are buffered and written 256 at a time or 250 ms after the first one (one transaction each):
 * a commit per fetch cost more CPU than the rest of the row's path. A process crash can lose the last
 * 250 ms of rows (their pages are re-fetched anyway: nothing acknowledged depends on the log). Reads
 * flush first, so this process always sees every row it recorded.
 */
export class SqliteFetchLog implements FetchLog {
  private readonly buffer: GroupCommitBuffer<FetchLogRow>;

  private constructor(private readonly db: Database.Database, groupCommit: GroupCommitOptions) {
    this.buffer = new GroupCommitBuffer<FetchLogRow>(db, db.prepare(INSERT), groupCommit);
  }

  static open(storageDir: string, groupCommit: GroupCommitOptions = DEFAULT_GROUP_COMMIT, access: SqliteAccess = 'write'): SqliteFetchLog {
    return new SqliteFetchLog(openStorageDb(storageDir, 'fetch-log.sqlite', DDL, { access }), groupCommit);
  }

  record(row: FetchLogRow): void {
    this.buffer.add(row);
  }

  async flush(): Promise<void> {
    this.buffer.flush();
  }

  async rows(runId: string): Promise<FetchLogRow[]> {
    this.buffer.flush();
    return this.db.prepare(`SELECT ${COLUMNS} FROM fetch_log WHERE run_id = ? ORDER BY id`).all(runId) as FetchLogRow[];
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    try {
      this.buffer.flush();
    } finally {
      this.buffer.stop();
      this.db.close();
    }
  }
}
