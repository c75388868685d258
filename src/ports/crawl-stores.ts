// The stores of one crawl as the engine, middlewares and stages see them: one backend's item, history, fetch-log, blob and catalog stores.
import type { BlobStore } from './blob-store';
import type { CatalogStore } from './catalog-store';
import type { FetchLog } from './fetch-log';
import type { ItemStore } from './item-store';
import type { PriceHistory } from './price-history';

/** The spider's claim a crawl writes under: its fencing token (LockResult.fence). */
export interface ClaimFence {
  spider: string;
  fence: number;
  /** The claim's lease (storage.scheduleLeaseMs): a write paused inside its transaction longer than this has lost the claim anyway. */
  leaseMs: number;
}

/** Each store opens on first use; `close()` closes what was opened. */
export interface CrawlStores {
  readonly kind: 'sqlite' | 'postgres';
  /** Where the data lives, for messages: a directory, or the URL without its password. */
  readonly location: string;
  items(): ItemStore;
  history(): PriceHistory;
  fetchLog(): FetchLog;
  blobs(): BlobStore;
  /** The SKU catalog (recrawl planning): beside the items, in the same backend. */
  catalog(): CatalogStore;
  /**
   * From now on, the writes into what every run of the spider shares (items, catalog, price history) are refused
   * once `claim` is no longer the spider's: another holder took it over while this crawl paused past its lease.
   * Absent where a claim is never taken from a holder that lives (the embedded files: by pid).
   */
  fenceWith?(claim: ClaimFence): void;
  close(): Promise<void>;
}
