// The end-of-run summary: ledger counts per outcome, host and status, items, and the accounting proof.
import type { LedgerSummary } from '../frontier/frontier';
import { isCloseSpiderReason } from './close-spider';
import { transientFailures } from './failure-kind';
import type { TimelineSnapshot } from './run-timeline';
import type { Stats } from './stats';

export interface RunSummary {
  runId: string;
  spider: string;
  elapsedMs: number;
  ledger: LedgerSummary;
  items: { scraped: number; written: number; dropped: Record<string, number> };
  /** Fetches per fetch mode and host, keyed `<mode>/<host>` (`browser/127.0.0.1:8083`). */
  fetchModes: Record<string, number>;
  /** Browser counters (`pages/opened`, `pages/closed`, `launched`, `retired/<why>`, `pss-peak-bytes`); empty without a browser. */
  browser: Record<string, number>;
  /** planned = succeeded + failed + pending */
  balanced: boolean;
  /** Failed requests whose reason is transient (src/engine/failure-kind.ts), by reason: work a later run may get (exit 4). */
  transientFailures: Record<string, number>;
  /**
   * How the run ended: finished (nothing pending), stopped (a closeSpider limit ended it cleanly; what is
   * pending stays resumable), interrupted (stopped with work left), failed (accounting broken).
   */
  status: 'finished' | 'stopped' | 'interrupted' | 'failed';
  /** Why the crawl was stopped before its queue ran dry (`closespider/itemcount`, `SIGINT`); null when it was not. */
  stopReason: string | null;
  /** How hostile answers and odd links were handled: the `retry/`, `breaker/`, `block/`, `throttle/`, `robots/`, `depth/skipped` and `follow/skipped/` counters (full keys). */
  handling: Record<string, number>;
  /** Alarms raised during the run (`null-price/host/<host>` → 1), from the `alarms/` stats. */
  alarms: Record<string, number>;
  /** Settings say an alarm fails the run (exit 3). */
  alarmsFailRun: boolean;
  /** Callback names the spider yielded requests for but does not define → requests failed (a spider bug). */
  unknownCallbacks: Record<string, number>;
  /** `crawl --processes N`: other processes of the run that exited without finishing (their work passed on; exit 2). */
  crashedProcesses?: number;
  /** Breaker transitions, alarms and priced/unpriced items over time (the run report draws them). */
  timeline: TimelineSnapshot;
}

const HANDLING_PREFIXES = ['retry/', 'breaker/', 'block/', 'throttle/', 'robots/', 'depth/skipped', 'follow/skipped/'];

export function buildSummary(args: { runId: string; spider: string; ledger: LedgerSummary; stats: Stats; interrupted: boolean; stopReason?: string | null; alarmsFailRun?: boolean }): RunSummary {
  const { ledger, stats } = args;
  const stopReason = args.stopReason ?? null;
  const balanced = ledger.planned === ledger.succeeded + ledger.failed + ledger.pending;
  const status = !balanced ? 'failed' : isCloseSpiderReason(stopReason) ? 'stopped' : args.interrupted || ledger.pending > 0 ? 'interrupted' : 'finished';
  return {
    runId: args.runId,
    spider: args.spider,
    elapsedMs: stats.elapsedMs(),
    ledger,
    fetchModes: stats.byPrefix('fetch/mode/'),
    browser: stats.byPrefix('browser/'),
    items: { scraped: stats.get('items/scraped'), written: stats.get('items/written'), dropped: stats.byPrefix('items/dropped/') },
    balanced,
    status,
    stopReason,
    transientFailures: transientFailures(ledger.failedByReason),
    crashedProcesses: stats.get('processes/crashed'),
    handling: Object.fromEntries(HANDLING_PREFIXES.flatMap((prefix) => Object.entries(stats.byPrefix(prefix)).map(([key, n]) => [prefix + key, n]))),
    alarms: stats.byPrefix('alarms/'),
    alarmsFailRun: args.alarmsFailRun ?? false,
    unknownCallbacks: stats.byPrefix('spider/unknown-callback/'),
    timeline: stats.timeline.snapshot(),
  };
}

/**
 * Exit code: 0 finished clean (or stopped by a closeSpider limit), 1 accounting broken, 2 interrupted with
 * work pending, 3 an alarm fired (when set to fail), 4 requests failed for transient reasons. When several
 * hold, the first of 1, 3, 2, 4 wins: a broken ledger makes every other figure doubtful; an alarm says the
 * data itself is suspect; work left is fixed by `--resume`; transient losses by a later run.
 */
export function exitCodeFor(summary: RunSummary): number {
  if (!summary.balanced) return 1;
  if (summary.alarmsFailRun && Object.keys(summary.alarms).length > 0) return 3;
  if (summary.status !== 'finished' && summary.status !== 'stopped') return 2;
  // Their work was taken over and the ledger may balance, but a crash must never pass as a clean run.
  if ((summary.crashedProcesses ?? 0) > 0) return 2;
  return transientCount(summary) > 0 ? 4 : 0;
}

function transientCount(summary: RunSummary): number {
  return Object.values(summary.transientFailures ?? {}).reduce((sum, n) => sum + n, 0);
}

export function table(rows: Array<[string, ...Array<string | number>]>): string {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => String(row[col]).length)));
  return rows.map((row) => row.map((cell, col) => (col === 0 ? String(cell).padEnd(widths[col]) : String(cell).padStart(widths[col]))).join('  ')).join('\n');
}

export function formatSummary(summary: RunSummary): string {
  const { ledger } = summary;
  const lines: string[] = [];
  lines.push(`run ${summary.runId} of spider ${summary.spider}: ${summary.status} in ${(summary.elapsedMs / 1000).toFixed(1)} s`);
  if (summary.stopReason) lines.push(`stopped by: ${summary.stopReason}${summary.status === 'stopped' && ledger.pending > 0 ? ` (${ledger.pending} requests stay queued for --resume)` : ''}`);
  lines.push('');
  lines.push(table([['outcome', 'requests'], ['planned', ledger.planned], ['succeeded', ledger.succeeded], ['failed', ledger.failed], ['pending', ledger.pending]]));
  lines.push(
    summary.balanced
      ? `accounting: planned ${ledger.planned} = succeeded ${ledger.succeeded} + failed ${ledger.failed} + pending ${ledger.pending}  ✓`
      : `accounting BROKEN: planned ${ledger.planned} ≠ succeeded ${ledger.succeeded} + failed ${ledger.failed} + pending ${ledger.pending}`,
  );
  const hosts = Object.entries(ledger.byHost).sort(([a], [b]) => a.localeCompare(b));
  if (hosts.length > 0) {
    lines.push('');
    lines.push(table([['host', 'planned', 'succeeded', 'failed', 'pending'], ...hosts.map(([host, c]) => [host, c.planned, c.succeeded, c.failed, c.pending] as [string, number, number, number, number])]));
  }
  const modes = Object.entries(summary.fetchModes).sort(([a], [b]) => a.localeCompare(b));
  if (modes.length > 0) lines.push('', `fetch mode by host: ${modes.map(([key, n]) => `${key.slice(key.indexOf('/') + 1)} ${key.slice(0, key.indexOf('/'))} (${n})`).join(', ')}`);
  const browser = formatBrowser(summary.browser);
  if (browser) lines.push('', browser);
  const statuses = Object.entries(ledger.byStatus).sort(([a], [b]) => a.localeCompare(b));
  if (statuses.length > 0) lines.push('', `by status: ${statuses.map(([s, n]) => `${s}: ${n}`).join(', ')}`);
  const reasons = Object.entries(ledger.failedByReason).sort(([, a], [, b]) => b - a);
  if (reasons.length > 0) lines.push('', 'failures by reason:', ...reasons.map(([r, n]) => `  ${r}: ${n}`));
  if ((summary.crashedProcesses ?? 0) > 0) lines.push('', `CRAWL PROCESSES CRASHED: ${summary.crashedProcesses}; their hosts and unfinished requests passed to the first process (their counters since their last report are missing)`);
  const lost = transientCount(summary);
  if (lost > 0) {
    const byReason = Object.entries(summary.transientFailures).sort(([, a], [, b]) => b - a).map(([r, n]) => `${r}: ${n}`);
    lines.push('', `LOST TO TRANSIENT FAILURES: ${lost} request${lost === 1 ? '' : 's'} (${byReason.join(', ')}); a later run may get them`);
  }
  const handling = Object.entries(summary.handling).sort(([a], [b]) => a.localeCompare(b));
  if (handling.length > 0) lines.push('', 'handling:', ...handling.map(([key, n]) => `  ${key}: ${n}`));
  lines.push('', `items: scraped ${summary.items.scraped}, written ${summary.items.written}`);
  const drops = Object.entries(summary.items.dropped).sort(([, a], [, b]) => b - a);
  if (drops.length > 0) lines.push('items dropped by reason:', ...drops.map(([r, n]) => `  ${r}: ${n}`));
  const alarms = Object.keys(summary.alarms).sort();
  if (alarms.length > 0) lines.push('', `ALARMS${summary.alarmsFailRun ? ' (fail the run)' : ''}:`, ...alarms.map((alarm) => `  ${alarm}`));
  return lines.join('\n');
}

/** One line on the browser: pages (and any left open, which would be a leak), launches, recycling, peak memory. */
function formatBrowser(b: Record<string, number>): string | null {
  const opened = b['pages/opened'] ?? 0;
  if (opened === 0) return null;
  const retired = Object.entries(b).filter(([key]) => key.startsWith('retired/')).map(([key, n]) => `${key.slice(8)} ${n}`);
  const peakMb = Math.round((b['pss-peak-bytes'] ?? 0) / 2 ** 20);
  return `browser: ${opened} pages (${opened - (b['pages/closed'] ?? 0)} open at the end), ${b['launched'] ?? 0} launched, retired: ${retired.join(', ') || 'none'}, peak PSS ${peakMb} MB`;
}
