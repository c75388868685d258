// PgFetchLog: the FetchLog on PostgreSQL; rows are buffered and written one multi-row INSERT per event-loop turn.
import type { FetchLog, FetchLogRow } from '../../src/ports/fetch-log';
import type { Sql } from './pg-connection';

const INSERT = `
INSERT INTO fetch_log (run_id, spider, request_id, url, final_url, host, status, attempt, session_id, proxy_id,
  retry_after, raw_hash, bytes, duration_ms, outcome, fetched_at_ms)
SELECT r."runId", r.spider, r."requestId", r.url, r."finalUrl", r.host, r.status, r.attempt, r."sessionId", r."proxyId",
  r."retryAfter", r."rawHash", r.bytes, r."durationMs", r.outcome, r."fetchedAtMs"
FROM ROWS FROM (json_to_recordset($1::json) AS ("runId" text, spider text, "requestId" text, url text, "finalUrl" text,
  host text, status integer, attempt integer, "sessionId" text, "proxyId" text, "retryAfter" text, "rawHash" text,
  bytes bigint, "durationMs" bigint, outcome text, "fetchedAtMs" bigint)) WITH ORDINALITY AS r("runId", spider, "requestId", url, "finalUrl", host, status, attempt, "sessionId", "proxyId", "retryAfter", "rawHash", bytes, "durationMs", outcome, "fetchedAtMs", ord)
ORDER BY ord`;

/**
 * record() never waits on the network: the fetch path calls it per response. Rows of one turn go
 * in one statement; writes run one at a time so ids follow record order. A failed write is kept
 * and rethrown by the next flush()/close(), so a lost row is never silent.
 */
export class PgFetchLog implements FetchLog {
  private buffer: FetchLogRow[] = [];
  private writing: Promise<void> = Promise.resolve();
  private scheduled = false;
  private failure: unknown = null;

  constructor(private readonly sql: Sql) {}

  record(row: FetchLogRow): void {
    this.buffer.push(row);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.writeBuffered();
    });
  }

  async flush(): Promise<void> {
    await this.writeBuffered();
    if (this.failure !== null) {
      const failure = this.failure;
      this.failure = null;
      throw failure;
    }
  }

  async rows(runId: string): Promise<FetchLogRow[]> {
    await this.flush();
    const rows = await this.sql<FetchLogRow[]>`
      SELECT run_id AS "runId", spider, request_id AS "requestId", url, final_url AS "finalUrl", host, status, attempt,
        session_id AS "sessionId", proxy_id AS "proxyId", retry_after AS "retryAfter", raw_hash AS "rawHash", bytes,
        duration_ms AS "durationMs", outcome, fetched_at_ms AS "fetchedAtMs"
      FROM fetch_log WHERE run_id = ${runId} ORDER BY id`;
    return [...rows];
  }

  async close(): Promise<void> {
    await this.flush();
  }

  /** Chains the write after the one in progress; resolves when everything buffered so far is written (or failed). */
  private writeBuffered(): Promise<void> {
    this.writing = this.writing.then(async () => {
      if (this.buffer.length === 0) return;
      const rows = this.buffer;
      this.buffer = [];
      try {
        await this.sql.unsafe(INSERT, [this.sql.json(rows as never)]);
      } catch (error) {
        this.failure ??= error;
      }
    });
    return this.writing;
  }
}
