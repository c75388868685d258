// Records a crawl in the run record store (frontier.sqlite, or PostgreSQL with the stores): mode, pid and settings snapshot at start; outcome, counts and summary at the end.
import { exitCodeFor, type RunSummary } from '../../engine/run-summary';
import type { RunRecordStore } from '../../ports/run-record-store';
import type { Settings } from '../../settings/schema';
import { settingsSnapshot } from './settings-snapshot';

export interface RunRecorder {
  readonly settingsHash: string;
  end(summary: RunSummary): Promise<void>;
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
    end: async (summary) => {
      const { planned, succeeded, failed, pending } = summary.ledger;
      await records.recordCrawlEnd(run.runId, { outcome: summary.status, exitCode: exitCodeFor(summary), atMs: Date.now(), planned, succeeded, failed, pending, items: summary.items.stored ?? summary.items.written, summaryJson: JSON.stringify(summary) });
    },
    close: () => records.close(),
  };
}
