// Renders a crawl snapshot as the live progress block: totals, rates, ETA, one line per host.
import { terminalLine } from '../../core/terminal-safe';
import type { CrawlSnapshot, HostSnapshot } from '../../events/crawl-snapshot';

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const hms = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return hms[0] > 0 ? `${hms[0]}:${String(hms[1]).padStart(2, '0')}:${String(hms[2]).padStart(2, '0')}` : `${hms[1]}:${String(hms[2]).padStart(2, '0')}`;
}

/** Per minute over the whole run so far: steady enough to read, and the base of the ETA. */
export const perMinute = (count: number, elapsedMs: number) => (elapsedMs > 0 ? Math.round((count * 60_000) / elapsedMs) : 0);

function hostRow(h: HostSnapshot, nowMs: number): string[] {
  const waitMs = Math.max(0, h.nextOpenAtMs - nowMs);
  return [h.hostKey, `${h.inFlight}/${h.maxConcurrency}`, `${h.intervalMs} ms`, whyOf(h, nowMs), waitMs > 0 ? `${(waitMs / 1000).toFixed(1)} s` : 'now', String(h.responses), String(h.deferred), String(h.throttled429), String(h.failed), h.breaker];
}

/** Why the host waits as it does: a pause running now (Retry-After, breaker), else the interval's source. */
export function whyOf(h: Pick<HostSnapshot, 'pausedUntilMs' | 'pauseCause' | 'intervalCause'>, nowMs: number): string {
  return h.pauseCause !== null && h.pausedUntilMs > nowMs ? h.pauseCause : h.intervalCause;
}

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
  return rows.map((row) => row.map((cell, col) => cell.padEnd(widths[col])).join('  ').trimEnd());
}

function headLine(spider: string, snap: CrawlSnapshot): string {
  const pagesPerMin = perMinute(snap.pages, snap.elapsedMs);
  const etaMs = pagesPerMin > 0 && snap.queued > 0 ? (snap.queued / pagesPerMin) * 60_000 : null;
  return (
    `${spider}  elapsed ${formatDuration(snap.elapsedMs)}  pages ${snap.pages} (${pagesPerMin}/min)  items ${snap.items} (${perMinute(snap.items, snap.elapsedMs)}/min)` +
    `  queue ${snap.queued}  in flight ${snap.inFlight}  errors ${snap.failed}${etaMs === null ? '' : `  ETA ${formatDuration(etaMs)}`}`
  );
}

export function progressLines(spider: string, snap: CrawlSnapshot): string[] {
  return progressBlock([{ spider, snap }]);
}

/**
 * Several crawls side by side (the demo): one head line per crawl, then one table of all their hosts.
 * The spider's name is shown safe for the terminal and on one line: the block is redrawn by moving up
 * as many lines as it drew, so a newline in it would leave a stale copy on screen.
 */
export function progressBlock(crawls: ReadonlyArray<{ spider: string; snap: CrawlSnapshot }>): string[] {
  const heads = crawls.map(({ spider, snap }) => headLine(terminalLine(spider), snap));
  const rows = crawls.flatMap(({ snap }) => snap.hosts.map((h) => hostRow(h, snap.atMs)));
  if (rows.length === 0) return heads;
  const header = ['host', 'slots', 'interval', 'why', 'next', 'pages', 'deferred', '429s', 'failed', 'breaker'];
  return [...heads, ...table([header, ...rows])];
}
