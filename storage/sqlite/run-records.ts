// Run records beside the frontier's runs table: mode, trigger, process, outcome, counts, settings snapshot + hash.
import { addColumnIfMissing } from './add-column';
import type { SqliteDb } from './open-frontier-db';
import { isPidAlive, processStartTicks, thisProcessStartTicks } from './process-liveness';

export const RUN_RECORDS_DDL = `
CREATE TABLE IF NOT EXISTS run_records (
  run_id TEXT PRIMARY KEY, spider TEXT NOT NULL, mode TEXT, trigger TEXT NOT NULL, pid INTEGER,
  started_at INTEGER NOT NULL, ended_at INTEGER, outcome TEXT NOT NULL, exit_code INTEGER,
  planned INTEGER, succeeded INTEGER, failed INTEGER, pending INTEGER, items INTEGER,
  settings_hash TEXT, settings_json TEXT, error TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS run_records_by_spider ON run_records (spider, started_at);`;

/**
 * `running` until the crawl ends; then the run summary's status, or `failed` when the process died first
 * (a scheduler saw its child exit). `crashed` is never stored: a `running` record whose process is gone by
 * the exact liveness check (gone, a zombie, or its pid reused) reads as `crashed`.
 */
export type RunOutcome = 'scheduled' | 'running' | 'finished' | 'stopped' | 'interrupted' | 'failed' | 'crashed';

export interface RunRecord {
  runId: string;
  spider: string;
  mode: string | null;
  trigger: 'manual' | 'schedule';
  pid: number | null;
  startedAtMs: number;
  endedAtMs: number | null;
  outcome: RunOutcome;
  exitCode: number | null;
  planned: number | null;
  succeeded: number | null;
  failed: number | null;
  pending: number | null;
  items: number | null;
  settingsHash: string | null;
  settingsJson: string | null;
  error: string | null;
  /** The end-of-run summary (RunSummary) as JSON, for `pricecrawl report`; null until the crawl ends. */
  summaryJson: string | null;
}

const COLUMNS = `run_id AS runId, spider, mode, trigger, pid, started_at AS startedAtMs, ended_at AS endedAtMs, outcome,
  exit_code AS exitCode, planned, succeeded, failed, pending, items, settings_hash AS settingsHash,
  settings_json AS settingsJson, error, summary_json AS summaryJson, start_ticks AS startTicks`;

/** A running record's process must still be alive; otherwise the run crashed (never a stored state: it is seen). */
function judged(row: RunRecord & { startTicks: string | null }): RunRecord {
  const { startTicks, ...record } = row;
  if (record.outcome === 'running' && record.pid !== null && !isPidAlive(record.pid, startTicks)) return { ...record, outcome: 'crashed' };
  return record;
}

export function ensureRunRecords(db: SqliteDb): void {
  db.exec(RUN_RECORDS_DDL);
  // Added after the table shipped: older frontier files get the columns on first open.
  addColumnIfMissing(db, 'run_records', 'summary_json', 'TEXT');
  addColumnIfMissing(db, 'run_records', 'start_ticks', 'TEXT');
}

/** The scheduler's row before its child starts; the child's crawl fills in the rest. */
export function recordScheduled(db: SqliteDb, run: { runId: string; spider: string; mode: string; atMs: number }): void {
  db.prepare(`INSERT INTO run_records (run_id, spider, mode, trigger, started_at, outcome) VALUES (?, ?, ?, 'schedule', ?, 'scheduled')`).run(
    run.runId, run.spider, run.mode, run.atMs,
  );
}

/** A crawl starts (or resumes): its mode, process and settings snapshot. Keeps a scheduler's trigger. */
export function recordCrawlStart(db: SqliteDb, run: { runId: string; spider: string; mode: string; pid: number; atMs: number; settingsHash: string; settingsJson: string }): void {
  const startTicks = run.pid === process.pid ? thisProcessStartTicks : processStartTicks(run.pid);
  db.prepare(`INSERT INTO run_records (run_id, spider, mode, trigger, pid, start_ticks, started_at, outcome, settings_hash, settings_json)
    VALUES (@runId, @spider, @mode, 'manual', @pid, @startTicks, @atMs, 'running', @settingsHash, @settingsJson)
    ON CONFLICT (run_id) DO UPDATE SET mode = excluded.mode, pid = excluded.pid, start_ticks = excluded.start_ticks, outcome = 'running', ended_at = NULL,
      settings_hash = excluded.settings_hash, settings_json = excluded.settings_json`).run({ ...run, startTicks });
}

export function recordCrawlEnd(
  db: SqliteDb,
  runId: string,
  end: { outcome: RunOutcome; exitCode: number; atMs: number; planned: number; succeeded: number; failed: number; pending: number; items: number; summaryJson: string },
): void {
  // The crawl's own exit code; a scheduler that spawned it overwrites it with what the process really returned.
  db.prepare(`UPDATE run_records SET outcome = @outcome, exit_code = @exitCode, ended_at = @atMs, planned = @planned, succeeded = @succeeded,
    failed = @failed, pending = @pending, items = @items, summary_json = @summaryJson WHERE run_id = @runId`).run({ runId, ...end });
}

export function getRunRecord(db: SqliteDb, runId: string): RunRecord | null {
  const row = db.prepare(`SELECT ${COLUMNS} FROM run_records WHERE run_id = ?`).get(runId) as (RunRecord & { startTicks: string | null }) | undefined;
  return row ? judged(row) : null;
}

/** The scheduler saw its child exit: the exit code, and `failed` with a reason when the crawl never recorded an end. */
export function recordChildExit(db: SqliteDb, runId: string, exit: { exitCode: number | null; atMs: number; error: string | null }): void {
  db.prepare(`UPDATE run_records SET exit_code = @exitCode, ended_at = coalesce(ended_at, @atMs),
    outcome = CASE WHEN outcome IN ('scheduled', 'running') THEN 'failed' ELSE outcome END,
    error = CASE WHEN outcome IN ('scheduled', 'running') THEN @error ELSE error END WHERE run_id = @runId`).run({ runId, ...exit });
}

export function listRunRecords(db: SqliteDb, spider?: string): RunRecord[] {
  const rows = db.prepare(`SELECT ${COLUMNS} FROM run_records WHERE (@spider IS NULL OR spider = @spider) ORDER BY started_at, rowid`).all({ spider: spider ?? null });
  return (rows as Array<RunRecord & { startTicks: string | null }>).map(judged);
}
