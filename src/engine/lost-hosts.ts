// The whole-host rule: a host the run planned requests for and got nothing from (no item, whatever the reasons) is a competitor lost.
import type { LedgerSummary } from '../ports/frontier';
import type { Stats } from './stats';

/**
 * Stats keys, per host of this process: `host-yield/<host>/settled` (requests that ended), `…/succeeded`,
 * `…/failed/<reason>`, `…/last-error/<reason>` (what the failed requests' last tries met: the reason itself,
 * or what `retry/exhausted` and `robots/unavailable` ran out on), `…/items` (items the pipeline kept, duplicates included), `…/dropped/<reason>` (items
 * it dropped), `…/links-out` (requests yielded for other hosts), `…/proxy/<proxyId>` (sends given a session on
 * that proxy). Host keys and proxy ids hold no `/`, so the first one ends the host.
 */
const PREFIX = 'host-yield/';

export interface LostHost {
  /** The host's requests in the run's ledger. */
  planned: number;
  succeeded: number;
  /** This process's failures of the host by reason. */
  failedByReason: Record<string, number>;
  /**
   * The same failures by what their last try met (`fetch/connection-refused` for a `retry/exhausted`). Absent
   * from summaries stored before it was counted.
   */
  lastErrorByReason?: Record<string, number>;
  /** Items the spider yielded from its pages that the pipeline dropped, by reason (a price it could not read...). */
  droppedByReason: Record<string, number>;
  /** The proxies (ids, never URLs) the host's requests were sent through; absent when they went direct. */
  proxies?: string[];
}

/** One request of `host` ended: failed with `reason` (its last try having met `lastError`), or succeeded (reason null). */
export function noteSettled(stats: Stats, host: string, reason: string | null, lastError?: string): void {
  stats.inc(`${PREFIX}${host}/settled`);
  if (reason === null) return stats.inc(`${PREFIX}${host}/succeeded`);
  stats.inc(`${PREFIX}${host}/failed/${reason}`);
  stats.inc(`${PREFIX}${host}/last-error/${lastError ?? reason}`);
}

/** A request of `host` is sent on a session of proxy `proxyId` (the sessions middleware tells). */
export function noteProxied(stats: Stats, host: string, proxyId: string): void {
  stats.inc(`${PREFIX}${host}/proxy/${proxyId}`);
}

/** What one page of `host` gave: items kept and dropped, requests yielded for other hosts. */
export function notePageYield(stats: Stats, host: string, page: { items: number; droppedByReason: Record<string, number>; linksOut: number }): void {
  // A duplicate is an item read well whose copy the run already holds (the same SKU at the same price under
  // another listing or host): the host gave it, so it counts as kept here. A copy at another price or
  // currency (`duplicate/price-differs`: another host of the same site, e.g. a market on its own subdomain)
  // is not held by the run: the price stored is another page's, so this host's observation is lost like an unreadable one.
  let items = page.items;
  for (const [reason, n] of Object.entries(page.droppedByReason)) {
    if (reason === 'duplicate') items += n;
    else stats.inc(`${PREFIX}${host}/dropped/${reason}`, n);
  }
  if (items > 0) stats.inc(`${PREFIX}${host}/items`, items);
  if (page.linksOut > 0) stats.inc(`${PREFIX}${host}/links-out`, page.linksOut);
}

/**
 * Hosts lost whole: every planned request of the host has ended (none pending: a host still waiting is
 * work left, the run says so as that), and not one item came from the host's pages. The reason does not
 * matter: a WAF's 403s, block pages, soft 404s, robots.txt, a redirect loop, a callback a redesign broke,
 * prices the pipeline could not read all leave the price team without that competitor, and a run that
 * lost one must not end looking clean (exit 4). One failed page is the page's own answer; one host giving
 * nothing is not.
 *
 * A host whose pages yielded requests for other hosts is a hub (a shop's listings on `www`, its products
 * on another host), judged through those hosts instead. Items and links are this process's counts
 * (`--processes` merges them): a host with successes in the ledger that this process did not count (an
 * earlier part of a resumed run, another worker on a shared Redis frontier) is not judged, since those
 * pages may have given its items. A host that nothing succeeded on anywhere always is, with its failures
 * as the run's ledger holds them: a wall met before a stop was, before, not named by the resumed run,
 * which then ended clean, since this process had settled none of its requests.
 */
export function lostHosts(ledger: LedgerSummary, stats: Stats): Record<string, LostHost> {
  const lost: Record<string, LostHost> = {};
  for (const [host, counts] of Object.entries(ledger.byHost)) {
    if (counts.planned === 0 || counts.pending > 0) continue;
    const yielded = stats.byPrefix(`${PREFIX}${host}/`);
    if ((yielded.items ?? 0) > 0 || (yielded['links-out'] ?? 0) > 0) continue;
    // Successes this process did not see (before a --resume, on another Redis worker) may have given items.
    if (counts.succeeded > (yielded.succeeded ?? 0)) continue;
    // The run's failures of the host, whichever process met them; a shared run begun before the ledger kept them has this process's.
    const failedByReason = counts.failedByReason ?? stats.byPrefix(`${PREFIX}${host}/failed/`);
    if (onlyOffsite(counts.succeeded, failedByReason)) continue;
    if (counts.succeeded === 0 && Object.keys(failedByReason).length === 0) continue; // nothing of it settled that this summary can tell of
    const lastErrorByReason = stats.byPrefix(`${PREFIX}${host}/last-error/`);
    lost[host] = { planned: counts.planned, succeeded: counts.succeeded, failedByReason, lastErrorByReason, droppedByReason: stats.byPrefix(`${PREFIX}${host}/dropped/`) };
    const proxies = Object.keys(stats.byPrefix(`${PREFIX}${host}/proxy/`)).sort();
    if (proxies.length > 0) lost[host].proxies = proxies;
  }
  return lost;
}

/**
 * A host the spider's `allowedDomains` keeps out (a listing's link to a social site or a payment provider,
 * as Scrapy's offsite filter drops it) was never one of its competitors: nothing was asked of it, so nothing
 * was lost. Only a host every request of which was refused so; one redirected offsite (`offsite/redirect`)
 * was asked and answered away, and stays judged.
 */
function onlyOffsite(succeeded: number, failedByReason: Record<string, number>): boolean {
  const reasons = Object.keys(failedByReason);
  return succeeded === 0 && reasons.length > 0 && reasons.every((reason) => reason === 'offsite');
}

/**
 * Likely causes by failure reason, first match wins; the summary prints the one of what a host's failures
 * most often met last. A host nothing reaches is no block: the line says what failed and what to check.
 */
const HINTS: Array<[RegExp, string]> = [
  [/^fetch\/connection-refused$/, 'connection refused on every try: nothing listens there (site down, or a wrong host or port?); check the URL answers from this machine'],
  [/^fetch\/dns$/, "its host name does not resolve (DNS failure): check the name's spelling, that the domain still exists, and this machine's DNS"],
  [/^fetch\/http2-only$/, "it speaks only HTTP/2 (it refused HTTP/1.1 in the TLS handshake), which the HTTP fetcher does not: fetch it with the browser (fetchMode: 'browser' for the host in politeness.hosts)"],
  [/^fetch\/tls$/, "the TLS handshake failed (a certificate expired, self-signed or for another name?): check the site's certificate"],
  [/^fetch\/(connect-)?timeout$/, 'timed out on every try (site down, or a firewall dropping us?): check the URL answers from this machine'],
  [/^fetch\/connection-reset$/, 'connections cut on every try (the server or a firewall closing them?): check the URL answers from this machine'],
  [/^browser\/(unavailable|missing)$/, 'our browser (Chromium) could not be started: see its error in the failures, and check browser.executablePath'],
  [/^(fetch\/proxy-|proxy\/)/, 'our proxies failed (unreachable, refusing our credentials or the tunnel): check the proxy settings'],
  [/^http\/40[13]$/, 'refused: blocked?'],
  [/^http\/5\d\d$/, 'server errors (5xx) on every try: site down, or a wall answering 5xx?'],
  [/^(callback|dom)\//, 'the spider failed on its pages: broken by a redesign?'],
  [/^robots\/disallowed$/, "robots.txt disallows us (the site's decision)"],
  [/^robots\/crawl-delay-/, 'robots.txt asks for a Crawl-delay we cannot keep (too long, or unreadable)'],
  [/^robots\/unavailable$/, 'robots.txt could not be read (down, or a bot wall in its place)'],
  [/^(block\/|retry\/)/, 'block pages or errors on every try: blocked?'],
  [/^http\/(soft-404|404|410)$/, 'pages not found: moved or gone?'],
  [/redirect/, 'redirected away or without end'],
];

/**
 * A word on the likely cause, from what the host's failures most often met last (or none: pages fetched, no
 * item kept); the failure's own reason when that says nothing more (a 429 or a block page keeps the
 * failure's "blocked?"). robots.txt that could not be read says so first, naming a transport failure
 * behind it: the pages were never asked for.
 */
export function lostHostHint(host: LostHost): string {
  const failed = mostFrequent(host.failedByReason);
  if (failed === undefined) return droppedHint(host.droppedByReason);
  const last = mostFrequent(host.lastErrorByReason ?? {}) ?? failed;
  return withProxies(causeHint(failed, last), last, host.proxies);
}

function causeHint(failed: string, last: string): string {
  const lastHint = hintFor(last);
  const failedHint = hintFor(failed) ?? 'see the failures';
  if (last === failed || lastHint === undefined) return failedHint;
  if (failed !== 'robots/unavailable') return lastHint;
  return last.startsWith('fetch/') ? `robots.txt could not be read: ${lastHint}` : failedHint;
}

/**
 * Failures a proxy makes as readily as the site: a forward proxy's own 502/503/504, its silence, a connection
 * it cuts. A failure the proxy names as its own (fetch/proxy-*) has a hint of its own already.
 */
const PROXY_OR_SITE = /^(http\/5\d\d|fetch\/(timeout|connect-timeout|connection-reset|failed|protocol|empty-body)|robots\/unavailable|retry\/exhausted)$/;

/**
 * Through proxies such a failure does not tell whose it is: every one the host met went through them, so the
 * line names them instead of blaming the site alone (the site looked down while our proxy answered 502).
 */
function withProxies(hint: string, last: string, proxies: string[] | undefined): string {
  if (!proxies?.length || !PROXY_OR_SITE.test(last)) return hint;
  return `${hint}; or our proxy: every request went through ${proxies.join(', ')}, and a proxy failing looks the same; fetch a page without it to tell`;
}

function hintFor(reason: string): string | undefined {
  return HINTS.find(([pattern]) => pattern.test(reason))?.[1];
}

function mostFrequent(counts: Record<string, number>): string | undefined {
  return Object.entries(counts).sort(([, a], [, b]) => b - a)[0]?.[0];
}

/** A host with no failure: its pages gave no item, or every item was dropped (the most frequent reason decides). */
function droppedHint(dropped: Record<string, number>): string {
  const top = mostFrequent(dropped);
  if (top === undefined) return 'pages fetched, no item or link: a block page not recognised, or selectors a redesign broke?';
  if (top === 'duplicate/price-differs') return "every item's SKU was already stored from another host of the same site at another price: markets on subdomains of one domain (de.shop.com, ch.shop.com)? An item is its site (registrable domain) and SKU; state `site` on the items to keep such markets apart";
  return 'every item dropped: its prices unreadable?';
}

