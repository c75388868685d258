// CatalogStore port: the SKU catalog per spider and site (entries and discovery times); backends live beside this file.
import type { CatalogEntry } from '../catalog/catalog-entry';

/** One catalog identity: a SKU on a site (shop.de and shop.ch selling one SKU are two entries). */
export interface SiteSku {
  site: string;
  sku: string;
}

export interface CatalogStore {
  /** Entries of these SKUs on these sites that exist, by `siteSkuKey(site, sku)`. */
  getBySku(spider: string, ids: readonly SiteSku[]): Promise<Map<string, CatalogEntry>>;
  /**
   * Entries whose product URL is one of these, every entry of each URL (failed requests carry a URL, not a
   * SKU; size variants sell several SKUs on one page, and a failure of the page is each one's outcome).
   */
  getByUrl(spider: string, urls: readonly string[]): Promise<Map<string, CatalogEntry[]>>;
  /** Inserts or replaces the entries in one transaction: durable when the promise resolves. */
  put(entries: readonly CatalogEntry[]): Promise<void>;
  /** Streams a spider's entries (retired ones included) in SKU then site order without holding them all. */
  entries(spider: string): AsyncIterable<CatalogEntry>;
  /** When the spider's discovery pages (its start requests) were last crawled by a finished run. */
  lastDiscoveryMs(spider: string): Promise<number | null>;
  recordDiscovery(spider: string, atMs: number): Promise<void>;
  close(): Promise<void>;
}

/** Adds an entry to a getByUrl answer under its product URL, beside the URL's other entries. */
export function addByUrl(found: Map<string, CatalogEntry[]>, entry: CatalogEntry): void {
  const same = found.get(entry.productUrl);
  if (same) same.push(entry);
  else found.set(entry.productUrl, [entry]);
}
