// PgRunRecordStore: run records in PostgreSQL (migration v4), so `pricecrawl runs` and reports see every machine's runs.
import type { CrawlEnd, CrawlStart, RunRecord, RunRecordStore } from '../../src/ports/run-record-store';
import { judgeRunRecord, processStartTicks, thisHostname, thisProcessStartTicks } from '../process-liveness';
import type { RenewedPool } from './pg-renewed-pool';
import { storedError } from '../stored-error';

const COLUMNS = `run_id AS "runId", spider, mode, trigger, pid, hostname, start_ticks AS "startTicks", started_at AS "startedAtMs",
  ended_at AS "endedAtMs", outcome, exit_code AS "exitCode", planned, succeeded, failed, pending, items,
  settings_hash AS "settingsHash", settings_json AS "settingsJson", error, summary_json AS "summaryJson"`;

type Row = RunRecord & { startTicks: string | null; hostname: string | null };

/** The statements mirror storage/sqlite/run-records.ts; each call is one statement, durable when it resolves. */
export class PgRunRecordStore implements RunRecordStore {
  constructor(private readonly pool: RenewedPool) {}

  async recordScheduled(run: { runId: string; spider: string; mode: string; atMs: number }): Promise<void> {
    await this.pool.run((sql) => sql`INSERT INTO run_records (run_id, spider, mode, trigger, started_at, outcome)
      VALUES (${run.runId}, ${run.spider}, ${run.mode}, 'schedule', ${run.atMs}, 'scheduled')`);
  }

  async recordCrawlStart(run: CrawlStart): Promise<void> {
    const startTicks = run.pid === process.pid ? thisProcessStartTicks : processStartTicks(run.pid);
    await this.pool.run((sql) => sql`INSERT INTO run_records (run_id, spider, mode, trigger, pid, hostname, start_ticks, started_at, outcome, settings_hash, settings_json)
      VALUES (${run.runId}, ${run.spider}, ${run.mode}, 'manual', ${run.pid}, ${thisHostname}, ${startTicks}, ${run.atMs}, 'running', ${run.settingsHash}, ${run.settingsJson})
      ON CONFLICT (run_id) DO UPDATE SET mode = excluded.mode, pid = excluded.pid, hostname = excluded.hostname, start_ticks = excluded.start_ticks,
        outcome = 'running', ended_at = NULL, settings_hash = excluded.settings_hash, settings_json = excluded.settings_json`);
  }

  async recordCrawlEnd(runId: string, end: CrawlEnd): Promise<void> {
    await this.pool.run((sql) => sql`UPDATE run_records SET outcome = ${end.outcome}, exit_code = ${end.exitCode}, ended_at = ${end.atMs}, planned = ${end.planned},
      succeeded = ${end.succeeded}, failed = ${end.failed}, pending = ${end.pending}, items = ${end.items}, summary_json = ${end.summaryJson}
      WHERE run_id = ${runId}`);
  }

  async recordChildExit(runId: string, exit: { exitCode: number | null; atMs: number; error: string | null }): Promise<void> {
    await this.pool.run((sql) => sql`UPDATE run_records SET exit_code = ${exit.exitCode}, ended_at = coalesce(ended_at, ${exit.atMs}),
      outcome = CASE WHEN outcome IN ('scheduled', 'running') THEN 'failed' ELSE outcome END,
      error = CASE WHEN outcome IN ('scheduled', 'running') THEN ${storedError(exit.error)} ELSE error END WHERE run_id = ${runId}`);
  }

  async get(runId: string): Promise<RunRecord | null> {
    const [row] = await this.pool.run((sql) => sql.unsafe<Row[]>(`SELECT ${COLUMNS} FROM run_records WHERE run_id = $1`, [runId]));
    return row ? judgeRunRecord(row) : null;
  }

  async list(spider?: string): Promise<RunRecord[]> {
    const rows = await this.pool.run((sql) => sql.unsafe<Row[]>(
      `SELECT ${COLUMNS} FROM run_records WHERE ($1::text IS NULL OR spider = $1) ORDER BY started_at, seq`,
      [spider ?? null],
    ));
    return rows.map((row) => judgeRunRecord(row));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
