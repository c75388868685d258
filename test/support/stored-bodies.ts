// Which stored items name a raw body the blob store does not hold byte for byte (their rawHash must be the body's sha256).
import { createHash } from 'node:crypto';
import type { StoredItem } from '../../src/ports/item-store';
import { openStores } from '../../storage/open-backends';

/** The rawHash of every item whose body is missing or hashes otherwise; [] when all are stored. */
export async function itemsWithoutBody(dir: string, items: readonly StoredItem[], storeUrl?: string): Promise<string[]> {
  const stores = await openStores({ dir, url: storeUrl });
  try {
    const missing: string[] = [];
    for (const item of items) {
      const body = await stores.blobs().get(item.rawHash);
      if (!body || createHash('sha256').update(body).digest('hex') !== item.rawHash) missing.push(item.rawHash);
    }
    return missing;
  } finally {
    await stores.close();
  }
}
