// Whether a run fetched SKUs' own product pages, asked of the run ledger in the form the run requested them.
import { maskItemSecretsInText } from '../core/mask-secrets';
import type { CatalogEntry } from './catalog-entry';
import type { CatalogUpdate } from './update-catalog';

/**
 * The catalog keeps product URLs as items are stored, with secrets masked (`?api_key=***`, toStoredItem),
 * while the ledger holds the URLs the run requested, raw. Asked with the stored URL, the ledger never found
 * the page of a SKU whose URL carries a token: a SKU whose primary page and fallback both gave items kept its
 * failure streak, and a page that answered without its item was never recorded as such. So the ledger is also
 * asked with the URL the run requests the page at (`CatalogUpdate.requestUrlOf`: the spider's catalogRequest,
 * which puts the key back), held in memory only: no secret is written anywhere new.
 */
export async function answeredPrimaryPages(update: CatalogUpdate, entries: readonly CatalogEntry[]): Promise<Set<CatalogEntry>> {
  const candidates = entries.map((entry) => primaryPageUrls(update, entry));
  const answered = await update.ledger.succeededAmong(update.runId, [...new Set(candidates.flat())]);
  return new Set(entries.filter((_, i) => candidates[i].some((url) => answered.has(url))));
}

/** A ledger URL (a failed request's, raw) in the form the catalog stores product URLs: masked as items are. */
export function catalogFormOf(requestUrl: string): string {
  return maskItemSecretsInText(requestUrl);
}

function primaryPageUrls(update: CatalogUpdate, entry: CatalogEntry): string[] {
  const requested = update.requestUrlOf?.(entry.sku, entry.productUrl) ?? null;
  return requested === null || requested === entry.productUrl ? [entry.productUrl] : [entry.productUrl, requested];
}
