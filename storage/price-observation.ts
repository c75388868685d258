// What the price history keeps of an item from a project's own store: the fields a change compares, one row per SKU and site.
import type { StoredItem } from '../src/ports/item-store';

export interface PriceObservation {
  spider: string;
  site: string;
  sku: string;
  runId: string;
  scrapedAtMs: number;
  /** Exact decimal string as stored; null for a missing price. */
  price: string | null;
  currency: string | null;
  availability: string | null;
  pricing: string | null;
  url: string;
}

/**
 * The items the history can place in a series, as the backends' own statement reads its items table: a SKU
 * (an item keyed by its page has no series), and a price read or missing, never refused (a refusal is no
 * observation of the price: 10.00 → refused → 10.00 would count two changes). A SKU twice in one run keeps its
 * last values, as the run's store keeps the last write of a key. A store that is the project's own may hand
 * over anything: an item of another spider or run is no observation of this run, and is left out.
 */
export async function observationsOf(spider: string, runId: string, items: AsyncIterable<StoredItem>): Promise<PriceObservation[]> {
  const bySeries = new Map<string, PriceObservation>();
  for await (const item of items) {
    if (item.runId !== runId || item.spider !== spider || typeof item.sku !== 'string') continue;
    const data = item.data ?? {};
    if (item.price === null && data.priceRefusal !== undefined && data.priceRefusal !== null) continue;
    const site = item.site ?? '';
    bySeries.set(`${site}\u0000${item.sku}`, {
      spider,
      site,
      sku: item.sku,
      runId,
      scrapedAtMs: item.scrapedAtMs,
      price: item.price,
      currency: item.currency,
      availability: availabilityText(data.availability),
      pricing: item.pricing ?? null,
      url: item.url,
    });
  }
  return [...bySeries.values()];
}

/** As the backends read `data.availability` from an item's JSON: its text, null when absent. */
function availabilityText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
