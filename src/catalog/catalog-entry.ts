// One SKU's catalog record and the pure rules that fold a run's outcome for it into the record.
import { priceMoved } from '../ports/price-history';

const DAY_MS = 86_400_000;
/** Change times kept per SKU for the velocity window; a SKU changing more often than this per window is hot anyway. */
const MAX_CHANGE_TIMES = 256;

export interface CatalogEntry {
  spider: string;
  /** With the sku, the entry's identity: the site its items came from (StoredItem.site; '' when a migrated URL named none). */
  site: string;
  sku: string;
  /** Where the planner sends the next request for this SKU (the page its latest item came from). */
  productUrl: string;
  firstSeenMs: number;
  /** Latest successful observation. */
  lastSeenMs: number;
  /** Latest outcome of any kind: what the recrawl interval counts from. */
  lastAttemptMs: number;
  lastChangedMs: number | null;
  observations: number;
  /** Exact decimal string as stored in the items table; null when the page had no price. */
  lastPrice: string | null;
  lastCurrency: string | null;
  /** `false` when the last price was labelled without tax (the item's `taxIncluded: false`); absent when it was not. */
  lastTaxIncluded?: false;
  /** Times of the price changes (in one currency and on one tax basis: movedOnOneBasis) inside the velocity window, oldest first. */
  changeTimesMs: number[];
  /** Price changes per day over the window (a rate, not money). */
  velocityPerDay: number;
  /** `ok` or the failure's reason code (`http/404`, `retry/exhausted`). */
  lastStatus: string;
  /** Run of the latest outcome: folding the same run twice (a resumed run) counts it once. */
  lastRunId: string;
  consecutiveFailures: number;
  /** Consecutive runs that ended 404/410 for this SKU. */
  goneRuns: number;
  retiredAtMs: number | null;
}

export interface Observation {
  spider: string;
  site: string;
  sku: string;
  url: string;
  price: string | null;
  currency: string | null;
  /** The item's `taxIncluded: false`: the amount is a net one. */
  taxIncluded?: false;
  atMs: number;
  runId: string;
  /** `fallback` when the item came from the spider's fallback source: the primary page's failure streak goes on. */
  source?: 'primary' | 'fallback';
  /** Why the page's price was refused (`price/disagree`), with `price` null: the price is unknown, not gone (refusedPriceOf). */
  priceRefusal?: string | null;
}

export interface FailedOutcome {
  reason: string;
  atMs: number;
  runId: string;
}

export interface CatalogRules {
  velocityWindowDays: number;
  retireAfterGoneRuns: number;
}

/** A soft 404 (a 2xx not-found page, middlewares/http-errors.ts) says the same as a 404. */
const GONE_REASONS = new Set(['http/404', 'http/410', 'http/soft-404']);

/** Whether a failure's reason says the page is gone (404, 410, a soft 404). */
export function isGoneReason(reason: string): boolean {
  return GONE_REASONS.has(reason);
}

/**
 * The reason a gone answer is folded under when its whole host answered so (catalog/host-wide-gone.ts). A site restructure, a block page
 * served as 404 or a CDN misconfiguration makes every product page of a host 404 at once; counted per product,
 * `retireAfterGoneRuns` such runs retired the host's whole catalog, and the planner never asked for it again.
 * Gone-ness is a per-product signal: a host-wide answer is a failure of the host (the failure streak goes on,
 * so the fallback source serves the SKUs), never a step toward retirement.
 */
export const HOST_WIDE_GONE = 'http/gone-host-wide';

/** Changes per day over the window; a SKU younger than the window is judged over its age (at least one day). */
export function velocityPerDay(changeTimesMs: readonly number[], firstSeenMs: number, nowMs: number, windowDays: number): number {
  const windowStartMs = nowMs - windowDays * DAY_MS;
  const changes = changeTimesMs.filter((t) => t > windowStartMs).length;
  const spanDays = Math.min(windowDays, Math.max(1, (nowMs - firstSeenMs) / DAY_MS));
  return changes / spanDays;
}

/** Folds a successful observation (an item with this SKU) into the entry; `null` creates it. */
export function applyObservation(entry: CatalogEntry | null, obs: Observation, rules: CatalogRules): CatalogEntry {
  if (obs.priceRefusal) return applyRefusedPrice(entry, { ...obs, priceRefusal: obs.priceRefusal }, rules);
  if (!entry) {
    return withTaxBasis({
      spider: obs.spider, site: obs.site, sku: obs.sku, productUrl: obs.url, firstSeenMs: obs.atMs, lastSeenMs: obs.atMs, lastAttemptMs: obs.atMs,
      lastChangedMs: null, observations: 1, lastPrice: obs.price, lastCurrency: obs.currency, changeTimesMs: [], velocityPerDay: 0,
      lastStatus: 'ok', lastRunId: obs.runId, consecutiveFailures: 0, goneRuns: 0, retiredAtMs: null,
    }, obs);
  }
  // Runs can be folded out of order (a crashed run resumed and finished after a newer one): an item older
  // than the entry's latest success must not roll its price back. The price history keeps it all the same.
  if (obs.atMs < entry.lastSeenMs) return { ...entry, firstSeenMs: Math.min(entry.firstSeenMs, obs.atMs) };
  const changed = movedOnOneBasis(entry, obs);
  const windowStartMs = obs.atMs - rules.velocityWindowDays * DAY_MS;
  const changeTimesMs = (changed ? [...entry.changeTimesMs, obs.atMs] : entry.changeTimesMs).filter((t) => t > windowStartMs).slice(-MAX_CHANGE_TIMES);
  const sameRun = entry.lastRunId === obs.runId && entry.lastStatus.startsWith('ok');
  const fallback = obs.source === 'fallback';
  const seen = withTaxBasis({
    ...entry,
    productUrl: fallback ? entry.productUrl : obs.url,
    lastSeenMs: Math.max(entry.lastSeenMs, obs.atMs),
    lastAttemptMs: Math.max(entry.lastAttemptMs, obs.atMs),
    lastChangedMs: changed ? obs.atMs : entry.lastChangedMs,
    observations: entry.observations + (sameRun ? 0 : 1),
    lastPrice: obs.price,
    lastCurrency: obs.currency,
    changeTimesMs,
    velocityPerDay: velocityPerDay(changeTimesMs, entry.firstSeenMs, obs.atMs, rules.velocityWindowDays),
  }, obs);
  // Another run's failure newer than this item stays the latest outcome: the price moves, the status and
  // streaks do not. (In one run failures are folded first, stamped at the fold: an item of the run still ends it `ok`.)
  if (obs.atMs < entry.lastAttemptMs && entry.lastRunId !== obs.runId) return seen;
  return {
    ...seen,
    lastStatus: fallback ? 'ok/fallback' : 'ok',
    lastRunId: obs.runId,
    consecutiveFailures: fallback ? entry.consecutiveFailures : 0,
    goneRuns: fallback ? entry.goneRuns : 0,
    // Its own page works again (discovery found it back on the site): retired, it would be crawled only when
    // discovery happens to run, never planned. A fallback item does not show the page is back.
    retiredAtMs: !fallback && entry.retiredAtMs !== null && obs.atMs > entry.retiredAtMs ? null : entry.retiredAtMs,
  };
}

/**
 * Velocity counts price moves. A currency switch (a geo-IP or proxy serving another market) compares no amounts: counted, a
 * SKU flipped between EUR and GBP every run read as changing every run and turned hot. Nor does a switch between a net and a
 * gross display (a B2B shop's toggle, a logged-in session, the price history's `tax` kind): 10.00 net → 11.90 gross is the VAT
 * shown, no move, and a SKU whose page alternated read as moving every run.
 */
function movedOnOneBasis(entry: CatalogEntry, obs: Observation): boolean {
  const sameBasis = (entry.lastTaxIncluded === false) === (obs.taxIncluded === false);
  return sameBasis && priceMoved({ oldPrice: entry.lastPrice, newPrice: obs.price, oldCurrency: entry.lastCurrency, newCurrency: obs.currency });
}

/** The entry with the observation's tax basis: `lastTaxIncluded: false` for a net price, absent otherwise. */
function withTaxBasis(entry: CatalogEntry, obs: Observation): CatalogEntry {
  const { lastTaxIncluded: _previous, ...rest } = entry;
  return obs.taxIncluded === false ? { ...rest, lastTaxIncluded: false } : rest;
}

/**
 * An item whose price was refused (ambiguous, disagreeing: null with the reason) tells no price. Folded as an
 * observation it was a change to nothing and one back (counted twice in the velocity, so a SKU whose page was
 * refused now and then turned hot), and the last price read was lost. It is the page failing under the refusal's
 * reason instead: the last price stays, the failure streak goes on (the fallback source serves it from
 * `fallbackAfterFailedRuns`), and the revisit interval counts from this attempt. A SKU first read so is known
 * with no price and no currency, so its first price read is no change.
 */
function applyRefusedPrice(entry: CatalogEntry | null, obs: Observation & { priceRefusal: string }, rules: CatalogRules): CatalogEntry {
  const failure = { reason: obs.priceRefusal, atMs: obs.atMs, runId: obs.runId };
  if (entry) return applyFailure(entry, failure, rules);
  const known = applyObservation(null, { ...obs, price: null, currency: null, priceRefusal: null }, rules);
  return { ...known, lastStatus: failure.reason, consecutiveFailures: 1 };
}

/** Folds a failed request for this SKU's page; 404/410 in `retireAfterGoneRuns` consecutive runs retires it. */
export function applyFailure(entry: CatalogEntry, failure: FailedOutcome, rules: CatalogRules): CatalogEntry {
  if (entry.lastRunId === failure.runId) return entry; // already counted for this run (or it succeeded in it)
  if (failure.atMs < entry.lastAttemptMs) return entry; // an older run folded late: a newer outcome stands
  const gone = GONE_REASONS.has(failure.reason);
  // A host-wide 404 says nothing of this product: its own streak of gone runs neither grows nor ends.
  const goneRuns = failure.reason === HOST_WIDE_GONE ? entry.goneRuns : gone ? entry.goneRuns + 1 : 0;
  const retire = entry.retiredAtMs === null && goneRuns >= rules.retireAfterGoneRuns;
  return {
    ...entry,
    lastAttemptMs: Math.max(entry.lastAttemptMs, failure.atMs),
    velocityPerDay: velocityPerDay(entry.changeTimesMs, entry.firstSeenMs, failure.atMs, rules.velocityWindowDays),
    lastStatus: failure.reason,
    lastRunId: failure.runId,
    consecutiveFailures: entry.consecutiveFailures + 1,
    goneRuns,
    retiredAtMs: retire ? failure.atMs : entry.retiredAtMs,
  };
}

/**
 * An entry whose times lie after `nowMs` was stamped by a clock that ran ahead (a wrong RTC, a bad NTP source,
 * or ours set back since). Compared as they are, every newer outcome read as older than the entry: its price
 * and status froze until real time caught up, a year if the clock was a year ahead. Such times are unknown:
 * the last sighting, attempt and retirement read as long ago (0), so this run's outcome is the latest; first
 * sighting and last change as now; change times in the future leave the velocity window.
 */
export function withoutFutureTimes(entry: CatalogEntry, nowMs: number): CatalogEntry {
  const known = (atMs: number) => (atMs > nowMs ? 0 : atMs);
  const atMost = (atMs: number) => Math.min(atMs, nowMs);
  return {
    ...entry,
    firstSeenMs: atMost(entry.firstSeenMs),
    lastSeenMs: known(entry.lastSeenMs),
    lastAttemptMs: known(entry.lastAttemptMs),
    lastChangedMs: entry.lastChangedMs === null ? null : atMost(entry.lastChangedMs),
    changeTimesMs: entry.changeTimesMs.filter((atMs) => atMs <= nowMs),
    retiredAtMs: entry.retiredAtMs === null ? null : known(entry.retiredAtMs),
  };
}
