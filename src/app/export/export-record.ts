// The record a feed holds for one stored item: the item's own fields plus where and when it came from.
import type { StoredItem } from '../../ports/item-store';

/** Provenance fields every exported record carries after the item's own fields. */
export const PROVENANCE_FIELDS = ['source', 'scrapedAt', 'runId', 'rawHash'] as const;

/**
 * The item's fields, then its provenance: `source` is what the spider said the values came from
 * (`structured` data, `visible` text, a `fallback` request), null when it said nothing (never guessed);
 * `scrapedAt` is ISO 8601 UTC; `rawHash` names the exact response bytes (`pricecrawl raw <hash>`).
 * The store's provenance wins over an item field of the same name: it is the one we can vouch for.
 */
export function exportRecord(item: StoredItem): Record<string, unknown> {
  const source = typeof item.data.source === 'string' && item.data.source !== '' ? item.data.source : null;
  return { ...item.data, source, scrapedAt: new Date(item.scrapedAtMs).toISOString(), runId: item.runId, rawHash: item.rawHash };
}
