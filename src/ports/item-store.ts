// ItemStore port: idempotent batched writes of items; backends live beside this file.
export interface StoredItem {
  runId: string;
  spider: string;
  /** Dedupe key within a run ("<site> <sku>" when there is a sku, else a hash of source and content); the upsert key. */
  key: string;
  /**
   * The registrable domain of the page the item came from (or the site the spider stated): with the sku,
   * the item's identity. Null only in rows migrated from before the column whose stored URL names no site.
   */
  site: string | null;
  requestId: string;
  url: string;
  sku: string | null;
  /** Exact decimal string, never a float. */
  price: string | null;
  currency: string | null;
  /** sha256 of the response bytes the item was extracted from. */
  rawHash: string;
  /**
   * Canonical JSON of the item's pricing fields (listPrice, unitPrice, tiers, shippingCost,
   * freeShippingOver; exact strings), "{}" when it has none; price history compares it. Null or
   * absent for rows written before the column existed, which history never counts as a change.
   */
  pricing?: string | null;
  /**
   * The fencing token of the lease the request was held under when the item was made (a shared frontier's:
   * a lease that takes over an expired one has a greater token); absent or null where no frontier gives one (the embedded one).
   * A worker stopped past its lease (GC, SIGSTOP, a suspended VM) reads the answer it had in flight when it runs
   * again, after another worker took the request over and stored a newer item under the same key: a store keeps
   * the row of the greater token, so the late write is refused, never replacing the newer row (item-fence.ts).
   */
  leaseFence?: number | null;
  /** The whole item as JSON (decimals serialized as strings). */
  data: Record<string, unknown>;
  scrapedAtMs: number;
}

/** An item a batch left unwritten because the stored row of its key was made under a newer lease (item-fence.ts). */
export interface StaleItemRefusal {
  item: StoredItem;
  /** The request whose row stands: the item's own (its lease passed to another worker) or another request of the same key. */
  heldBy: string;
}

export interface ItemStore {
  /**
   * Durable when the promise resolves; re-writing the same (runId, key) replaces, never duplicates, unless
   * the stored row has a greater `leaseFence` than the new one (both set): that row stays, and the item is
   * answered in `refusedStale` (a store that answers nothing wrote every item).
   */
  writeBatch(items: StoredItem[]): Promise<{ refusedStale: StaleItemRefusal[] } | void>;
  /**
   * The request ends (failed, or handled with its items durable) under the lease of token `leaseFence`, and an
   * earlier lease of it (taken over, tried again, or a crashed process's) may have stored rows: rows of the request
   * made under an older lease are removed, and a later write of one is refused as stale, so the store never shows
   * a price of a request its ledger records as failed, nor a product only an older fetch of the page showed
   * (item-fence.ts). Durable when the promise resolves. Optional for a project's store, which then keeps such rows.
   */
  retireRequest?(runId: string, requestId: string, leaseFence: number): Promise<void>;
  /**
   * The run's requests that have rows, each with the greatest lease token among them (null: rows without one). A
   * resume compares them with the requests its frontier acknowledged with items (OpenedFrontier.requeueUnstoredAcks).
   * Optional for a project's store, whose resumes then trust the frontier.
   */
  storedRequests?(runId: string): Promise<Map<string, number | null>>;
  countItems(runId?: string): Promise<number>;
  /** Streams a run's items in insertion order (exports, reports). */
  iterateItems(runId: string): AsyncIterable<StoredItem>;
  close(): Promise<void>;
}
