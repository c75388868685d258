// Renders report data as one self-contained HTML file: Chart.js inlined, data as escaped JSON, every text escaped.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LATENCY_EDGES_MS } from '../engine/fetch-latency';
import type { ReportData } from './report-data';
import { REPORT_SCRIPT } from './report-script';

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

/** Text for element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Code inside <script>: a `</script` in it would end the element early. */
function inlineScript(code: string): string {
  return code.replace(/<\/(script)/gi, '<\\/$1');
}

/** JSON inside <script type="application/json">: no `<` at all, and the two line separators JS once rejected. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function latencyLabels(): string[] {
  return [...LATENCY_EDGES_MS.map((edge, i) => (i === 0 ? `< ${edge} ms` : `${LATENCY_EDGES_MS[i - 1]}–${edge} ms`)), `≥ ${LATENCY_EDGES_MS.at(-1)} ms`];
}

const time = (ms: number | null): string => (ms === null ? '—' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19));

function rows(cells: Array<[string, string | number]>): string {
  return cells.map(([key, value]) => `<tr><th>${escapeHtml(key)}</th><td>${escapeHtml(String(value))}</td></tr>`).join('');
}

function changesTable(data: ReportData): string {
  if (data.changes.length === 0) return '<p class="note">No price changes in this run (the first run of a spider has nothing to compare with).</p>';
  const body = data.changes
    .map((c) => {
      const cells = [c.sku, c.oldPrice ?? '—', c.newPrice ?? '—', c.currency ?? '', c.percent === null ? '' : `${c.percent} %`];
      return `<tr>${cells.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}<td><a href="${escapeHtml(c.url)}">${escapeHtml(c.url)}</a></td></tr>`;
    })
    .join('');
  return `<table class="changes"><thead><tr><th>sku</th><th>old</th><th>new</th><th>currency</th><th>change</th><th>url</th></tr></thead><tbody>${body}</tbody></table>`;
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

function section(title: string, id: string, note: string, extra = ''): string {
  return `<section><h2>${escapeHtml(title)}</h2><p class="note">${escapeHtml(note)}</p><canvas id="${id}" width="900" height="320"></canvas>${extra}</section>`;
}

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}h1{font-size:1.4em}h2{font-size:1.15em;margin-top:2em}
table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #ccc;padding:2px 8px;text-align:left}th{background:#f4f4f4}
.note{color:#666;margin:.2em 0 .6em}canvas{max-width:100%}`;

export function renderReport(data: ReportData): string {
  const overview = rows([
    ['spider', data.spider],
    ['run', data.runId],
    ['outcome', data.outcome],
    ['started (UTC)', time(data.startedAtMs)],
    ['ended (UTC)', time(data.endedAtMs)],
    ['fetches', data.fetches],
    ['items written', data.items.written],
    ['price changes', data.changes.length],
  ]);
  const handling = Object.entries(data.handling).sort(([a], [b]) => a.localeCompare(b));
  const payload = { ...data, latencyLabels: latencyLabels() };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(`pricecrawl report: ${data.spider} ${data.runId}`)}</title><style>${STYLE}</style></head>
<body>
<h1>${escapeHtml(`Run ${data.runId} of ${data.spider}`)}</h1>
<table>${overview}</table>
${handling.length > 0 ? `<h2>Handling</h2><table>${rows(handling)}</table>` : ''}
${section('Requests over time per host', 'chart-requests', 'Fetches per time bucket from the fetch log; red crosses mark 429 (Too Many Requests) answers, black triangles circuit-breaker openings, green diamonds closings.', eventsTable(data))}
${section('Latency distribution per host', 'chart-latency', 'Fetch durations from the fetch log.')}
${section('Null-price rate over time', 'chart-null-price', 'Items per time bucket with and without a valid price, as the null-price-alarm stage saw them (before any drop); the line is the share without one, a star marks the alarm.')}
${section('Items and drop reasons', 'chart-items', 'From the end-of-run summary.')}
${section('Price changes in this run', 'chart-changes', 'Relative change against each SKU\'s previous observation (price history).', changesTable(data))}
<script type="application/json" id="report-data">${inlineJson(payload)}</script>
<script>${chartJsSource()}</script>
<script>${inlineScript(REPORT_SCRIPT)}</script>
</body></html>
`;
}
