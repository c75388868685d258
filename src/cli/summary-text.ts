// The run summary as text for the terminal: outcome table, hosts, failures, handling in words, items, alarms.
import type { RunSummary } from '../engine/run-summary';
import { lossLines, runLosses } from '../engine/run-losses';
import { groupHandling } from '../app/report/handling-labels';
import { terminalLine, terminalLines } from './terminal-text';
import { unusedHostSettingLine } from '../settings/unused-host-settings';

/** Rows as aligned columns, each cell on one line with nothing a terminal acts on (a host, a worker id or a reason a newline in which began a row of its own). */
export function table(rows: Array<[string, ...Array<string | number>]>): string {
  const cells = rows.map((row) => row.map((cell) => terminalLine(String(cell))));
  const widths = cells[0].map((_, col) => Math.max(...cells.map((row) => row[col].length)));
  return cells.map((row) => row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col]))).join('  ')).join('\n');
}

/** The summary as printed after a crawl; whatever a page or a spider could have put in it is made safe for the terminal, each line one line. */
export function formatSummary(summary: RunSummary): string {
  const { ledger } = summary;
  const lines: string[] = [];
  lines.push(`run ${summary.runId} of spider ${summary.spider}: ${summary.status} in ${(summary.elapsedMs / 1000).toFixed(1)} s`);
  if (summary.stopReason) lines.push(`stopped by: ${summary.stopReason}${summary.status === 'stopped' && ledger.pending > 0 ? ` (${ledger.pending} requests stay queued for --resume)` : ''}`);
  lines.push('');
  lines.push(...table([['outcome', 'requests'], ['planned', ledger.planned], ['succeeded', ledger.succeeded], ['failed', ledger.failed], ['pending', ledger.pending]]).split('\n'));
  lines.push(
    summary.balanced
      ? `accounting: planned ${ledger.planned} = succeeded ${ledger.succeeded} + failed ${ledger.failed} + pending ${ledger.pending}  ✓`
      : `accounting BROKEN: planned ${ledger.planned} ≠ succeeded ${ledger.succeeded} + failed ${ledger.failed} + pending ${ledger.pending}`,
  );
  const hosts = Object.entries(ledger.byHost).sort(([a], [b]) => a.localeCompare(b));
  if (hosts.length > 0) {
    lines.push('');
    lines.push(...table([['host', 'planned', 'succeeded', 'failed', 'pending'], ...hosts.map(([host, c]) => [host, c.planned, c.succeeded, c.failed, c.pending] as [string, number, number, number, number])]).split('\n'));
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
  lines.push(...staleLines(summary.items));
  lines.push(...lossLines(runLosses(summary)));
  lines.push(...handlingLines(summary.handling));
  const { stored } = summary.items;
  lines.push('', `items: scraped ${summary.items.scraped}, written ${summary.items.written}${stored === null || stored === undefined ? '' : `; the run holds ${stored}`}`);
  const drops = Object.entries(summary.items.dropped).sort(([, a], [, b]) => b - a);
  const firstDrops = summary.items.firstDrops ?? {};
  if (drops.length > 0) lines.push('items dropped by reason:', ...drops.map(([r, n]) => `  ${r}: ${n}${firstDrops[r] ? ` (first: ${firstDrops[r]})` : ''}`));
  lines.push(...disagreementLines(summary));
  const keyedByUrl = summary.items.keyedByUrl ?? 0;
  if (keyedByUrl > 0) {
    lines.push(
      `WARNING: spider ${summary.spider} stored ${keyedByUrl} item${keyedByUrl === 1 ? '' : 's'} with the page URL as the SKU (the page states no SKU or GTIN): the same product under another URL (tracking parameters, a category path) starts another price history; give its items an identifier from the page`,
    );
  }
  const unusedHosts = summary.unusedHostSettings ?? [];
  if (unusedHosts.length > 0) lines.push('', 'WARNING: per-host settings that never applied (the host they name was not crawled):', ...unusedHosts.map((entry) => `  ${unusedHostSettingLine(entry)}`));
  const alarms = Object.keys(summary.alarms).sort();
  if (alarms.length > 0) lines.push('', `ALARMS${summary.alarmsFailRun ? ' (fail the run)' : ''}:`, ...alarms.map((alarm) => `  ${alarm}`));
  // Each line stays one line: a drop's first example quotes the page's text, and its newlines printed lines of the
  // page's choosing ('accounting: … ✓', 'items: scraped 9') into the summary.
  return terminalLines(lines);
}

/**
 * Pages of one site that showed one SKU at two prices in one run: the first page's price is stored, and
 * which page was right the run cannot tell (a cached listing, variants sharing a SKU, a member price).
 * Not lost work, so not an exit code, but a stored price a person should look at.
 */
function disagreementLines(summary: RunSummary): string[] {
  const count = summary.items.dropped['duplicate/price-differs'] ?? 0;
  if (count === 0) return [];
  const first = summary.items.firstDrops?.['duplicate/price-differs'];
  return [
    `WARNING: ${count} item${count === 1 ? '' : 's'} showed another price than the page of the same site and SKU stored before ${count === 1 ? 'it' : 'them'}; the first page's price was kept, and which page was right this run cannot tell (a cached listing, variants sharing one SKU, a member price)${first ? `; first: ${first}` : ''}`,
  ];
}

/**
 * One line on the browser: pages (and any left open, which would be a leak), launches, recycling, peak memory, and
 * whether launching was given up. A crawl whose browser never started opened no page, and printed no line at all.
 */
function formatBrowser(b: Record<string, number>): string | null {
  const opened = b['pages/opened'] ?? 0;
  const launched = b['launched'] ?? 0;
  if (opened === 0 && launched === 0) return null;
  const retired = Object.entries(b).filter(([key]) => key.startsWith('retired/')).map(([key, n]) => `${key.slice(8)} ${n}`);
  const peakMb = Math.round((b['pss-peak-bytes'] ?? 0) / 2 ** 20);
  const gaveUp = b['launch-gave-up'] ? '; GAVE UP LAUNCHING: the browser failed to start again and again, its pages failed as browser/unavailable' : '';
  return `browser: ${opened} pages (${opened - (b['pages/closed'] ?? 0)} open at the end), ${launched} launched, retired: ${retired.join(', ') || 'none'}, peak PSS ${peakMb} MB${gaveUp}`;
}

/**
 * How hostile answers and odd links were handled, in the report's words and groups (the counter names
 * stay searchable in the logs, the metrics and the report): one aligned row per counter.
 */
function handlingLines(handling: Record<string, number>): string[] {
  const groups = groupHandling(handling);
  if (groups.length === 0) return [];
  const width = Math.max(...groups.flatMap((group) => group.rows.map((row) => row.label.length)));
  return ['', 'handling:', ...groups.flatMap((group) => [`  ${group.title}`, ...group.rows.map((row) => `    ${row.label.padEnd(width)}  ${row.count}`)])];
}

/** Items this process wrote after its lease had passed to another worker: refused, each request named. */
function staleLines(items: RunSummary['items']): string[] {
  const refused = items.refusedStale ?? 0;
  if (refused === 0) return [];
  const urls = Object.values(items.staleRequests ?? {});
  return ['', `ITEMS REFUSED AS STALE: ${refused} of ${urls.length} request${urls.length === 1 ? '' : 's'} this process held past its lease; another worker fetched them again and its outcome stands:`, ...urls.map((url) => `  ${url}`)];
}
