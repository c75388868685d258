// `pricecrawl status`: one run's queues per host, leases, paused hosts, workers and throughput, from a
// Redis frontier (--frontier) or the embedded frontier file of the storage directory.
import { whyOf } from '../app/crawl/progress-view';
import { table } from './summary-text';
import { policyFromSettings } from '../politeness/host-policy';
import type { RunStatusReport } from '../ports/run-status';
import { loadSettings } from '../settings/load-settings';
import { storeCliPairs, type StoreCliOptions } from './store-options';
import { recordedPoliteness, recordedRun } from './recorded-politeness';
import { lossLines, runLosses, type RunLosses } from '../engine/run-losses';
import { terminalLines, terminalSafe, terminalSafeJson } from './terminal-text';

export interface StatusCommandOptions extends StoreCliOptions {
  frontier?: string;
  run?: string;
  spider?: string;
  json?: boolean;
}

/** The frontier's view of the run and, once the run has ended, what its record says it lost and the code it exited with. */
export interface StatusWithOutcome extends RunStatusReport {
  /** What ended a stopped run (`closespider/itemcount`), from its summary. */
  stopReason?: string;
  exitCode?: number | null;
  losses?: RunLosses;
}

export async function statusCommand(opts: StatusCommandOptions): Promise<number> {
  const found = await readStatus(opts);
  if (typeof found === 'string') {
    process.stderr.write(`pricecrawl: ${terminalSafe(found)}\n`);
    return 1;
  }
  const status = found;
  process.stdout.write(opts.json ? `${terminalSafeJson(JSON.stringify(status))}\n` : `${formatStatus(status)}\n`);
  return status.planned === status.succeeded + status.failed + status.pending ? 0 : 1;
}

/**
 * The status, or why there is none to show: from the Redis frontier of frontier.url (--frontier, the environment or the config file), else the embedded
 * frontier file of the storage directory. The configured intervals are those the run recorded at its
 * start (its spider's own settings included), else the project's.
 */
async function readStatus(opts: StatusCommandOptions): Promise<StatusWithOutcome | string> {
  // --frontier goes through the settings as report's does: a URL no parser reads is refused there, naming frontier.url.
  const { settings } = loadSettings({ configPath: opts.config, cliPairs: [...storeCliPairs(opts), ...(opts.frontier ? [`frontier.url=${opts.frontier}`] : [])] });
  const { openRunStatus } = await import('../../storage/open-backends');
  // The configured intervals of the run shown: set once its id is known (an embedded frontier keeps only what departs from them).
  let policy = policyFromSettings(settings.politeness);
  // The frontier a crawl with these settings runs on: a password-protected one may be named in the environment only.
  const reader = await openRunStatus({ frontierUrl: settings.frontier.url, dir: settings.storage.dir, policyFor: (hostKey) => policy(hostKey) });
  const where = `${settings.frontier.url ? 'on' : 'in'} ${reader.where}`;
  try {
    const runId = await reader.resolveRunId(opts);
    if (runId === null) return `no runs ${where}`;
    const record = await recordedRun(settings.storage, runId);
    const recorded = recordedPoliteness(record);
    if (recorded) policy = policyFromSettings(recorded);
    const status = await reader.read(runId, Date.now());
    if (status === null) return `no run ${runId} ${where}`;
    // The ended run's losses as its summary stored them: the frontier alone shows a lost host as done.
    if (!record?.summaryJson) return status;
    const summary = JSON.parse(record.summaryJson) as Parameters<typeof runLosses>[0] & { stopReason?: string };
    // The frontier knows no stopped run (a closeSpider limit leaves work queued, as an interruption does): the record does.
    const meta = { ...status.meta, status: record.outcome };
    return { ...status, meta, stopReason: summary.stopReason ?? undefined, exitCode: record.exitCode, losses: runLosses(summary) };
  } finally {
    await reader.close();
  }
}

const ms = (value: number): string => (value > 0 ? `${(value / 1000).toFixed(1)} s` : '-');

export function formatStatus(s: StatusWithOutcome): string {
  const startedAt = Number(s.meta.startedAt ?? s.nowMs);
  const endedAt = s.meta.finishedAt ? Number(s.meta.finishedAt) : s.nowMs;
  const elapsedS = Math.max(0.001, (endedAt - startedAt) / 1000);
  const settled = s.succeeded + s.failed;
  const lines = [
    `run ${s.runId} of spider ${s.meta.spider}: ${s.meta.status}${s.stopReason ? ` by ${s.stopReason}` : ''}${s.seeding ? ' (seeding)' : ''}, ${elapsedS.toFixed(1)} s`,
    '',
    ...table([['outcome', 'requests'], ['planned', s.planned], ['succeeded', s.succeeded], ['failed', s.failed], ['pending', s.pending]]).split('\n'),
    s.planned === settled + s.pending
      ? `accounting: planned ${s.planned} = succeeded ${s.succeeded} + failed ${s.failed} + pending ${s.pending}  ✓`
      : `accounting BROKEN: planned ${s.planned} ≠ succeeded ${s.succeeded} + failed ${s.failed} + pending ${s.pending}`,
    `leases in flight: ${s.leases}${s.reclaimed === null ? '' : `, reclaimed from dead workers: ${s.reclaimed}`}`,
    `throughput: ${s.settledLast10s === null ? '' : `${(s.settledLast10s / 10).toFixed(1)} requests/s (last 10 s), `}${(settled / elapsedS).toFixed(1)} requests/s overall`,
  ];
  const hosts = Object.entries(s.byHost).sort(([a], [b]) => a.localeCompare(b));
  if (hosts.length > 0) {
    const header: [string, ...string[]] = ['host', 'queued', 'delayed', 'leased', 'sending', 'done', 'interval', 'why', 'next slot', 'paused for', 'breaker'];
    const rows = hosts.map(([host, h]) => {
      const why = whyOf({ pausedUntilMs: s.nowMs + h.pausedForMs, pauseCause: h.pauseCause ?? null, intervalCause: h.intervalCause }, s.nowMs);
      return [host, h.queued, h.delayed, h.leased, h.inflight, h.succeeded + h.failed, `${h.intervalMs} ms`, why, ms(h.nextOpenInMs), ms(h.pausedForMs), h.breaker] as [string, ...Array<string | number>];
    });
    lines.push('', ...table([header, ...rows]).split('\n'));
  }
  const workers = Object.entries(s.workers).sort(([a], [b]) => a.localeCompare(b));
  if (workers.length > 0) {
    lines.push('', ...table([['worker', 'leases', 'heartbeat'], ...workers.map(([id, w]) => [id, w.leases, `${(w.heartbeatAgoMs / 1000).toFixed(1)} s ago`] as [string, number, string])]).split('\n'));
  }
  const reasons = Object.entries(s.failedByReason).sort(([, a], [, b]) => b - a);
  if (reasons.length > 0) lines.push('', 'failures by reason:', ...reasons.map(([r, n]) => `  ${r}: ${n}`));
  if (s.losses) lines.push(...lossLines(s.losses));
  if (s.exitCode !== undefined && s.exitCode !== null) lines.push('', `exit code on record: ${s.exitCode}`);
  // A spider's name, a worker's id, a failure reason and a code error's message are whatever a spider, a project's
  // middleware, another worker or a page wrote: nothing in them may drive the terminal or begin a line of its own.
  return terminalLines(lines);
}
