// BatchWriter: the run's ItemSink; buffers items into batches and reports each item's durability.
import { pino, type Logger } from 'pino';
import type { Item, ItemSource } from '../core/item';
import type { Stats } from '../engine/stats';
import type { ItemStore, StaleItemRefusal, StoredItem } from '../ports/item-store';
import type { ItemSink } from './item-sink';
import { writeSplittingRefused } from './refused-item-split';
import { toStoredItem } from './stored-item';

export interface BatchWriterOptions {
  /** Items per store write. */
  batchSize: number;
  /** Longest the oldest buffered item waits before its partial batch is written. */
  batchMaxAgeMs: number;
  /** Items buffered or being written before `whenWritable()`/`write()` wait; default 4 × batchSize. */
  maxPendingItems?: number;
}

/** Runs after a batch is committed, before its items count as durable (feeds flush here). */
export type DurableListener = (items: readonly StoredItem[]) => Promise<void> | void;

interface Entry {
  stored: StoredItem;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Batches are written one at a time, in order: a later upsert of a key can never commit before
 * an earlier one, and the store sees at most one transaction from us at a time.
 */
export class BatchWriter implements ItemSink {
  private readonly batchSize: number;
  private readonly batchMaxAgeMs: number;
  private readonly maxPendingItems: number;
  private current: Entry[] = [];
  private readonly sealed: Entry[][] = [];
  /** Admitted items whose batch has not settled yet (buffered, sealed or being written). */
  private pending = 0;
  /** write() calls that arrived while full: admitted in order as batches complete. */
  private readonly blocked: Entry[] = [];
  private readonly roomWaiters: Array<() => void> = [];
  private readonly idleWaiters: Array<() => void> = [];
  private timer: NodeJS.Timeout | null = null;
  private writing = false;
  private closing = false;
  private readonly durableListeners: Array<{ listener: DurableListener; holdsAck: boolean }> = [];

  /** `options` takes `settings.pipeline` as is; without a logger, failures still reject `durable`. */
  constructor(
    private readonly store: ItemStore,
    options: BatchWriterOptions,
    private readonly stats: Stats,
    private readonly log: Logger = pino({ enabled: false }),
  ) {
    if (!Number.isInteger(options.batchSize) || options.batchSize < 1) throw new RangeError('batchSize must be an integer >= 1');
    this.batchSize = options.batchSize;
    this.batchMaxAgeMs = options.batchMaxAgeMs;
    this.maxPendingItems = Math.max(options.maxPendingItems ?? 4 * options.batchSize, options.batchSize);
  }

  /** Items admitted and not yet durable (or failed): never above `maxPendingItems`. */
  get pendingItems(): number {
    return this.pending;
  }

  /**
   * Listeners run in order after each committed batch and before its items resolve, so what a request's
   * ack stands for (its items stored) includes them. A listener's error is logged and does not fail the
   * batch (the items are durable in the store), unless it `holdsAck`: a durable sink's failure fails
   * the batch, so its requests stay unacknowledged and their items reach the sink again later.
   */
  afterDurable(listener: DurableListener, options: { holdsAck?: boolean } = {}): void {
    this.durableListeners.push({ listener, holdsAck: options.holdsAck === true });
  }

  whenWritable(): Promise<void> {
    if (this.closing || this.hasRoom()) return Promise.resolve();
    return new Promise((resolve) => this.roomWaiters.push(resolve));
  }

  write(item: Item, source: ItemSource): Promise<void> {
    if (this.closing) return Promise.reject(new Error('BatchWriter is closed; item not written'));
    const stored = toStoredItem(item, source); // throws synchronously for an unstorable item
    const durable = new Promise<void>((resolve, reject) => {
      const entry: Entry = { stored, resolve, reject };
      if (this.hasRoom()) this.admit(entry);
      else this.blocked.push(entry);
    });
    // Callers often collect durable promises and await them later (after the callback ends); a
    // batch failing before then must not crash the process as an unhandled rejection. Awaiting
    // the promise still rejects; the failure is also logged and counted in pump().
    durable.catch(() => {});
    return durable;
  }

  async retireRequest(runId: string, requestId: string, leaseFence: number): Promise<void> {
    await this.store.retireRequest?.(runId, requestId, leaseFence);
  }

  /** Seals the buffered batch now: the crawl has no more pages to fill it, so its age would only delay the acks. */
  flush(): void {
    this.seal();
  }

  /** Writes what is buffered and resolves once every admitted item has settled. */
  async close(): Promise<void> {
    this.closing = true;
    for (const wake of this.roomWaiters.splice(0)) wake();
    this.seal();
    while (this.pending > 0 || this.blocked.length > 0) {
      await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    }
  }

  private hasRoom(): boolean {
    return this.pending < this.maxPendingItems && this.blocked.length === 0;
  }

  private admit(entry: Entry): void {
    this.pending += 1;
    this.current.push(entry);
    if (this.current.length >= this.batchSize) this.seal();
    else if (this.current.length === 1 && !this.closing) this.startAgeTimer();
  }

  private startAgeTimer(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.seal();
    }, this.batchMaxAgeMs);
    // Deliberately not unref'd: when the only thing left is a caller awaiting a buffered item's
    // durable promise, an unref'd timer lets Node exit with the batch unwritten and the promise
    // never settled (a silent loss). The timer is one-shot, so it delays exit by batchMaxAgeMs at most.
  }

  private seal(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.current.length === 0) return;
    this.sealed.push(this.current);
    this.current = [];
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    // How many items of each part written the store refused as stale (they settle with the part: the store decided).
    const refusedOf = new WeakMap<Entry[], number>();
    while (this.sealed.length > 0) {
      const batch = this.sealed.shift()!;
      await writeSplittingRefused(batch, {
        write: async (part) => {
          const result = await this.store.writeBatch(part.map((entry) => entry.stored));
          refusedOf.set(part, result?.refusedStale.length ?? 0);
          for (const refusal of result?.refusedStale ?? []) noteStaleRefusal(refusal, this.stats, this.log);
        },
        written: (part) => this.settleWritten(part, refusedOf.get(part) ?? 0),
        refused: (part, error) => this.reject(part, error),
        splitting: (whole, error) => {
          this.stats.inc('items/batch-split');
          this.log.warn({ err: error, items: whole.length }, 'item batch refused; writing its items apart, so only the refused ones fail');
        },
      });
      this.release();
    }
    this.writing = false;
    for (const wake of this.idleWaiters.splice(0)) wake();
  }

  /** A part the store committed: its listeners run, then its items count as durable (or fail with a listener that holds the ack). */
  private async settleWritten(part: Entry[], refusedStale: number): Promise<void> {
    this.stats.inc('items/written', part.length - refusedStale);
    this.log.debug({ items: part.length }, 'item batch durable');
    try {
      await this.notifyDurable(part);
    } catch (error) {
      this.reject(part, error);
      return;
    }
    // Counted down before the items resolve: a caller woken by its item sees the writer without it.
    this.pending -= part.length;
    for (const entry of part) entry.resolve();
  }

  private reject(part: Entry[], error: unknown): void {
    this.stats.inc('items/write-failed', part.length);
    this.log.error({ err: error, items: part.length, ...(part.length === 1 ? { key: part[0].stored.key } : {}) }, 'item batch write failed');
    this.pending -= part.length;
    for (const entry of part) entry.reject(error);
  }

  private async notifyDurable(batch: Entry[]): Promise<void> {
    const items = batch.map((entry) => entry.stored);
    for (const { listener, holdsAck } of this.durableListeners) {
      try {
        await listener(items);
      } catch (error) {
        if (holdsAck) throw error;
        this.log.error({ err: error, items: items.length }, 'after-durable listener failed');
      }
    }
  }

  /** After a batch settles: admit blocked writes first (they hold items), then wake waiters. */
  private release(): void {
    while (this.blocked.length > 0 && this.pending < this.maxPendingItems) this.admit(this.blocked.shift()!);
    if (this.closing) {
      this.seal();
      return;
    }
    let room = this.maxPendingItems - this.pending;
    while (room > 0 && this.blocked.length === 0 && this.roomWaiters.length > 0) {
      this.roomWaiters.shift()!();
      room -= 1;
    }
  }
}

/** Stats key of items the store refused because their own request's row was made under a newer lease. */
export const REFUSED_STALE = 'items/refused-stale';

/**
 * An item the lease fence kept out. Its own request's row standing means this process held the request past its
 * lease (stopped, paused) and another worker fetched it again: the run must say so, with the request (notes
 * keyed by request id hold its URL). Another request's row of the same key, picked later, is a duplicate.
 */
function noteStaleRefusal({ item, heldBy }: StaleItemRefusal, stats: Stats, log: Logger): void {
  if (heldBy !== item.requestId) {
    stats.inc('items/dropped/duplicate/newer-lease');
    return;
  }
  stats.inc(REFUSED_STALE);
  stats.note(`${REFUSED_STALE}/${item.requestId}`, item.url);
  log.warn({ key: item.key, requestId: item.requestId, url: item.url }, 'item refused: its request passed to another worker after this one\'s lease ran out, whose item stands');
}
