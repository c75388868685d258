// Ledger summary of one run, each count taken with its own WHERE so a bookkeeping bug breaks the invariant.
import type { SqliteDb } from './open-frontier-db';
import type { LedgerCounts, LedgerSummary } from '../../src/ports/frontier';

const emptyCounts = (): LedgerCounts => ({ planned: 0, succeeded: 0, failed: 0, pending: 0 });

/** The four ledger counts alone (a Crawlee client's getInfo()); the same cost per row as runSummary's. */
export function runCounts(db: SqliteDb, runId: string): LedgerCounts {
  const count = (where: string): number =>
    (db.prepare(`SELECT COUNT(*) AS n FROM requests INDEXED BY requests_run WHERE run_id = ? ${where}`).get(runId) as { n: number }).n;
  return {
    planned: count(''),
    succeeded: count(`AND state = 'succeeded'`),
    failed: count(`AND state = 'failed'`),
    pending: count(`AND state IN ('pending', 'in_progress')`),
  };
}

/** Cost grows with the run (a few seconds per million rows): for live progress keep counters instead. */
export function runSummary(db: SqliteDb, runId: string): LedgerSummary {
  const failedByReason: Record<string, number> = {};
  const reasons = db
    .prepare(
      `SELECT COALESCE(reason, 'unknown') AS reason, COUNT(*) AS n FROM requests INDEXED BY requests_run
       WHERE run_id = ? AND state = 'failed' GROUP BY 1 ORDER BY 1`,
    )
    .all(runId) as Array<{ reason: string; n: number }>;
  for (const row of reasons) failedByReason[row.reason] = row.n;

  const byHost: Record<string, LedgerCounts> = {};
  const hosts = db
    .prepare('SELECT host, state, COUNT(*) AS n FROM requests INDEXED BY requests_run WHERE run_id = ? GROUP BY host, state ORDER BY host')
    .all(runId) as Array<{ host: string; state: string; n: number }>;
  for (const row of hosts) {
    const counts = (byHost[row.host] ??= emptyCounts());
    counts.planned += row.n;
    if (row.state === 'succeeded') counts.succeeded += row.n;
    else if (row.state === 'failed') counts.failed += row.n;
    else counts.pending += row.n;
  }

  const byStatus: Record<string, number> = {};
  const statuses = db
    .prepare('SELECT status, COUNT(*) AS n FROM requests INDEXED BY requests_run WHERE run_id = ? AND status IS NOT NULL GROUP BY status ORDER BY status')
    .all(runId) as Array<{ status: number; n: number }>;
  for (const row of statuses) byStatus[String(row.status)] = row.n;

  return {
    ...runCounts(db, runId),
    failedByReason,
    byHost,
    byStatus,
  };
}
