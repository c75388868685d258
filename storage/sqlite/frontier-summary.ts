// Ledger summary of one run: the four counts each from its own source, so a bookkeeping bug breaks the invariant.
import type { SqliteDb } from './open-frontier-db';
import type { HostLedger, LedgerCounts, LedgerSummary } from '../../src/ports/frontier';

const emptyCounts = (): LedgerCounts => ({ planned: 0, succeeded: 0, failed: 0, pending: 0 });

/**
 * The four ledger counts alone (a Crawlee client's getInfo()). planned walks the covering requests_run
 * index; pending counts the partial indexes of pending and leased rows (nothing to read when a run is
 * done); succeeded and failed come from one walk of the run's rows. Three sources: a row in a state the
 * others miss breaks planned = succeeded + failed + pending. (Four separate walks took ~1.3 s per
 * million rows, every one of them at the end of every run.)
 */
export function runCounts(db: SqliteDb, runId: string): LedgerCounts {
  const planned = db.prepare(`SELECT COUNT(*) FROM requests INDEXED BY requests_run WHERE run_id = ?`).pluck().get(runId) as number;
  const pending = db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM requests INDEXED BY requests_pick WHERE run_id = @run AND state = 'pending')
            + (SELECT COUNT(*) FROM requests INDEXED BY requests_leased WHERE run_id = @run AND state = 'in_progress')`,
    )
    .pluck()
    .get({ run: runId }) as number;
  const done = db
    .prepare(`SELECT state, COUNT(*) AS n FROM requests INDEXED BY requests_run WHERE run_id = ? AND state IN ('succeeded', 'failed') GROUP BY state`)
    .all(runId) as Array<{ state: 'succeeded' | 'failed'; n: number }>;
  const counts = { planned, succeeded: 0, failed: 0, pending };
  for (const row of done) counts[row.state] = row.n;
  return counts;
}

/**
 * The counts plus the breakdowns (by host, by status, failures by reason), which come from one more walk
 * grouped by all four at once. Cost grows with the run (~2 s per million rows): for live progress keep
 * counters instead.
 */
export function runSummary(db: SqliteDb, runId: string): LedgerSummary {
  const rows = db
    .prepare(
      `SELECT host, state, status, COALESCE(reason, 'unknown') AS reason, COUNT(*) AS n FROM requests INDEXED BY requests_run
       WHERE run_id = ? GROUP BY host, state, status, reason`,
    )
    .all(runId) as Array<{ host: string; state: string; status: number | null; reason: string; n: number }>;
  const byHost: Record<string, HostLedger> = {};
  const byStatus: Record<string, number> = {};
  const failedByReason: Record<string, number> = {};
  for (const row of rows) {
    const counts = (byHost[row.host] ??= emptyCounts());
    counts.planned += row.n;
    if (row.state === 'succeeded') counts.succeeded += row.n;
    else if (row.state === 'failed') counts.failed += row.n;
    else counts.pending += row.n;
    if (row.status !== null) byStatus[String(row.status)] = (byStatus[String(row.status)] ?? 0) + row.n;
    if (row.state !== 'failed') continue;
    failedByReason[row.reason] = (failedByReason[row.reason] ?? 0) + row.n;
    const hostReasons = (counts.failedByReason ??= {});
    hostReasons[row.reason] = (hostReasons[row.reason] ?? 0) + row.n;
  }
  for (const counts of Object.values(byHost)) if (counts.failedByReason) counts.failedByReason = sortedByKey(counts.failedByReason);
  return { ...runCounts(db, runId), failedByReason: sortedByKey(failedByReason), byHost: sortedByKey(byHost), byStatus: sortedByKey(byStatus) };
}

/** Keys in sorted order, as the report and the summary print them. */
function sortedByKey<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
