// The record a feed holds for one stored item: the item's own fields plus where and when it came from.
import type { StoredItem } from '../../ports/item-store';

/** Provenance fields every exported record carries after the item's own fields. */
export const PROVENANCE_FIELDS = ['source', 'scrapedAt', 'runId', 'rawHash'] as const;

/**
 * The item's fields with its `site` (with the sku, the item's identity: shop.de and shop.ch rows of one
 * SKU are two products, and the site says which is which), then its provenance: `source` is what the spider said the values came from
 * (`structured` data, `visible` text, a `fallback` request), null when it said nothing (never guessed);
 * `scrapedAt` is ISO 8601 UTC; `rawHash` names the exact response bytes (`pricecrawl raw <hash>`).
 * The store's provenance wins over an item field of the same name: it is the one we can vouch for.
 */
export function exportRecord(item: StoredItem): Record<string, unknown> {
  const source = typeof item.data.source === 'string' && item.data.source !== '' ? item.data.source : null;
  const site = item.site ?? null;
  return { ...item.data, ...(site === null ? {} : { site }), source, scrapedAt: new Date(item.scrapedAtMs).toISOString(), runId: item.runId, rawHash: item.rawHash };
}
