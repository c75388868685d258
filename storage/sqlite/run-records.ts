// Run records beside the frontier's runs table: mode, trigger, process, outcome, counts, settings snapshot + hash.
import { addColumnIfMissing } from './add-column';
import { storedError } from '../stored-error';
import type { SqliteDb } from './open-frontier-db';
import type { CrawlEnd, CrawlStart, RunRecord, RunRecordStore } from '../../src/ports/run-record-store';
import { judgeRunRecord, processStartTicks, thisProcessStartTicks } from '../process-liveness';
import { acquireFrontierConnection, type FrontierConnection } from './frontier-connection';
import type { SqliteAccess } from './open-storage-db';

export const RUN_RECORDS_DDL = `
CREATE TABLE IF NOT EXISTS run_records (
  run_id TEXT PRIMARY KEY, spider TEXT NOT NULL, mode TEXT, trigger TEXT NOT NULL, pid INTEGER,
  started_at INTEGER NOT NULL, ended_at INTEGER, outcome TEXT NOT NULL, exit_code INTEGER,
  planned INTEGER, succeeded INTEGER, failed INTEGER, pending INTEGER, items INTEGER,
  settings_hash TEXT, settings_json TEXT, error TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS run_records_by_spider ON run_records (spider, started_at);`;

const COLUMNS = `run_id AS runId, spider, mode, trigger, pid, started_at AS startedAtMs, ended_at AS endedAtMs, outcome,
  exit_code AS exitCode, planned, succeeded, failed, pending, items, settings_hash AS settingsHash,
  settings_json AS settingsJson, error, summary_json AS summaryJson, start_ticks AS startTicks`;

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
export function recordCrawlStart(db: SqliteDb, run: CrawlStart): void {
  const startTicks = run.pid === process.pid ? thisProcessStartTicks : processStartTicks(run.pid);
  db.prepare(`INSERT INTO run_records (run_id, spider, mode, trigger, pid, start_ticks, started_at, outcome, settings_hash, settings_json)
    VALUES (@runId, @spider, @mode, 'manual', @pid, @startTicks, @atMs, 'running', @settingsHash, @settingsJson)
    ON CONFLICT (run_id) DO UPDATE SET mode = excluded.mode, pid = excluded.pid, start_ticks = excluded.start_ticks, outcome = 'running', ended_at = NULL,
      settings_hash = excluded.settings_hash, settings_json = excluded.settings_json`).run({ ...run, startTicks });
}

export function recordCrawlEnd(
  db: SqliteDb,
  runId: string,
  end: CrawlEnd,
): void {
  // The crawl's own exit code; a scheduler that spawned it overwrites it with what the process really returned.
  db.prepare(`UPDATE run_records SET outcome = @outcome, exit_code = @exitCode, ended_at = @atMs, planned = @planned, succeeded = @succeeded,
    failed = @failed, pending = @pending, items = @items, summary_json = @summaryJson WHERE run_id = @runId`).run({ runId, ...end });
}

export function getRunRecord(db: SqliteDb, runId: string): RunRecord | null {
  const row = db.prepare(`SELECT ${COLUMNS} FROM run_records WHERE run_id = ?`).get(runId) as (RunRecord & { startTicks: string | null }) | undefined;
  return row ? judgeRunRecord(row) : null;
}

/** The scheduler saw its child exit: the exit code, and `failed` with a reason when the crawl never recorded an end. */
export function recordChildExit(db: SqliteDb, runId: string, exit: { exitCode: number | null; atMs: number; error: string | null }): void {
  db.prepare(`UPDATE run_records SET exit_code = @exitCode, ended_at = coalesce(ended_at, @atMs),
    outcome = CASE WHEN outcome IN ('scheduled', 'running') THEN 'failed' ELSE outcome END,
    error = CASE WHEN outcome IN ('scheduled', 'running') THEN @error ELSE error END WHERE run_id = @runId`).run({ runId, ...exit, error: storedError(exit.error) });
}

export function listRunRecords(db: SqliteDb, spider?: string): RunRecord[] {
  const rows = db.prepare(`SELECT ${COLUMNS} FROM run_records WHERE (@spider IS NULL OR spider = @spider) ORDER BY started_at, rowid`).all({ spider: spider ?? null });
  return (rows as Array<RunRecord & { startTicks: string | null }>).map(judgeRunRecord);
}

/** The RunRecordStore of embedded storage: run_records in <storage.dir>/frontier.sqlite, beside the frontier's runs. */
export class SqliteRunRecordStore implements RunRecordStore {
  private constructor(private readonly connection: FrontierConnection) {}

  static open(dir: string, access: SqliteAccess = 'write'): SqliteRunRecordStore {
    const connection = acquireFrontierConnection(dir, access);
    if (access === 'read') return new SqliteRunRecordStore(connection);
    try {
      ensureRunRecords(connection.db);
    } catch (error) {
      connection.release();
      throw error;
    }
    return new SqliteRunRecordStore(connection);
  }

  async recordScheduled(run: { runId: string; spider: string; mode: string; atMs: number }): Promise<void> {
    this.write((db) => recordScheduled(db, run));
  }

  async recordCrawlStart(run: CrawlStart): Promise<void> {
    this.write((db) => recordCrawlStart(db, run));
  }

  async recordCrawlEnd(runId: string, end: CrawlEnd): Promise<void> {
    this.write((db) => recordCrawlEnd(db, runId, end));
  }

  async recordChildExit(runId: string, exit: { exitCode: number | null; atMs: number; error: string | null }): Promise<void> {
    this.write((db) => recordChildExit(db, runId, exit));
  }

  async get(runId: string): Promise<RunRecord | null> {
    return getRunRecord(this.connection.db, runId);
  }

  async list(spider?: string): Promise<RunRecord[]> {
    return listRunRecords(this.connection.db, spider);
  }

  async close(): Promise<void> {
    this.connection.release();
  }

  /** Durable before it resolves: the connection's group commit is flushed, so another process reads it at once. */
  private write(use: (db: SqliteDb) => void): void {
    use(this.connection.db);
    this.connection.commits.flush();
  }
}
