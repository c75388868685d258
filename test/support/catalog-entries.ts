// Reads a spider's SKU catalog back through the store set, as a crawl wrote it (SQLite or PostgreSQL), by SKU.
import type { CatalogEntry } from '../../src/catalog/catalog-entry';
import { openStores, type StoreConfig } from '../../storage/open-backends';

export async function catalogEntries(storage: StoreConfig, spider = 'catalog'): Promise<Map<string, CatalogEntry>> {
  const stores = await openStores(storage);
  try {
    const entries = new Map<string, CatalogEntry>();
    for await (const entry of stores.catalog().entries(spider)) entries.set(entry.sku, entry);
    return entries;
  } finally {
    await stores.close();
  }
}
