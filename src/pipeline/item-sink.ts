// ItemSink: where the pipeline runner hands accepted items (the batch writer in a run).
import type { Item, ItemSource } from '../core/item';

export interface ItemSink {
  /**
   * Resolves when the sink has room for another item (backpressure): the runner waits here
   * so a slow store slows the spiders instead of growing memory.
   */
  whenWritable(): Promise<void>;
  /**
   * Takes the item; the promise settles when the batch holding it is durable (or failed).
   * Throws synchronously when the item cannot be stored at all (e.g. not JSON-representable).
   */
  write(item: Item, source: ItemSource): Promise<void>;
  /** The request ends under a lease after an earlier one: its rows of older leases go (ItemStore.retireRequest). */
  retireRequest?(runId: string, requestId: string, leaseFence: number): Promise<void>;
  /** Starts writing what is buffered now, without waiting for the batch to fill or age (nothing else is left to batch it with). */
  flush?(): void;
  /** Flushes and waits for everything written so far to be durable. */
  close(): Promise<void>;
}
