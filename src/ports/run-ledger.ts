// The run-ledger reader port: a run's failed requests and per-URL outcomes, read from the frontier that ran it (SQLite or Redis).
import type { JsonObject } from '../core/json';

/** One request the run gave up on, as its frontier recorded it. */
export interface FailedRequest {
  url: string;
  /** The stable reason code of the failure (`http/404`, `retry/exhausted`, `robots/disallowed`). */
  reason: string;
  /** Retries the request had before it failed (its `attempt` count: 0 when the first try was final). */
  retries: number;
  /** The last HTTP status it got; null when none came (connection refused, timeout, refused before sending). */
  status: number | null;
  /** When the failure was recorded (epoch ms); null for failures recorded before the time was kept. */
  failedAtMs: number | null;
  /** The spider callback and typed meta it carried (a product request's SKU, for the catalog). */
  callback: string;
  meta: JsonObject;
}

/**
 * What reports and the SKU catalog need to know of a run's outcomes, whichever frontier ran it: every
 * failure with its reason (a run that lost work must never read as clean), and whether a URL succeeded.
 */
export interface RunLedgerReader {
  /** The run's failed requests in the order they were planned, in pages of at most `pageSize`. */
  failedRequests(runId: string, pageSize?: number): AsyncIterable<FailedRequest[]>;
  /** Whether the run's GET of `url` succeeded (looked up by the request's fingerprint, the ledger's unique key). */
  succeeded(runId: string, url: string): Promise<boolean>;
  /** Which of these URLs the run GET successfully (one lookup per page of URLs, not one per URL). */
  succeededAmong(runId: string, urls: readonly string[]): Promise<Set<string>>;
  close(): Promise<void>;
}
