// The items table's column shape, shared by the SQLite and PostgreSQL stores, and its mapping back to a StoredItem.
import type { StoredItem } from '../src/ports/item-store';

/** `Data` is how the backend hands back the item JSON: text (SQLite) or parsed (PostgreSQL json). */
export interface ItemRow<Data> {
  run_id: string;
  key: string;
  /** Null in rows written before items schema v3 / PostgreSQL migration 5 whose URL names no site. */
  site: string | null;
  spider: string;
  request_id: string;
  url: string;
  sku: string | null;
  price: string | null;
  currency: string | null;
  /** Null in rows written before items schema v2 / PostgreSQL migration 3. */
  pricing: string | null;
  raw_hash: string;
  data: Data;
  scraped_at_ms: number;
}

export function storedItemFromRow<Data>(row: ItemRow<Data>, data: Record<string, unknown>): StoredItem {
  return {
    runId: row.run_id,
    key: row.key,
    site: row.site,
    spider: row.spider,
    requestId: row.request_id,
    url: row.url,
    sku: row.sku,
    price: row.price,
    currency: row.currency,
    pricing: row.pricing,
    rawHash: row.raw_hash,
    data,
    scrapedAtMs: row.scraped_at_ms,
  };
}
