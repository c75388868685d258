// The one storage factory: from `storage.url` (+ `storage.dir`) opens the item, history, fetch-log, blob and SKU catalog stores of one backend.
import type { BlobStore } from './blob-store';
import type { CatalogStore } from './catalog-store';
import type { FetchLog } from './fetch-log';
import { SqliteBlobStore } from './sqlite/sqlite-blob-store';
import type { ItemStore } from './item-store';
import type { PriceHistory } from './price-history';
import { SqliteCatalogStore } from './sqlite/sqlite-catalog-store';
import { SqliteFetchLog } from './sqlite/sqlite-fetch-log';
import { SqliteItemStore } from './sqlite/sqlite-item-store';
import { SqlitePriceHistory } from './sqlite/sqlite-price-history';
import { parseStoreUrl } from './store-url';

export interface StoreConfig {
  /** `storage.url`: unset or `sqlite:` for the embedded files, `postgres://…` for PostgreSQL. */
  url?: string;
  /** `storage.dir`: where the embedded files live. */
  dir: string;
}

interface Closable {
  close(): Promise<void>;
}

interface StoreFactories {
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
export class CrawlStores {
  private readonly opened = new Map<keyof StoreFactories, Closable>();

  constructor(
    readonly kind: 'sqlite' | 'postgres',
    /** Where the data lives, for messages: a directory, or the URL without its password. */
    readonly location: string,
    private readonly factories: StoreFactories,
    private readonly release: () => Promise<void> = async () => {},
  ) {}

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

/** PostgreSQL: connects and applies pending migrations before resolving, so a bad URL fails at start. */
export async function openStores(config: StoreConfig): Promise<CrawlStores> {
  const location = parseStoreUrl(config.url, config.dir);
  if (location.kind === 'sqlite') {
    const { dir } = location;
    return new CrawlStores('sqlite', dir, {
      items: () => SqliteItemStore.open(dir),
      history: () => SqlitePriceHistory.open(dir),
      fetchLog: () => SqliteFetchLog.open(dir),
      blobs: () => SqliteBlobStore.open(dir),
      catalog: () => SqliteCatalogStore.open(dir),
    });
  }
  // Loaded only for a PostgreSQL store: the driver is no start-up cost of an embedded crawl.
  const { openPgStores } = await import('./postgres/open-pg-stores');
  return openPgStores(location.url);
}
