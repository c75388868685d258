// `pricecrawl runs`: past and running crawls with mode, trigger, outcome, counts and settings hash, as a table or JSON lines.
import type { RunRecord } from '../ports/run-record-store';
import { lossCell, runLosses, type RunLosses } from '../engine/run-losses';
import { storeConfigFromCli, withRunRecords, type StoreCliOptions } from './store-options';
import { terminalLine, terminalSafeJson } from './terminal-text';
import { maskSecrets } from '../core/mask-secrets';

export interface RunsOptions extends StoreCliOptions {
  spider?: string;
  json?: boolean;
}

const time = (ms: number | null): string => (ms === null ? '' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19));
const count = (n: number | null): string => (n === null ? '' : String(n));

function formatRuns(runs: readonly RunRecord[]): string {
  const header = ['started (UTC)', 'ended', 'spider', 'run', 'mode', 'trigger', 'outcome', 'exit', 'planned', 'ok', 'failed', 'pending', 'items', 'settings', 'lost'];
  // Each cell on one line with nothing a terminal acts on: a spider's name is the project's text, and a newline in
  // it began a row of its own under the header.
  const rows = runs.map((r) => [
    time(r.startedAtMs), time(r.endedAtMs), r.spider, r.runId, r.mode ?? '', r.trigger, r.outcome, count(r.exitCode),
    count(r.planned), count(r.succeeded), count(r.failed), count(r.pending), count(r.items), (r.settingsHash ?? '').slice(0, 12),
    lossCell(lossesOf(r.summaryJson)),
  ].map(terminalLine));
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  return [header, ...rows].map((cells) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd()).join('\n');
}

export async function runsCommand(opts: RunsOptions): Promise<number> {
  // With storage.url on PostgreSQL the runs of every machine sharing it; else those in the storage directory.
  return withRunRecords(storeConfigFromCli(opts), 'runs', async (records) => {
    const runs = await records.list(opts.spider);
    // A spider's name and stop reason are the project's text, not ours: printed without what a terminal acts on.
    // Masked too: a row an older version or another machine wrote may hold a password its error quoted.
    if (opts.json) for (const run of runs) process.stdout.write(`${terminalSafeJson(JSON.stringify(maskSecrets({ ...run, stopReason: stopReasonOf(run.summaryJson), losses: lossesOf(run.summaryJson), settingsJson: undefined, summaryJson: undefined })))}\n`);
    else process.stdout.write(`${runs.length === 0 ? 'no runs' : formatRuns(runs)}\n`);
    return 0;
  });
}

/** Why a run stopped early (`closespider/itemcount`, `SIGINT`), from its stored summary; null when it did not or has none. */
function stopReasonOf(summaryJson: string | null): string | null {
  return summaryJson ? ((JSON.parse(summaryJson) as { stopReason?: string | null }).stopReason ?? null) : null;
}

/** What the run lost (transient failures, hosts lost whole, hosts waited on), from its stored summary; none while it has none. */
function lossesOf(summaryJson: string | null): RunLosses {
  return runLosses(summaryJson ? (JSON.parse(summaryJson) as Parameters<typeof runLosses>[0]) : {});
}
