// Folds a finished (or interrupted) run into the SKU catalog: failures by product URL, then items by site and SKU, in batches.
import type { ItemStore, StoredItem } from '../ports/item-store';
import type { CatalogStore } from '../ports/catalog-store';
import type { FailedRequest, RunLedgerReader } from '../ports/run-ledger';
import { refusedPriceOf, siteSkuKey } from '../pipeline/stored-item';
import { applyFailure, applyObservation, HOST_WIDE_GONE, isGoneReason, withoutFutureTimes, type CatalogEntry, type CatalogRules } from './catalog-entry';
import { hostsAnsweringAllGone } from './host-wide-gone';
import { hostOfUrl } from '../core/url-host';
import { answeredPrimaryPages, catalogFormOf } from './primary-page';

export interface CatalogUpdate {
  spider: string;
  runId: string;
  nowMs: number;
  rules: CatalogRules;
  catalog: CatalogStore;
  items: ItemStore;
  /**
   * The run's outcomes from the frontier that ran it (SQLite or Redis): its failed requests, and whether
   * a URL succeeded (a fallback-served SKU whose primary page also worked ends its failure streak).
   */
  ledger: RunLedgerReader;
  /**
   * The URL the run requests a SKU's own page at (the spider's catalogRequest), null when it has none. It
   * carries what the stored product URL had masked (a key in the query), so the ledger finds the page.
   */
  requestUrlOf?: (sku: string, productUrl: string) => string | null;
  batchSize?: number;
}

export interface CatalogUpdateCounts {
  observed: number;
  failed: number;
  retired: number;
  /** Known SKUs whose product page answered in this run without an item of the SKU (`item/missing`). */
  missing: number;
  /** Hosts that answered 404/410 for (nearly) all their known product pages: folded as `http/gone-host-wide`, no step toward retirement. */
  hostsAllGone: string[];
}

/**
 * The outcome of a product page that answered (2xx, perhaps after a redirect) without an item of its SKU: a
 * discontinued product sent to the home page or a category, a "no longer available" page, an item dropped
 * for having no price. Not seen: its last price is not current. Not gone either: a template change makes every
 * page answer so, and must never retire the catalog. Folded as a failure, so the SKU's revisit interval counts
 * from this attempt (left untouched, its staleness grew without bound and it took the per-host budget of every
 * run), and from `fallbackAfterFailedRuns` on the fallback source serves it.
 */
export const ITEM_MISSING = 'item/missing';

/**
 * Failures first, then items: a SKU that failed on one URL and succeeded on another in the same run
 * ends `ok`. Idempotent per run (entries remember their last run), so a resumed run folds safely again.
 */
export async function updateCatalog(update: CatalogUpdate): Promise<CatalogUpdateCounts> {
  const hostsAllGone = await hostsAnsweringAllGone(update);
  const counts: CatalogUpdateCounts = { observed: 0, failed: 0, retired: 0, missing: 0, hostsAllGone: [...hostsAllGone].sort() };
  for await (const page of update.ledger.failedRequests(update.runId)) await foldFailures(update, page, hostsAllGone, counts);
  let batch: StoredItem[] = [];
  for await (const item of update.items.iterateItems(update.runId)) {
    if (item.sku === null || item.spider !== update.spider) continue;
    batch.push(item);
    if (batch.length >= (update.batchSize ?? 500)) {
      await foldItems(update, batch, counts);
      batch = [];
    }
  }
  await foldItems(update, batch, counts);
  await foldMissing(update, counts);
  return counts;
}

/**
 * After failures and items: every live entry this run left untouched whose product page the run fetched
 * successfully gave no item. Streams the catalog in pages, one ledger lookup per page.
 */
async function foldMissing(update: CatalogUpdate, counts: CatalogUpdateCounts): Promise<void> {
  let page: CatalogEntry[] = [];
  const flush = async () => {
    const answered = await answeredPrimaryPages(update, page);
    const missing = page.filter((entry) => answered.has(entry));
    await update.catalog.put(missing.map((entry) => applyFailure(withoutFutureTimes(entry, update.nowMs), { reason: ITEM_MISSING, atMs: update.nowMs, runId: update.runId }, update.rules)));
    counts.missing += missing.length;
    page = [];
  };
  for await (const entry of update.catalog.entries(update.spider)) {
    if (entry.retiredAtMs !== null || entry.lastRunId === update.runId) continue;
    page.push(entry);
    if (page.length >= (update.batchSize ?? 500)) await flush();
  }
  if (page.length > 0) await flush();
}

async function foldFailures(update: CatalogUpdate, page: FailedRequest[], hostsAllGone: ReadonlySet<string>, counts: CatalogUpdateCounts): Promise<void> {
  // Stored product URLs are masked as items are (`?api_key=***`): a failed request's raw URL is compared masked too.
  const urls = page.map((failure) => catalogFormOf(failure.url));
  const known = await update.catalog.getByUrl(update.spider, urls);
  const changed = new Map<string, CatalogEntry>();
  for (const [i, failure] of page.entries()) {
    // Not a product page we know (a listing, or a product never seen working): none. Size variants: each SKU of the page.
    for (const read of known.get(urls[i]) ?? []) {
      const entry = withoutFutureTimes(read, update.nowMs);
      const id = siteSkuKey(entry.site, entry.sku);
      const hostWide = isGoneReason(failure.reason) && hostsAllGone.has(hostOfUrl(failure.url));
      const reason = hostWide ? HOST_WIDE_GONE : failure.reason;
      const next = applyFailure(changed.get(id) ?? entry, { reason, atMs: update.nowMs, runId: update.runId }, update.rules);
      if (next.retiredAtMs !== null && entry.retiredAtMs === null) counts.retired++;
      changed.set(id, next);
      counts.failed++;
    }
  }
  await update.catalog.put([...changed.values()]);
}

async function foldItems(update: CatalogUpdate, items: StoredItem[], counts: CatalogUpdateCounts): Promise<void> {
  if (items.length === 0) return;
  const ids = items.map((item) => ({ site: item.site ?? '', sku: item.sku! }));
  const known = healed(await update.catalog.getBySku(update.spider, ids), update.nowMs);
  for (const [i, item] of items.entries()) {
    const id = siteSkuKey(ids[i].site, ids[i].sku);
    const entry = known.get(id);
    // Primary and fallback items share the SKU key, so only one is stored; the ledger says whether the primary page worked.
    const fallback = item.data.source === 'fallback' && !(entry && (await answeredPrimaryPages(update, [entry])).has(entry));
    const source = fallback ? ('fallback' as const) : ('primary' as const);
    const net = item.data.taxIncluded === false ? { taxIncluded: false as const } : {};
    const obs = { spider: update.spider, site: ids[i].site, sku: item.sku!, url: item.url, price: item.price, currency: item.currency, ...net, atMs: item.scrapedAtMs, runId: update.runId, source, priceRefusal: refusedPriceOf(item) };
    known.set(id, applyObservation(known.get(id) ?? null, obs, update.rules));
    counts.observed++;
  }
  await update.catalog.put([...known.values()]);
}

/** Entries as read, with times a clock that ran ahead stamped read as unknown (`withoutFutureTimes`). */
function healed<K>(entries: Map<K, CatalogEntry>, nowMs: number): Map<K, CatalogEntry> {
  for (const [key, entry] of entries) entries.set(key, withoutFutureTimes(entry, nowMs));
  return entries;
}
