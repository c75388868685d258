// Run bookkeeping in frontier.sqlite: create, list, find the latest unfinished run, finish.
import type { RunStatus } from '../../src/ports/frontier';
import { newRunId } from '../../src/core/run-id';
import { dirname } from 'node:path';
import type { SqliteDb } from './open-frontier-db';
import { refuseOtherItemStore } from '../run-item-store';

export interface RunInfo {
  runId: string;
  spider: string;
  startedAtMs: number;
  finishedAtMs: number | null;
  status: RunStatus;
}

interface RunRow {
  run_id: string;
  spider: string;
  started_at: number;
  finished_at: number | null;
  status: RunStatus;
}

const toInfo = (row: RunRow): RunInfo => ({
  runId: row.run_id,
  spider: row.spider,
  startedAtMs: row.started_at,
  finishedAtMs: row.finished_at,
  status: row.status,
});

export function createRun(db: SqliteDb, runId: string, spider: string, nowMs: number, itemStore: string | null = null): RunInfo {
  db.prepare(`INSERT INTO runs (run_id, spider, started_at, finished_at, status, item_store) VALUES (?, ?, ?, NULL, 'running', ?)`).run(
    runId,
    spider,
    nowMs,
    itemStore,
  );
  return { runId, spider, startedAtMs: nowMs, finishedAtMs: null, status: 'running' };
}

export function getRun(db: SqliteDb, runId: string): RunInfo | null {
  const row = db.prepare('SELECT * FROM runs WHERE run_id = ?').get(runId) as RunRow | undefined;
  return row ? toInfo(row) : null;
}

export function listRuns(db: SqliteDb, spider?: string): RunInfo[] {
  const rows = (
    spider === undefined
      ? db.prepare('SELECT * FROM runs ORDER BY started_at, rowid').all()
      : db.prepare('SELECT * FROM runs WHERE spider = ? ORDER BY started_at, rowid').all(spider)
  ) as RunRow[];
  return rows.map(toInfo);
}

export function latestUnfinishedRun(db: SqliteDb, spider: string): RunInfo | null {
  const row = db
    .prepare(`SELECT * FROM runs WHERE spider = ? AND status IN ('running', 'interrupted') ORDER BY started_at DESC, rowid DESC LIMIT 1`)
    .get(spider) as RunRow | undefined;
  return row ? toInfo(row) : null;
}

export function finishRun(db: SqliteDb, runId: string, status: Exclude<RunStatus, 'running'>, nowMs: number): void {
  db.prepare('UPDATE runs SET finished_at = ?, status = ? WHERE run_id = ?').run(nowMs, status, runId);
}

/** A resumed run is running again until it finishes or is interrupted anew. */
export function reopenRun(db: SqliteDb, runId: string): void {
  db.prepare("UPDATE runs SET finished_at = NULL, status = 'running' WHERE run_id = ?").run(runId);
}

/**
 * A run id to create or resume, `new`, or `resume-latest` (the latest unfinished run of the spider, else new).
 * `itemStore`: where this process keeps the run's items; a run that keeps them elsewhere is refused before it
 * is reopened (a resume given another --store split the run between two stores, neither holding it whole).
 */
export function openRun(db: SqliteDb, spider: string, runId: string, nowMs: number, itemStore: string | null = null): { run: RunInfo; resumed: boolean } {
  const existing = runId === 'resume-latest' ? latestUnfinishedRun(db, spider) : runId === 'new' ? null : getRun(db, runId);
  if (!existing) return { run: createRun(db, runId === 'new' || runId === 'resume-latest' ? newRunId(nowMs) : runId, spider, nowMs, itemStore), resumed: false };
  if (existing.spider !== spider) throw new Error(`run ${existing.runId} belongs to spider ${existing.spider}, not ${spider}`);
  if (itemStore !== null) {
    const kept = (db.prepare('SELECT item_store FROM runs WHERE run_id = ?').get(existing.runId) as { item_store: string | null }).item_store;
    refuseOtherItemStore(kept, existing.runId, itemStore, dirname(db.name));
    db.prepare('UPDATE runs SET item_store = ? WHERE run_id = ? AND item_store IS NULL').run(itemStore, existing.runId);
  }
  reopenRun(db, existing.runId);
  return { run: existing, resumed: true };
}
