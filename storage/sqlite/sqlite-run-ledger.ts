// RunLedgerReader over frontier.sqlite: a run's failed requests and whether a page succeeded, from the request ledger rows.
import { CrawlRequest, type SerializedRequest } from '../../src/core/request';
import type { FailedRequest, RunLedgerReader } from '../../src/ports/run-ledger';
import { acquireFrontierConnection, type FrontierConnection } from './frontier-connection';
import type { SqliteAccess } from './open-storage-db';

interface FailedRow {
  id: number;
  json: string;
  reason: string | null;
  attempt: number;
  status: number | null;
  failed_at: number | null;
}

/** Shares the process's connection to the file (a crawl's frontier may still hold it): one per reader, released by close(). */
export class SqliteRunLedger implements RunLedgerReader {
  private readonly stateOf;

  private constructor(private readonly connection: FrontierConnection) {
    this.stateOf = connection.db.prepare('SELECT state FROM requests WHERE run_id = ? AND fingerprint = ?').pluck();
  }

  static open(dir: string, access: SqliteAccess = 'write'): SqliteRunLedger {
    return new SqliteRunLedger(acquireFrontierConnection(dir, access));
  }

  /** Walks requests_run from the last id read: a page costs its own rows, however many the run holds. */
  async *failedRequests(runId: string, pageSize = 500): AsyncIterable<FailedRequest[]> {
    const page = this.connection.db.prepare(
      `SELECT id, json, reason, attempt, status, failed_at FROM requests INDEXED BY requests_run
       WHERE run_id = ? AND id > ? AND state = 'failed' ORDER BY id LIMIT ?`,
    );
    for (let after = 0; ; ) {
      const rows = page.all(runId, after, pageSize) as FailedRow[];
      if (rows.length === 0) return;
      after = rows[rows.length - 1].id;
      yield rows.map(toFailedRequest);
    }
  }

  async succeeded(runId: string, url: string): Promise<boolean> {
    return this.stateOf.get(runId, new CrawlRequest({ url }).fingerprint) === 'succeeded';
  }

  async succeededAmong(runId: string, urls: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    // SQLite caps bound parameters per statement: chunks of 500 fingerprints.
    for (let i = 0; i < urls.length; i += 500) {
      const byFingerprint = new Map(urls.slice(i, i + 500).map((url) => [new CrawlRequest({ url }).fingerprint, url]));
      const sql = `SELECT fingerprint FROM requests WHERE run_id = ? AND state = 'succeeded' AND fingerprint IN (${[...byFingerprint.keys()].map(() => '?').join(',')})`;
      for (const fingerprint of this.connection.db.prepare(sql).pluck().all(runId, ...byFingerprint.keys()) as string[]) found.add(byFingerprint.get(fingerprint)!);
    }
    return found;
  }

  async close(): Promise<void> {
    this.connection.release();
  }
}

function toFailedRequest(row: FailedRow): FailedRequest {
  const request = JSON.parse(row.json) as SerializedRequest;
  return {
    url: request.url,
    reason: row.reason ?? 'unknown',
    retries: row.attempt,
    status: row.status,
    failedAtMs: row.failed_at,
    callback: request.callback,
    meta: request.meta,
  };
}
