// A feed written while the crawl runs: each durable item batch is flushed to it, each item once per run.
import type { ItemStore, StoredItem } from '../../ports/item-store';
import { exportRecord } from './export-record';
import { FeedFile } from './feed-file';
import { FeedJournal } from './feed-journal';
import { feedArgument, type FeedSpec } from './feed-spec';
import { FeedWriteError } from './feed-write-error';

/** Items read back from the store per flush when a feed catches up. */
const CATCH_UP_BATCH = 500;

/**
 * The feed holds the run's items in the order they were first stored, each key once (a re-fetch in a
 * resumed run upserts the store but is not repeated). Catch-up from the store runs when the run
 * starts (a resumed run's items a killed process stored but never flushed) and when it ends
 * (a worker's feed then also holds what other workers of a shared run stored).
 */
export class LiveFeed {
  private readonly keys = new Set<string>();
  private runId = '';
  private journal: FeedJournal | null = null;

  private constructor(private readonly file: FeedFile) {}

  /** Opens (and so checks) the file before the run exists: a bad path fails the start, before any request. */
  static async open(spec: FeedSpec): Promise<LiveFeed> {
    return new LiveFeed(await FeedFile.open(spec));
  }

  get spec(): FeedSpec {
    return this.file.spec;
  }

  /**
   * Binds the run: what this run already wrote to the file counts (its journaled flushes the file still
   * holds where they went), then the store's items beyond it are written after whatever the file ends with.
   */
  async start(runId: string, storageDir: string, store: ItemStore): Promise<void> {
    this.runId = runId;
    this.journal = await FeedJournal.at(storageDir, this.spec.path);
    if (this.spec.mode === 'append') {
      for (const line of this.journal.linesOf(runId)) if (await this.file.holds(line)) for (const key of line.keys) this.keys.add(key);
    } else {
      await this.journal.reset();
    }
    await this.catchUp(store);
  }

  /** After a batch is durable in the store: its items not yet in the feed. */
  async write(items: readonly StoredItem[]): Promise<void> {
    const fresh: StoredItem[] = [];
    for (const item of items) {
      if (item.runId !== this.runId || this.keys.has(item.key)) continue;
      this.keys.add(item.key);
      fresh.push(item);
    }
    if (fresh.length === 0) return;
    const keys = fresh.map((item) => item.key);
    try {
      await this.file.append(fresh.map(exportRecord), async (mark) => this.journal?.record(this.runId, mark, keys));
    } catch (error) {
      // Not in the feed after all: the next catch-up (at the latest, at the end) writes them.
      for (const key of keys) this.keys.delete(key);
      throw error;
    }
  }

  /**
   * Writes what the store holds beyond the feed and closes it. A feed that cannot be completed is the run's
   * end failure, in words: which feed, why, and the export that writes it (the items are in the store).
   * Raised as the file system's bare error, it said "ENOSPC: no space left on device, write" (exit 1) and
   * nothing of the feed or of how to get it.
   */
  async finish(store: ItemStore): Promise<void> {
    try {
      await this.catchUp(store);
      await this.journal?.forget(this.runId);
    } catch (error) {
      if (!(error instanceof FeedWriteError)) throw error; // the store's, not the file's: the run's end names it
      const when = error.waitFor === null ? '' : `${error.waitFor}, `;
      throw error.retold(this.spec.path, `run ${this.runId} finished and its items are stored; ${when}write the feed with: pricecrawl export ${this.runId} -O ${feedArgument(this.spec)}`);
    } finally {
      await this.file.close();
    }
  }

  /** Closes the file without catching up (the run did not start). */
  async close(): Promise<void> {
    await this.file.close();
  }

  private async catchUp(store: ItemStore): Promise<void> {
    let batch: StoredItem[] = [];
    for await (const item of store.iterateItems(this.runId)) {
      if (this.keys.has(item.key)) continue;
      batch.push(item);
      if (batch.length >= CATCH_UP_BATCH) {
        await this.write(batch);
        batch = [];
      }
    }
    await this.write(batch);
  }
}
