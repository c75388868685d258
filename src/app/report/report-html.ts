// Renders report data as one self-contained HTML file: Chart.js inlined, data as escaped JSON, every text escaped.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LATENCY_EDGES_MS } from '../../engine/fetch-latency';
import { escapeHtml, inlineJson, inlineScript } from './escape-html';
import type { ReportData } from './report-data';
import { REPORT_SCRIPT } from './report-script';
import { changesSection, failuresSection, handlingSection, hostsSection, ledgerSection, lossesSection } from './report-sections';

let chartJs: string | null = null;

/** Chart.js's minified UMD build, without its source-map comment (the file must not point anywhere). */
function chartJsSource(): string {
  if (chartJs === null) {
    const entry = createRequire(import.meta.url).resolve('chart.js');
    const source = readFileSync(join(dirname(entry), 'chart.umd.min.js'), 'utf8');
    chartJs = inlineScript(source.replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n'));
  }
  return chartJs;
}

export function latencyLabels(): string[] {
  return [...LATENCY_EDGES_MS.map((edge, i) => (i === 0 ? `< ${edge} ms` : `${LATENCY_EDGES_MS[i - 1]}–${edge} ms`)), `≥ ${LATENCY_EDGES_MS.at(-1)} ms`];
}

const time = (ms: number | null): string => (ms === null ? '—' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19));

function rows(cells: Array<[string, string | number]>): string {
  return cells.map(([key, value]) => `<tr><th>${escapeHtml(key)}</th><td>${escapeHtml(String(value))}</td></tr>`).join('');
}

/** The run's events listed under the requests chart; a breaker storm lists its first rows only. */
const MAX_EVENT_ROWS = 200;

function eventsTable(data: ReportData): string {
  if (data.events.length === 0) return '<p class="note">No breaker transitions or alarms in this run.</p>';
  const body = data.events
    .slice(0, MAX_EVENT_ROWS)
    .map((e) => [`+${(e.offsetMs / 1000).toFixed(3)} s`, e.kind, e.host ?? '', e.detail ?? ''])
    .map((cells) => `<tr>${cells.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
    .join('');
  const more = data.events.length > MAX_EVENT_ROWS ? `<p class="note">${data.events.length - MAX_EVENT_ROWS} more events not listed.</p>` : '';
  return `<table class="events"><thead><tr><th>time</th><th>event</th><th>host</th><th>detail</th></tr></thead><tbody>${body}</tbody></table>${more}`;
}

/** A chart's section; without data no canvas is drawn, only a line saying there was nothing to draw. */
function section(title: string, id: string, note: string, hasData: boolean, extra = ''): string {
  const body = hasData ? `<p class="note">${escapeHtml(note)}</p><canvas id="${id}" width="900" height="320"></canvas>` : `<p class="note empty">No data in this run.</p>`;
  return `<section><h2>${escapeHtml(title)}</h2>${body}${extra}</section>`;
}

/** Which charts have something to draw (the page script draws exactly these). */
export function chartsWithData(data: ReportData): Record<string, boolean> {
  const any = (ns: number[]) => ns.some((n) => n > 0);
  return {
    'chart-requests': data.fetches > 0,
    'chart-latency': data.fetches > 0,
    'chart-null-price': any(data.itemsOverTime.priced) || any(data.itemsOverTime.unpriced),
    'chart-items': data.items.scraped > 0 || data.items.written > 0 || Object.keys(data.items.dropped).length > 0,
    'chart-changes': data.changes.some((c) => c.percent !== null),
  };
}

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222;max-width:1100px}h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}h3{font-size:1em;margin:.8em 0 .2em}
table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #ccc;padding:2px 8px;text-align:left}th{background:#f4f4f4}td.n{text-align:right}
tr.group th{background:#e8eef6}.note{color:#666;margin:.2em 0 .6em}canvas{max-width:100%}.ledger{font-size:1.25em}.ok{color:#2a7a2a}.bad{color:#b00020}
.failure ul,.failure ol{margin:.2em 0;word-break:break-all}details{margin:.2em 0 .6em}.rises td:nth-child(6){color:#b00020}.drops td:nth-child(6){color:#2a7a2a}`;

export function renderReport(data: ReportData): string {
  const overview = rows([
    ['spider', data.spider],
    ['run', data.runId],
    ['outcome', data.outcome],
    ['exit code', data.exitCode ?? '—'],
    ...(data.stopReason ? [['stopped by', data.stopReason] as [string, string]] : []),
    ['started (UTC)', time(data.startedAtMs)],
    ['ended (UTC)', time(data.endedAtMs)],
    ['settings hash', data.settingsHash ?? '—'],
    ['fetches', data.fetches],
    ['items stored', data.items.stored ?? data.items.written],
    ['price changes', data.changes.length],
  ]);
  const has = chartsWithData(data);
  const payload = { ...data, failures: [], latencyLabels: latencyLabels(), charts: has };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(`pricecrawl report: ${data.spider} ${data.runId}`)}</title><style>${STYLE}</style></head>
<body>
<h1>${escapeHtml(`Run ${data.runId} of ${data.spider}`)}</h1>
${ledgerSection(data)}
${lossesSection(data)}
${failuresSection(data)}
${hostsSection(data)}
<section id="overview"><h2>Run</h2><table>${overview}</table></section>
${handlingSection(data)}
<section id="changes"><h2>Price changes in this run</h2>${changesSection(data)}</section>
${data.changes.length === 0 ? '' : section('Price changes in percent', 'chart-changes', 'Relative change against each SKU\'s previous observation (price history): rises red, drops green.', has['chart-changes'])}
${section('Requests over time per host', 'chart-requests', 'Fetches per time bucket from the fetch log; red crosses mark 429 (Too Many Requests) answers, black triangles circuit-breaker openings, green diamonds closings.', has['chart-requests'], eventsTable(data))}
${section('Latency distribution per host', 'chart-latency', 'Fetch durations from the fetch log.', has['chart-latency'])}
${section('Null-price rate over time', 'chart-null-price', 'Items per time bucket with and without a valid price, as the spider yielded them (before any stage could drop one); the line is the share without one, a star marks the alarm.', has['chart-null-price'])}
${section('Items and drop reasons', 'chart-items', 'From the end-of-run summary.', has['chart-items'])}
<script type="application/json" id="report-data">${inlineJson(payload)}</script>
<script>${chartJsSource()}</script>
<script>${inlineScript(REPORT_SCRIPT)}</script>
</body></html>
`;
}
