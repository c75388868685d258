// The stores of one backend behind the CrawlStores port, each opened on first use (the composition root picks the backend).
import type { BlobStore } from '../src/ports/blob-store';
import type { CatalogStore } from '../src/ports/catalog-store';
import type { ClaimFence, CrawlStores } from '../src/ports/crawl-stores';
import type { FetchLog } from '../src/ports/fetch-log';
import type { ItemStore } from '../src/ports/item-store';
import type { PriceHistory } from '../src/ports/price-history';

interface Closable {
  close(): Promise<void>;
}

export interface StoreFactories {
  items(): ItemStore;
  history(): PriceHistory;
  fetchLog(): FetchLog;
  blobs(): BlobStore;
  catalog(): CatalogStore;
}

/**
 * Each store opens on first use (`pricecrawl raw` touches only blobs, and creates no database file
 * it does not need) and `close()` closes what was opened, newest first, then the shared connection.
 */
export class LazyCrawlStores implements CrawlStores {
  private readonly opened = new Map<keyof StoreFactories, Closable>();

  constructor(
    readonly kind: 'sqlite' | 'postgres',
    /** Where the data lives, for messages: a directory, or the URL without its password. */
    readonly location: string,
    private readonly factories: StoreFactories,
    private readonly release: () => Promise<void> = async () => {},
    /** The backend's fencing of shared writes, where it has one (CrawlStores.fenceWith). */
    fence?: (claim: ClaimFence) => void,
  ) {
    if (fence) this.fenceWith = fence;
  }

  readonly fenceWith?: (claim: ClaimFence) => void;

  items(): ItemStore {
    return this.part('items');
  }

  history(): PriceHistory {
    return this.part('history');
  }

  fetchLog(): FetchLog {
    return this.part('fetchLog');
  }

  blobs(): BlobStore {
    return this.part('blobs');
  }

  /** The SKU catalog (recrawl planning): beside the items, in the same backend. */
  catalog(): CatalogStore {
    return this.part('catalog');
  }

  async close(): Promise<void> {
    const parts = [...this.opened.values()].reverse();
    this.opened.clear();
    // Every part closes (its file handle released) even when one fails, e.g. a last flush on a full disk.
    const results = [];
    for (const part of parts) results.push(await part.close().then(() => null, (error: unknown) => ({ error })));
    await this.release();
    const failed = results.find((result) => result !== null);
    if (failed) throw failed.error;
  }

  private part<K extends keyof StoreFactories>(name: K): ReturnType<StoreFactories[K]> {
    let part = this.opened.get(name);
    if (!part) {
      part = this.factories[name]();
      this.opened.set(name, part);
    }
    return part as ReturnType<StoreFactories[K]>;
  }
}
