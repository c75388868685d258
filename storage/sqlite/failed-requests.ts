// Reads a run's request outcomes from frontier.sqlite for the SKU catalog: failed requests, and whether a page succeeded.
import { CrawlRequest, type SerializedRequest } from '../../src/core/request';
import { acquireFrontierConnection } from './frontier-connection';

export interface FailedRequest {
  url: string;
  reason: string;
}

/** The run's failed requests, in insertion order, read in pages of `pageSize` rows. */
export function* failedRequests(dir: string, runId: string, pageSize = 500): Generator<FailedRequest[]> {
  const connection = acquireFrontierConnection(dir);
  try {
    const page = connection.db.prepare(`SELECT id, json, reason FROM requests WHERE run_id = ? AND id > ? AND state = 'failed' ORDER BY id LIMIT ?`);
    let after = 0;
    for (;;) {
      const rows = page.all(runId, after, pageSize) as Array<{ id: number; json: string; reason: string | null }>;
      if (rows.length === 0) return;
      after = rows[rows.length - 1].id;
      yield rows.map((row) => ({ url: (JSON.parse(row.json) as SerializedRequest).url, reason: row.reason ?? 'unknown' }));
    }
  } finally {
    connection.release();
  }
}

/** Whether the run's GET of `url` succeeded (looked up by fingerprint, the ledger's unique key): one connection for many checks. */
export function openSucceededCheck(dir: string, runId: string): { succeeded(url: string): boolean; close(): void } {
  const connection = acquireFrontierConnection(dir);
  const state = connection.db.prepare('SELECT state FROM requests WHERE run_id = ? AND fingerprint = ?').pluck();
  return {
    succeeded: (url) => state.get(runId, new CrawlRequest({ url }).fingerprint) === 'succeeded',
    close: () => connection.release(),
  };
}
