// Records a crawl in the run record store (frontier.sqlite, or PostgreSQL with the stores): mode, pid and settings snapshot at start; outcome, counts and summary at the end.
import { exitCodeFor, type RunSummary } from '../../engine/run-summary';
import type { RunRecord, RunRecordStore } from '../../ports/run-record-store';
import type { Settings } from '../../settings/schema';
import { settingsSnapshot } from './settings-snapshot';

export interface RunRecorder {
  readonly settingsHash: string;
  /** `exitCode`: the process's, when it ends on an error after the summary (a feed it could not complete); else the summary's. */
  end(summary: RunSummary, exitCode?: number): Promise<void>;
  /** Earlier runs of the spider whose process died before their end work (see `diedBeforeTheirEnd`). */
  diedBeforeTheirEnd(): Promise<string[]>;
  /** Releases the store (its PostgreSQL connection); called however the run ended. */
  close(): Promise<void>;
}

/** Takes over `records`: closed by the recorder's close(), or here when the start cannot be recorded. */
export async function startRunRecord(records: RunRecordStore, settings: Settings, run: { runId: string; spider: string; mode: string }): Promise<RunRecorder> {
  const snapshot = settingsSnapshot(settings);
  try {
    await records.recordCrawlStart({ ...run, pid: process.pid, atMs: Date.now(), settingsHash: snapshot.hash, settingsJson: snapshot.json });
  } catch (error) {
    await records.close(); // an open PostgreSQL pool would keep the process alive after the error
    throw error;
  }
  return {
    settingsHash: snapshot.hash,
    end: async (summary, exitCode = exitCodeFor(summary)) => {
      const { planned, succeeded, failed, pending } = summary.ledger;
      await records.recordCrawlEnd(run.runId, { outcome: summary.status, exitCode, atMs: Date.now(), planned, succeeded, failed, pending, items: summary.items.stored ?? summary.items.written, summaryJson: JSON.stringify(summary) });
    },
    diedBeforeTheirEnd: async () => diedBeforeTheirEnd(await records.list(run.spider), run.runId),
    close: () => records.close(),
  };
}

/**
 * Runs whose process died (`crashed`: gone while `running`; `failed`: its scheduler saw it exit) without
 * recording an end, so without their end work: nobody resumes a scheduled run, and the next tick starts a
 * fresh one, whose own changes compare with the dead run's rows. Its price changes were then never recorded
 * (the new price read as unchanged). Only those since the last run that recorded its end: that run already
 * swept the earlier ones (recording a run's changes is idempotent, so a sweep twice costs time, not truth).
 */
export function diedBeforeTheirEnd(records: readonly RunRecord[], currentRunId: string): string[] {
  const earlier = records.filter((record) => record.runId !== currentRunId);
  const lastEnded = earlier.findLastIndex((record) => record.summaryJson !== null);
  return earlier
    .slice(lastEnded + 1)
    .filter((record) => record.summaryJson === null && (record.outcome === 'crashed' || record.outcome === 'failed'))
    .map((record) => record.runId);
}
