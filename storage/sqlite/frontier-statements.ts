// Prepared statements of the SQLite frontier: the per-host pick, lease and the three outcomes.
import type Database from 'better-sqlite3';
import type { SqliteDb } from './open-frontier-db';

/** A prepared statement of frontier.sqlite, named so the package's declarations can refer to it. */
export type FrontierStatement = Database.Statement<unknown[], unknown>;
export type FrontierStatements = Record<'insert' | 'pick' | 'earliest' | 'leasedByOthers' | 'pendingOfHost' | 'nextPendingHost' | 'runFence' | 'raiseRunFence' | 'lease' | 'succeed' | 'fail' | 'defer', FrontierStatement>;

/**
 * Outcome updates match only rows in progress in this run, so a stale or foreign request changes
 * nothing and the caller sees 0 changes instead of silently rewriting the ledger.
 */
export function frontierStatements(db: SqliteDb): FrontierStatements {
  return {
    insert: db.prepare(
      `INSERT INTO requests (run_id, fingerprint, host, state, priority, not_before, attempt, json)
       VALUES (?, ?, ?, 'pending', ?, 0, ?, ?) ON CONFLICT (run_id, fingerprint) DO NOTHING`,
    ),
    pick: db.prepare(
      `SELECT id, json, attempt, lease_fence FROM requests INDEXED BY requests_pick
       WHERE run_id = ? AND host = ? AND state = 'pending' AND not_before <= ?
       ORDER BY priority DESC, id LIMIT 1`,
    ),
    // Without the hint SQLite prefers requests_state and walks every pending row of the run.
    earliest: db.prepare(
      `SELECT MIN(not_before) AS at FROM requests INDEXED BY requests_pick WHERE run_id = ? AND host = ? AND state = 'pending'`,
    ),
    leasedByOthers: db.prepare(
      `SELECT 1 FROM requests INDEXED BY requests_leased WHERE run_id = ? AND state = 'in_progress' AND worker_id IS NOT ? LIMIT 1`,
    ),
    pendingOfHost: db
      .prepare(`SELECT COUNT(*) FROM requests INDEXED BY requests_pick WHERE run_id = ? AND host = ? AND state = 'pending'`)
      .pluck(),
    // One hop along requests_pick to the next host with pending work: a resume finds its hosts without
    // reading every pending row (a GROUP BY over a million of them took ~0.2-0.4 s).
    nextPendingHost: db
      .prepare(`SELECT host FROM requests INDEXED BY requests_pick WHERE run_id = ? AND state = 'pending' AND host > ? ORDER BY host LIMIT 1`)
      .pluck(),
    // The run's greatest token, read and raised inside the lease's transaction: the write lock orders the
    // processes of a shared run, so no two leases of the run share a token or go below an earlier one.
    runFence: db.prepare(`SELECT last_fence FROM runs WHERE run_id = ?`).pluck(),
    raiseRunFence: db.prepare(`UPDATE runs SET last_fence = ? WHERE run_id = ?`),
    // A Crawlee client's lock passes null: its items carry no token, so the request's last one stands.
    lease: db.prepare(`UPDATE requests SET state = 'in_progress', worker_id = ?, lease_fence = coalesce(?, lease_fence) WHERE id = ?`),
    succeed: db.prepare(
      `UPDATE requests SET state = 'succeeded', status = ?, items_fence = ?, worker_id = NULL WHERE id = ? AND run_id = ? AND state = 'in_progress'`,
    ),
    fail: db.prepare(
      `UPDATE requests SET state = 'failed', reason = ?, status = ?, failed_at = ?, worker_id = NULL
       WHERE id = ? AND run_id = ? AND state = 'in_progress'`,
    ),
    defer: db.prepare(
      `UPDATE requests SET state = 'pending', not_before = ?, attempt = attempt + ?, reason = ?, json = coalesce(?, json), worker_id = NULL
       WHERE id = ? AND run_id = ? AND state = 'in_progress'`,
    ),
  };
}

/** A row the pick statement returns. */
export interface PickedRow {
  id: number;
  json: string;
  attempt: number;
  /** The token of the request's latest lease; null when it was never leased by an engine. */
  lease_fence: number | null;
}
