// Records a crawl in run_records (frontier.sqlite): mode, pid and settings snapshot at start; outcome, counts and summary at the end.
import { exitCodeFor, type RunSummary } from '../engine/run-summary';
import { acquireFrontierConnection } from '../../storage/sqlite/frontier-connection';
import type { Settings } from '../settings/schema';
import { ensureRunRecords, recordCrawlEnd, recordCrawlStart } from '../../storage/sqlite/run-records';
import { settingsSnapshot } from './settings-snapshot';

export interface RunRecorder {
  readonly settingsHash: string;
  end(summary: RunSummary): void;
}

export function startRunRecord(settings: Settings, run: { runId: string; spider: string; mode: string }): RunRecorder {
  const snapshot = settingsSnapshot(settings);
  const write = (use: (db: ReturnType<typeof acquireFrontierConnection>['db']) => void): void => {
    const connection = acquireFrontierConnection(settings.storage.dir);
    try {
      ensureRunRecords(connection.db);
      use(connection.db);
      connection.commits.flush();
    } finally {
      connection.release();
    }
  };
  write((db) => recordCrawlStart(db, { ...run, pid: process.pid, atMs: Date.now(), settingsHash: snapshot.hash, settingsJson: snapshot.json }));
  return {
    settingsHash: snapshot.hash,
    end: (summary) => {
      const { planned, succeeded, failed, pending } = summary.ledger;
      write((db) => recordCrawlEnd(db, run.runId, { outcome: summary.status, exitCode: exitCodeFor(summary), atMs: Date.now(), planned, succeeded, failed, pending, items: summary.items.written, summaryJson: JSON.stringify(summary) }));
    },
  };
}
