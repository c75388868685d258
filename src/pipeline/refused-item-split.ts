// Writes a batch of items so that one item the store refuses fails alone: its batch-mates are stored all the same.
import { storageFailureCode } from '../engine/storage-failure';

/** What became of each part of a batch: written (durable in the store) or refused with the store's error. */
export interface SplitWriteHandlers<T> {
  write(part: T[]): Promise<void>;
  written(part: T[]): Promise<void>;
  refused(part: T[], error: unknown): void;
  /** Told once per batch that had to be taken apart, with the error of the whole. */
  splitting?(batch: T[], error: unknown): void;
}

/**
 * A store writes a batch in one transaction: all of it or nothing. A single bad row (a SKU holding a NUL
 * that PostgreSQL's text cannot hold, a value past a column's range, a row a trigger or constraint of the
 * operator's rejects) failed the whole batch, so every batch-mate's request was fetched again and, each
 * time it shared a batch with the bad item, lost an attempt: good prices ended `items/write-failed`.
 * A refused batch is halved and each half written in order (upserts by key, so a part written twice is
 * harmless), down to the one item the store will not take. A storage failure (full disk, unreachable or
 * refusing server) is not one item's fault: the crawl stops on it, and halving would only ask again.
 * Cost: about 2·log2(n) extra writes per bad item, only when a batch is refused.
 */
export async function writeSplittingRefused<T>(batch: T[], handlers: SplitWriteHandlers<T>): Promise<void> {
  await writePart(batch, handlers, true);
}

/** Resolves to the storage failure that ended the part, if one did: the parts after it are refused with it unasked. */
async function writePart<T>(part: T[], handlers: SplitWriteHandlers<T>, first: boolean): Promise<{ error: unknown } | null> {
  let error: unknown;
  try {
    await handlers.write(part);
  } catch (caught) {
    error = caught ?? new Error('item batch write failed');
  }
  if (error === undefined) {
    await handlers.written(part);
    return null;
  }
  if (storageFailureCode(error) !== null) {
    handlers.refused(part, error);
    return { error };
  }
  if (part.length === 1) {
    handlers.refused(part, error);
    return null;
  }
  // One line per refused batch says what happens; its halves do not say it again.
  if (first) handlers.splitting?.(part, error);
  const half = Math.ceil(part.length / 2);
  const stopped = await writePart(part.slice(0, half), handlers, false);
  if (stopped) {
    handlers.refused(part.slice(half), stopped.error);
    return stopped;
  }
  return writePart(part.slice(half), handlers, false);
}
