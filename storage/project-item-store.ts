// The project's own item store (`storage.items`) in place of the backend's items, behind the same CrawlStores port.
import { SettingsError } from '../src/core/errors';
import { findProject } from '../src/app/project/find-project';
import type { ComponentEntry } from '../src/components/component-entry';
import { loadComponent } from '../src/components/load-component';
import type { ClaimFence, CrawlStores } from '../src/ports/crawl-stores';
import type { ItemStore } from '../src/ports/item-store';
import type { PriceHistory } from '../src/ports/price-history';

/** Every method the crawl and the store commands call: one missing would fail mid-run (the count at the end, an export). */
const PORT_METHODS = ['writeBatch', 'countItems', 'iterateItems', 'close'] as const;

/**
 * Loads the module `storage.items` names (relative to the project folder, as every component is) and gives it
 * out as the stores' `items()`. The other stores (history, fetch log, raw blobs, catalog) stay the backend's; the
 * history is fed from this store.
 * A module that is no whole ItemStore is refused at start, naming what it lacks, before a run exists.
 */
export async function withProjectItemStore(stores: CrawlStores, entry: ComponentEntry): Promise<CrawlStores> {
  const items = await loadComponent<ItemStore>('store', 'items', entry, findProject().root);
  const missing = PORT_METHODS.filter((method) => typeof (items as unknown as Record<string, unknown>)[method] !== 'function');
  if (missing.length > 0) throw new SettingsError(`storage.items (${entry.module}): the store lacks ${missing.join(', ')}; an item store implements ItemStore (writeBatch, countItems, iterateItems, close)`);
  return new ProjectItemStores(stores, items, entry.module);
}

class ProjectItemStores implements CrawlStores {
  constructor(
    private readonly backend: CrawlStores,
    private readonly store: ItemStore,
    private readonly module: string,
  ) {}

  get kind(): CrawlStores['kind'] {
    return this.backend.kind;
  }

  /** Messages about items ("run X has no items in …") name the project's store. */
  get location(): string {
    return `the project's item store (${this.module})`;
  }

  items(): ItemStore {
    return this.store;
  }

  /**
   * The price history is the framework's, the items the project's: a run's end hands the history the run's items
   * as this store gives them back, and the history keeps what it compares (price, currency, availability, pricing)
   * in the backend. Before, nothing was recorded for these runs: `changes` and the report's price-change chart
   * stayed empty while prices moved, and a warning at each start said so.
   */
  history(): PriceHistory {
    const backend = this.backend.history();
    return {
      recordRun: (spider, runId) => backend.recordRunFrom(spider, runId, this.store.iterateItems(runId)),
      recordRunFrom: (spider, runId, items) => backend.recordRunFrom(spider, runId, items),
      list: (filter) => backend.list(filter),
      close: () => backend.close(),
    };
  }

  fetchLog(): ReturnType<CrawlStores['fetchLog']> {
    return this.backend.fetchLog();
  }

  blobs(): ReturnType<CrawlStores['blobs']> {
    return this.backend.blobs();
  }

  catalog(): ReturnType<CrawlStores['catalog']> {
    return this.backend.catalog();
  }

  /** The backend's catalog and history are fenced; the project's own store is its own to guard. */
  fenceWith(claim: ClaimFence): void {
    this.backend.fenceWith?.(claim);
  }

  /** Both close, even when one fails; the first failure is raised. */
  async close(): Promise<void> {
    const results = await Promise.allSettled([this.store.close(), this.backend.close()]);
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }
}
