// The run's feeds (-o/-O): opened before the run, fed after each durable batch, completed from the store at the end.
import type { Logger } from 'pino';
import type { Stats } from '../../engine/stats';
import type { ItemStore, StoredItem } from '../../ports/item-store';
import type { FeedSpec } from './feed-spec';
import { LiveFeed } from './live-feed';

export class LiveFeeds {
  private constructor(private readonly feeds: LiveFeed[]) {}

  /** Opens every file, or none: the first that cannot be used fails the start with its path. */
  static async open(specs: readonly FeedSpec[]): Promise<LiveFeeds> {
    const feeds: LiveFeed[] = [];
    try {
      for (const spec of specs) feeds.push(await LiveFeed.open(spec));
    } catch (error) {
      await Promise.all(feeds.map((feed) => feed.close()));
      throw error;
    }
    return new LiveFeeds(feeds);
  }

  get size(): number {
    return this.feeds.length;
  }

  async start(runId: string, storageDir: string, store: ItemStore): Promise<void> {
    for (const feed of this.feeds) await feed.start(runId, storageDir, store);
  }

  /**
   * The BatchWriter's after-durable listener. A feed that cannot be written (a full disk) does not stop
   * the crawl: the items are in the store, the error is logged and counted, and the end's catch-up retries.
   */
  writer(log: Logger, stats: Stats): (items: readonly StoredItem[]) => Promise<void> {
    return async (items) => {
      for (const feed of this.feeds) {
        await feed.write(items).catch((error: unknown) => {
          stats.inc('feed/write-failed', items.length);
          log.error({ err: error, path: feed.spec.path }, 'feed write failed; the items are stored and are written again at the end');
        });
      }
    };
  }

  /** Writes what the store holds beyond each feed and closes them; returns the paths written. */
  async finish(store: ItemStore): Promise<string[]> {
    const failures: unknown[] = [];
    for (const feed of this.feeds) await feed.finish(store).catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw failures[0];
    return this.feeds.map((feed) => feed.spec.path);
  }

  async close(): Promise<void> {
    await Promise.all(this.feeds.map((feed) => feed.close().catch(() => {})));
  }
}
