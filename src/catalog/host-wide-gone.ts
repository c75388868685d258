// Which hosts answered 404/410 for (nearly) every known product page of a run: a host-level failure, not a delisting.
import { hostOfUrl } from '../core/url-host';
import type { CatalogUpdate } from './update-catalog';
import { isGoneReason } from './catalog-entry';
import { catalogFormOf } from './primary-page';

/**
 * A host is judged only on a sample this large: a shop that delists its only two products in one run still
 * retires them, and three known product pages all gone in one run is already unlike a delisting.
 */
const MIN_GONE_PAGES = 3;
/** "Nearly all": a shop that delists a few products keeps most pages answering; a host-wide fault leaves almost none. */
const MIN_GONE_RATIO = 0.9;

/**
 * Counts, per host, the run's gone answers for pages of known SKUs (the catalog saw each of them working
 * before: the host answered then) against the run's items from that host. Two passes over the run's outcomes
 * before any is folded, holding only a counter per host.
 */
export async function hostsAnsweringAllGone(update: CatalogUpdate): Promise<Set<string>> {
  const gone = new Map<string, number>();
  for await (const page of update.ledger.failedRequests(update.runId)) {
    const goneUrls = page.filter((failure) => isGoneReason(failure.reason)).map((failure) => failure.url);
    if (goneUrls.length === 0) continue;
    const known = await update.catalog.getByUrl(update.spider, goneUrls.map(catalogFormOf));
    for (const url of goneUrls) if (known.has(catalogFormOf(url))) increment(gone, hostOfUrl(url));
  }
  if (gone.size === 0) return new Set();
  const answered = new Map<string, number>();
  for await (const item of update.items.iterateItems(update.runId)) {
    if (item.spider === update.spider) increment(answered, hostOfUrl(item.url));
  }
  const failed = new Set<string>();
  for (const [host, goneCount] of gone) {
    const total = goneCount + (answered.get(host) ?? 0);
    if (host !== '' && goneCount >= MIN_GONE_PAGES && goneCount >= MIN_GONE_RATIO * total) failed.add(host);
  }
  return failed;
}

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
