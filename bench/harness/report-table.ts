// Prints a scenario as a plain-text table of crawlers plus one PASS/MISS line per target.
import type { ScenarioResult } from './scenario-result';
import type { CrawlerSummary } from './summarize';

type Column = readonly [header: string, cell: (s: CrawlerSummary, result: ScenarioResult) => string];

const fixed = (digits: number) => (value: number) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

const COMMON: Column[] = [
  ['crawler', (s) => s.crawler],
  ['rounds ok', (s) => `${s.okRounds}/${s.rounds}`],
  ['pages (min)', (s) => String(s.minPages)],
  ['s (median)', (s) => fixed(2)(s.medianSeconds)],
  ['pages/s', (s) => fixed(1)(s.medianPagesPerSecond)],
  ['CPU s', (s) => fixed(1)(s.medianCpuSeconds)],
  ['CPU ms/page', (s) => fixed(2)(s.medianCpuMsPerPage)],
  ['peak RSS MB (max)', (s) => fixed(0)(s.maxPeakRssMb)],
];

const POLITE: Column[] = [
  ['× ideal', (s, r) => (r.idealSeconds ? fixed(3)(s.medianSeconds / r.idealSeconds) : 'n/a')],
  ['server span s', (s) => fixed(2)(s.medianServerSpanSeconds)],
  ['gaps < min (max/round)', (s) => String(s.maxViolations)],
  ['429s (all rounds)', (s) => String(s.total429)],
  ['min gap ms', (s) => (s.minGapMs === null ? 'n/a' : s.minGapMs.toFixed(1))],
  ['max in flight/host', (s) => String(s.maxInFlightPerHost)],
];

export function formatTable(rows: string[][]): string {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
  return rows.map((row) => row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col]))).join('  ')).join('\n');
}

export function formatScenario(result: ScenarioResult): string {
  const columns = result.minIntervalMs > 0 ? [...COMMON, ...POLITE] : COMMON;
  const rows = [columns.map(([header]) => header), ...result.summaries.map((s) => columns.map(([, cell]) => cell(s, result)))];
  const site = result.site;
  const lines = [
    `== ${result.name}: ${result.description}`,
    `site: ${site.hosts} hosts, ${site.pages} pages (per host ${summarizeCounts(site.pagesPerHost)}), product pages ${kb(site.productBytes.min)}–${kb(site.productBytes.max)} KB (mean ${kb(site.productBytes.mean)})` +
      (result.minIntervalMs > 0 ? `, interval ${result.minIntervalMs} ms, ideal ${result.idealSeconds?.toFixed(2)} s` : ''),
    '',
    formatTable(rows),
    '',
    ...result.targets.map((t) => `${t.pass === null ? 'n/a ' : t.pass ? 'PASS' : 'MISS'}  ${t.label}: ${t.measured} (target ${t.target})`),
  ];
  for (const s of result.summaries) for (const error of s.errors) lines.push(`note  ${s.crawler} ${error}`);
  for (const note of result.notes) lines.push(`note  ${note}`);
  lines.push(`(scenario took ${result.wallSeconds.toFixed(0)} s)`);
  return lines.join('\n');
}

function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

function summarizeCounts(counts: number[]): string {
  const min = Math.min(...counts);
  const max = Math.max(...counts);
  return min === max ? String(min) : `${min}–${max}`;
}
