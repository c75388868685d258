// PriceHistory port: change events (price / currency / availability / pricing fields) between consecutive observations of a SKU on a site.
import type { StoredItem } from './item-store';

export interface PriceChange {
  spider: string;
  /** The site whose series this is (see StoredItem.site); '' for rows migrated from a URL that named none. */
  site: string;
  sku: string;
  runId: string;
  previousRunId: string;
  observedAtMs: number;
  previousObservedAtMs: number;
  /** Exact decimal strings as stored; null for a missing price. */
  oldPrice: string | null;
  newPrice: string | null;
  oldCurrency: string | null;
  newCurrency: string | null;
  oldAvailability: string | null;
  newAvailability: string | null;
  /**
   * The pricing fields before and after (listPrice, unitPrice, tiers, shippingCost, freeShippingOver, taxIncluded;
   * exact strings). Null when the row predates the pricing column: such a row never counts as a change.
   */
  oldPricing: Record<string, unknown> | null;
  newPricing: Record<string, unknown> | null;
  url: string;
}

/** What a change event changed; `price` only between two observations in one currency and on one tax basis. */
export type ChangeKind = 'price' | 'currency' | 'tax' | 'availability' | 'pricing';

/**
 * A currency switch (the shop served another market, a geo-IP redirect) is `currency`, never `price`: amounts
 * in two currencies do not compare, and 10.00 EUR → 11.50 USD read as a 1.50 rise, or 12.00 USD → 12.00 EUR as
 * no change, would be a wrong number. Before, an event carried no kind and every reader compared the amounts.
 */
/** Whether the amount moved between two observations in one currency: the only comparison of amounts there is. */
export function priceMoved(change: Pick<PriceChange, 'oldPrice' | 'newPrice' | 'oldCurrency' | 'newCurrency'>): boolean {
  return change.oldCurrency === change.newCurrency && change.oldPrice !== change.newPrice;
}

export function changeKinds(change: Pick<PriceChange, 'oldPrice' | 'newPrice' | 'oldCurrency' | 'newCurrency' | 'oldAvailability' | 'newAvailability' | 'oldPricing' | 'newPricing'>): ChangeKind[] {
  const kinds: ChangeKind[] = [];
  if (change.oldCurrency !== change.newCurrency) kinds.push('currency');
  else if (taxBasisChanged(change)) kinds.push('tax');
  else if (priceMoved(change)) kinds.push('price');
  if (change.oldAvailability !== change.newAvailability) kinds.push('availability');
  if (changedPricingFields(change).length > 0) kinds.push('pricing');
  return kinds;
}

/**
 * A net price beside a gross one (`taxIncluded: false` in one observation's pricing fields only): 10.00 net → 12.00 gross is
 * the shop showing VAT, no 20 % rise, so the amounts are not compared, as across a currency switch. Rows from before the
 * pricing column say nothing either way.
 */
export function taxBasisChanged(change: Pick<PriceChange, 'oldPricing' | 'newPricing'>): boolean {
  if (!change.oldPricing || !change.newPricing) return false;
  return (change.oldPricing.taxIncluded === false) !== (change.newPricing.taxIncluded === false);
}

/** Which pricing fields differ between two observations ("shippingCost", "tiers"), in a stable order. */
export function changedPricingFields(change: Pick<PriceChange, 'oldPricing' | 'newPricing'>): string[] {
  if (!change.oldPricing || !change.newPricing) return [];
  const fields = [...new Set([...Object.keys(change.oldPricing), ...Object.keys(change.newPricing)])].sort();
  return fields.filter((field) => JSON.stringify(change.oldPricing?.[field] ?? null) !== JSON.stringify(change.newPricing?.[field] ?? null));
}

/** Row shape of old/new pricing as stored (canonical JSON text) → parsed objects. */
export function parsePricingColumns<T extends { oldPricing: unknown; newPricing: unknown }>(row: T): T {
  const parse = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : null);
  return { ...row, oldPricing: parse(row.oldPricing), newPricing: parse(row.newPricing) };
}

export interface PriceHistoryFilter {
  spider?: string;
  /** Only events observed at or after this epoch ms. */
  sinceMs?: number;
}

/**
 * The history is the framework's, whoever keeps the items: the backend compares a run's observations with
 * each SKU's previous one once the run's items are durable. A run whose items are in the backend's items table
 * is observed there; a run whose items live in a project's own store (`storage.items`) hands its items over, and
 * the history keeps their observed fields (price, currency, availability, pricing) beside its events. One series
 * per spider, site and SKU runs through both, so a project that adopts a store of its own keeps its history.
 */
export interface PriceHistory {
  /** Records the run's change events (idempotent: a resumed run adds only new ones); resolves to how many were new. */
  recordRun(spider: string, runId: string): Promise<number>;
  /**
   * As `recordRun`, for a run whose items are not in the backend's items table: `items` are the run's items as
   * its store gives them (`ItemStore.iterateItems`). Observing the same run again replaces its observations.
   */
  recordRunFrom(spider: string, runId: string, items: AsyncIterable<StoredItem>): Promise<number>;
  /** Events ordered by observation time, then spider, then sku, then site. */
  list(filter?: PriceHistoryFilter): Promise<PriceChange[]>;
  close(): Promise<void>;
}
