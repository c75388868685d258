// `pricecrawl runs`: past and running crawls with mode, trigger, outcome, counts and settings hash, as a table or JSON lines.
import { existsSync } from 'node:fs';
import { SettingsError } from '../core/errors';
import { acquireFrontierConnection } from '../../storage/sqlite/frontier-connection';
import { loadSettings } from '../settings/load-settings';
import { frontierDbPath } from '../../storage/sqlite/open-frontier-db';
import { ensureRunRecords, listRunRecords, type RunRecord } from '../../storage/sqlite/run-records';

export interface RunsOptions {
  spider?: string;
  json?: boolean;
  storage?: string;
}

const time = (ms: number | null): string => (ms === null ? '' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19));
const count = (n: number | null): string => (n === null ? '' : String(n));

function formatRuns(runs: readonly RunRecord[]): string {
  const header = ['started (UTC)', 'ended', 'spider', 'run', 'mode', 'trigger', 'outcome', 'exit', 'planned', 'ok', 'failed', 'pending', 'items', 'settings'];
  const rows = runs.map((r) => [
    time(r.startedAtMs), time(r.endedAtMs), r.spider, r.runId, r.mode ?? '', r.trigger, r.outcome, count(r.exitCode),
    count(r.planned), count(r.succeeded), count(r.failed), count(r.pending), count(r.items), (r.settingsHash ?? '').slice(0, 12),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  return [header, ...rows].map((cells) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd()).join('\n');
}

export async function runsCommand(opts: RunsOptions): Promise<number> {
  const dir = opts.storage ?? loadSettings({ cliPairs: [] }).settings.storage.dir;
  if (!existsSync(frontierDbPath(dir))) throw new SettingsError(`runs: no runs in ${dir} (run a crawl first, or pass --storage)`);
  const connection = acquireFrontierConnection(dir);
  try {
    ensureRunRecords(connection.db);
    const runs = listRunRecords(connection.db, opts.spider);
    if (opts.json) for (const run of runs) process.stdout.write(`${JSON.stringify({ ...run, stopReason: stopReasonOf(run.summaryJson), settingsJson: undefined, summaryJson: undefined })}\n`);
    else process.stdout.write(`${runs.length === 0 ? 'no runs' : formatRuns(runs)}\n`);
    return 0;
  } finally {
    connection.release();
  }
}

/** Why a run stopped early (`closespider/itemcount`, `SIGINT`), from its stored summary; null when it did not or has none. */
function stopReasonOf(summaryJson: string | null): string | null {
  return summaryJson ? ((JSON.parse(summaryJson) as { stopReason?: string | null }).stopReason ?? null) : null;
}
