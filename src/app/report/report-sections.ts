// The report's tables: the ledger, failures by reason with their URLs, hosts, handling in words, price rises and drops.
import { escapeHtml } from './escape-html';
import { groupHandling } from './handling-labels';
import type { ReportData } from './report-data';
import type { ReportChange } from './report-change';
import { codeErrorCounts, LOSS_HEADINGS, lostHostCounts, lostNothing } from '../../engine/run-losses';

/** URLs shown per failure reason before the collapsible full list. */
export const FIRST_URLS_SHOWN = 5;

const cell = (value: string | number): string => `<td>${escapeHtml(String(value))}</td>`;
const num = (value: number): string => `<td class="n">${value}</td>`;
const head = (...names: string[]): string => `<thead><tr>${names.map((n) => `<th>${escapeHtml(n)}</th>`).join('')}</tr></thead>`;

/** A link only for http(s) URLs (a scraped `javascript:` URL stays text); every URL escaped. */
function urlLink(url: string): string {
  return /^https?:\/\//i.test(url) ? `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : escapeHtml(url);
}

/** planned = succeeded + failed + pending, the first thing a reader checks. */
export function ledgerSection(data: ReportData): string {
  const l = data.ledger;
  if (!l) return '<section id="ledger"><h2>Ledger</h2><p class="note">This run was recorded before run summaries were stored: no ledger.</p></section>';
  const balanced = l.planned === l.succeeded + l.failed + l.pending;
  const verdict = balanced ? '<span class="ok">balanced ✓</span>' : '<span class="bad">BROKEN: requests are unaccounted for</span>';
  const pendingNote = l.pending > 0 ? `<p class="note">${l.pending} requests are still queued: \`pricecrawl crawl ${escapeHtml(data.spider)} --resume\` continues them.</p>` : '';
  return `<section id="ledger"><h2>Ledger</h2>
<p class="ledger">planned <b>${l.planned}</b> = succeeded <b>${l.succeeded}</b> + failed <b class="${l.failed > 0 ? 'bad' : ''}">${l.failed}</b> + pending <b>${l.pending}</b> &nbsp; ${verdict}</p>${pendingNote}</section>`;
}

/**
 * What the run lost, right under the ledger: the same facts and headings as the terminal summary's
 * LOST/WAITING lines (run-losses.ts), so the morning's reader of the report does not see a clean run
 * where the crawl exited 4. Host names and reasons came from the network: every one is escaped.
 */
export function lossesSection(data: ReportData): string {
  const { losses } = data;
  if (lostNothing(losses)) return '';
  const parts: string[] = [];
  const pairs = (counts: Array<[string, number]>) => counts.map(([r, n]) => `${r}: ${n}`).join(', ');
  if (losses.transient.requests > 0) {
    parts.push(`<h3 class="bad">${LOSS_HEADINGS.transient}: ${losses.transient.requests}</h3><p>${escapeHtml(pairs(losses.transient.byReason))}; a later run may get them.</p>`);
  }
  if (losses.lostHosts.length > 0) {
    const body = losses.lostHosts.map((h) => `<tr>${cell(h.host)}${cell(lostHostCounts(h))}${cell(h.hint)}</tr>`).join('');
    parts.push(`<h3 class="bad">${LOSS_HEADINGS.lostHosts}: ${losses.lostHosts.length}</h3><p class="note">Requests planned, not one item from them.</p><table class="lost-hosts">${head('host', 'requests and items', 'likely cause')}<tbody>${body}</tbody></table>`);
  }
  if (losses.codeErrors.length > 0) {
    const body = losses.codeErrors.map((e) => `<tr>${cell(codeErrorCounts(e))}${cell(e.firstAt ? `${e.firstMessage} at ${e.firstAt}` : e.firstMessage)}${cell(e.firstUrl)}</tr>`).join('');
    parts.push(`<h3 class="bad">${LOSS_HEADINGS.codeErrors}: ${losses.codeErrors.length}</h3><p class="note">A callback, middleware or stage of the project threw: fix it and run again.</p><table class="code-errors">${head('component', 'first error', 'on')}<tbody>${body}</tbody></table>`);
  }
  if (losses.waitingHosts.length > 0) {
    const until = (ms: number | null) => (ms === null ? '—' : new Date(ms).toISOString());
    const body = losses.waitingHosts.map((w) => `<tr>${cell(w.host)}${num(w.pending)}${cell(until(w.untilMs))}</tr>`).join('');
    parts.push(`<h3 class="bad">${LOSS_HEADINGS.waitingHosts}: ${losses.waitingHosts.length}</h3><p class="note">Their servers asked us to come back after the run ended, or failed every try; their requests stay queued for --resume.</p><table class="waiting-hosts">${head('host', 'pending', 'asked to wait until (UTC)')}<tbody>${body}</tbody></table>`);
  }
  return `<section id="losses"><h2>What this run lost${data.exitCode === null ? '' : ` (exit ${data.exitCode})`}</h2>${parts.join('')}</section>`;
}

export function failuresSection(data: ReportData): string {
  if (data.failures.length === 0) return '<section id="failures"><h2>Failures</h2><p class="note">No request failed.</p></section>';
  const groups = data.failures
    .map((g) => {
      const first = g.urls.slice(0, FIRST_URLS_SHOWN).map((u) => `<li>${urlLink(u)}</li>`).join('');
      const unlisted = g.count - g.urls.length;
      const all = g.urls.length > FIRST_URLS_SHOWN
        ? `<details><summary>all ${g.urls.length} URLs</summary><ol>${g.urls.map((u) => `<li>${urlLink(u)}</li>`).join('')}</ol></details>`
        : '';
      const more = unlisted > 0 ? `<p class="note">${unlisted} more not listed${g.urls.length === 0 ? ' (URLs are not in this storage directory)' : ''}.</p>` : '';
      return `<div class="failure"><h3><code>${escapeHtml(g.reason)}</code>: ${g.count}</h3><ul>${first}</ul>${all}${more}</div>`;
    })
    .join('');
  return `<section id="failures"><h2>Failures by reason</h2>${groups}</section>`;
}

export function hostsSection(data: ReportData): string {
  if (data.hostOutcomes.length === 0) return '';
  const statuses = (s: Record<string, number>) =>
    Object.entries(s).sort(([a], [b]) => a.localeCompare(b)).map(([code, n]) => `${code === 'none' ? 'no answer' : code} ×${n}`).join(', ');
  const body = data.hostOutcomes.map((h) => `<tr>${cell(h.host)}${num(h.planned)}${num(h.succeeded)}${num(h.failed)}${num(h.pending)}${cell(statuses(h.statuses))}</tr>`).join('');
  return `<section id="hosts"><h2>Hosts</h2><table class="hosts">${head('host', 'planned', 'succeeded', 'failed', 'pending', 'answers by HTTP status (retries included)')}<tbody>${body}</tbody></table></section>`;
}

export function handlingSection(data: ReportData): string {
  const groups = groupHandling(data.handling);
  if (groups.length === 0) return '';
  const body = groups
    .map((g) => `<tr class="group"><th colspan="2">${escapeHtml(g.title)}</th></tr>${g.rows.map((r) => `<tr><td title="${escapeHtml(r.key)}">${escapeHtml(r.label)}</td>${num(r.count)}</tr>`).join('')}`)
    .join('');
  return `<section id="handling"><h2>How refusals and odd links were handled</h2><table class="handling"><tbody>${body}</tbody></table></section>`;
}

/** One code when both sides share it; "EUR → USD" when the shop served another market (the amounts do not compare). */
function currencyCell(c: ReportChange): string {
  return c.oldCurrency === c.newCurrency ? (c.newCurrency ?? '') : `${c.oldCurrency ?? '—'} → ${c.newCurrency ?? '—'}`;
}

function changeRows(changes: ReportChange[]): string {
  return changes
    .map((c) => `<tr>${cell(c.name ?? '—')}${cell(c.sku)}${cell(c.site)}${cell(c.oldPrice ?? '—')}${cell(c.newPrice ?? '—')}${cell(currencyCell(c))}${cell(c.percent === null ? '' : `${c.direction === 'rise' ? '+' : ''}${c.percent} %`)}<td>${urlLink(c.url)}</td></tr>`)
    .join('');
}

/** Rises and drops in separate tables (largest first), changes without two comparable prices after them. */
export function changesSection(data: ReportData): string {
  if (data.changes.length === 0) return '<p class="note">No price changes in this run (the first run of a spider has nothing to compare with).</p>';
  const byPercent = (a: ReportChange, b: ReportChange) => Math.abs(Number(b.percent ?? 0)) - Math.abs(Number(a.percent ?? 0));
  const table = (cls: string, title: string, changes: ReportChange[]) =>
    changes.length === 0 ? '' : `<h3>${escapeHtml(title)} (${changes.length})</h3><table class="changes ${cls}">${head('product', 'sku', 'site', 'old', 'new', 'currency', 'change', 'url')}<tbody>${changeRows(changes.sort(byPercent))}</tbody></table>`;
  return [
    table('rises', 'Price rises', data.changes.filter((c) => c.direction === 'rise')),
    table('drops', 'Price drops', data.changes.filter((c) => c.direction === 'drop')),
    table('other', 'Other changes (price appeared, disappeared or changed currency; availability or pricing fields)', data.changes.filter((c) => c.direction === 'other')),
  ].join('');
}
