// Reads a run's live status from the embedded frontier file (what `pricecrawl status` prints), without joining it.
import type Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import type { PolicyFor } from '../../src/politeness/host-policy';
import { intervalInForce } from '../../src/politeness/interval-in-force';
import type { GateRecord } from '../../src/ports/host-gate';
import type { HostStatus, RunSelector, RunStatusReader, RunStatusReport } from '../../src/ports/run-status';
import { frontierDbPath, openFrontierDb } from './open-frontier-db';
import { isPidAlive } from '../process-liveness';

interface HostStateRow {
  host: string;
  state: string;
  delayed: number;
  n: number;
}

/**
 * Opened read-only, so looking never takes the write lock a running crawl needs (WAL lets both go on).
 * Null when the directory has no frontier file yet.
 */
export function openFrontierForReading(dir: string): Database.Database | null {
  const path = frontierDbPath(dir);
  if (!existsSync(path)) return null;
  return openFrontierDb(dir, 'read');
}

/** The run to show: the given id, else the spider's latest (running first), else the newest of any spider. */
export function resolveSqliteRunId(db: Database.Database, opts: RunSelector): string | null {
  if (opts.run) return opts.run;
  const bySpider = opts.spider === undefined ? '' : 'WHERE spider = @spider';
  const row = db
    .prepare(`SELECT run_id FROM runs ${bySpider} ORDER BY status = 'running' DESC, started_at DESC, rowid DESC LIMIT 1`)
    .get(opts.spider === undefined ? {} : { spider: opts.spider }) as { run_id: string } | undefined;
  return row?.run_id ?? null;
}

/**
 * The ledger per host from the requests, and what spaces each host from the gate records kept with the
 * run. Reservations live in the crawling process only, so a host's next slot is known here only when a
 * pause decides it. Null when there is no such run.
 */
export function readSqliteRunStatus(db: Database.Database, runId: string, policyFor: PolicyFor, nowMs: number): RunStatusReport | null {
  const run = db.prepare('SELECT spider, status, started_at, finished_at FROM runs WHERE run_id = ?').get(runId) as
    | { spider: string; status: string; started_at: number; finished_at: number | null }
    | undefined;
  if (!run) return null;
  const rows = db
    .prepare(
      `SELECT host, state, SUM(state = 'pending' AND not_before > @now) AS delayed, COUNT(*) AS n
       FROM requests INDEXED BY requests_run WHERE run_id = @runId GROUP BY host, state`,
    )
    .all({ runId, now: nowMs }) as HostStateRow[];
  const gates = new Map(
    (db.prepare('SELECT host, state FROM host_gates WHERE run_id = ?').all(runId) as Array<{ host: string; state: string }>).map((g) => [g.host, JSON.parse(g.state) as GateRecord]),
  );
  const byHost: Record<string, HostStatus> = {};
  for (const row of rows) {
    const host = (byHost[row.host] ??= hostStatus(policyFor(row.host).minIntervalMs, gates.get(row.host), nowMs));
    host.planned += row.n;
    if (row.state === 'succeeded') host.succeeded += row.n;
    else if (row.state === 'failed') host.failed += row.n;
    else host.pending += row.n;
    if (row.state === 'pending') {
      host.delayed += row.delayed;
      host.queued += row.n - row.delayed;
    }
    // A lease of the embedded frontier is taken when its request is about to go: leased is in flight.
    if (row.state === 'in_progress') {
      host.leased += row.n;
      host.inflight += row.n;
    }
  }
  const total = (pick: (h: HostStatus) => number) => Object.values(byHost).reduce((sum, h) => sum + pick(h), 0);
  const failedByReason = Object.fromEntries(
    (db.prepare(`SELECT COALESCE(reason, 'unknown') AS reason, COUNT(*) AS n FROM requests INDEXED BY requests_run WHERE run_id = ? AND state = 'failed' GROUP BY 1`).all(runId) as Array<{ reason: string; n: number }>).map((r) => [r.reason, r.n]),
  );
  return {
    runId,
    nowMs,
    meta: { spider: run.spider, status: run.status === 'running' && runProcessGone(db, runId) ? 'crashed' : run.status, startedAt: String(run.started_at), ...(run.finished_at === null ? {} : { finishedAt: String(run.finished_at) }) },
    seeding: false,
    planned: total((h) => h.planned),
    succeeded: total((h) => h.succeeded),
    failed: total((h) => h.failed),
    pending: total((h) => h.pending),
    reclaimed: null,
    leases: total((h) => h.leased),
    failedByReason,
    byHost,
    workers: workersOf(db, runId, nowMs),
    settledLast10s: null,
  };
}

function hostStatus(configuredMs: number, record: GateRecord | undefined, nowMs: number): HostStatus {
  const { intervalMs, cause } = intervalInForce(configuredMs, record?.throttleMs ?? null, record?.crawlDelayMs ?? 0);
  const pausedForMs = Math.max(0, (record?.pausedUntilMs ?? 0) - nowMs);
  const breaker = record?.breaker;
  return {
    planned: 0,
    succeeded: 0,
    failed: 0,
    pending: 0,
    queued: 0,
    delayed: 0,
    leased: 0,
    inflight: 0,
    intervalMs,
    intervalCause: cause,
    crawlDelayMs: record?.crawlDelayMs ?? 0,
    nextOpenInMs: pausedForMs,
    pausedForMs,
    ...(pausedForMs > 0 && record?.pauseCause ? { pauseCause: record.pauseCause } : {}),
    breaker: !breaker ? 'closed' : breaker.state === 'open' && breaker.openUntilMs <= nowMs ? 'half-open' : breaker.state,
  };
}

/**
 * A run killed with SIGKILL stays `running` in its row; `runs` showed it crashed while `status` still said
 * running. Its run record (kept in this file unless run records live in PostgreSQL) names its process:
 * gone, by the same exact check, is crashed. Without a record it stays as stored.
 */
function runProcessGone(db: Database.Database, runId: string): boolean {
  let row: { pid: number | null; start_ticks: string | null } | undefined;
  try {
    row = db.prepare('SELECT pid, start_ticks FROM run_records WHERE run_id = ?').get(runId) as typeof row;
  } catch {
    return false; // an older file without run records
  }
  return row?.pid != null && !isPidAlive(row.pid, row.start_ticks);
}

/** The live workers of the directory (a closed one removes its row) with the leases each holds in this run. */
function workersOf(db: Database.Database, runId: string, nowMs: number): RunStatusReport['workers'] {
  const leases = new Map(
    (db.prepare(`SELECT worker_id, COUNT(*) AS n FROM requests WHERE run_id = ? AND state = 'in_progress' GROUP BY worker_id`).all(runId) as Array<{ worker_id: string; n: number }>).map((r) => [r.worker_id, r.n]),
  );
  const rows = db.prepare('SELECT worker_id, heartbeat_at FROM workers').all() as Array<{ worker_id: string; heartbeat_at: number }>;
  return Object.fromEntries(rows.map((w) => [w.worker_id, { heartbeatAgoMs: Math.max(0, nowMs - w.heartbeat_at), leases: leases.get(w.worker_id) ?? 0 }]));
}

/** The status port on the embedded frontier file of a storage directory (none yet: no runs). */
export class SqliteRunStatusReader implements RunStatusReader {
  private constructor(
    private readonly db: Database.Database | null,
    readonly where: string,
    private readonly policyFor: PolicyFor,
  ) {}

  static open(dir: string, policyFor: PolicyFor): SqliteRunStatusReader {
    return new SqliteRunStatusReader(openFrontierForReading(dir), dir, policyFor);
  }

  async resolveRunId(select: RunSelector): Promise<string | null> {
    return this.db === null ? null : resolveSqliteRunId(this.db, select);
  }

  async read(runId: string, nowMs: number): Promise<RunStatusReport | null> {
    return this.db === null ? null : readSqliteRunStatus(this.db, runId, this.policyFor, nowMs);
  }

  async close(): Promise<void> {
    this.db?.close();
  }
}
