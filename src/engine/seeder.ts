// Streams spider.start() into the frontier in batches, so a million seeds never sit in memory at once.
import type { Logger } from 'pino';
import { isRequest, isSkippedLink, type SpiderOutput } from '../core/spider';
import type { RequestSink } from './request-sink';
import type { Stats } from './stats';

/** `seeds` is consumed lazily: one sink batch at most is held, whatever the source yields. */
export async function seedFrontier(seeds: AsyncIterable<SpiderOutput>, sink: RequestSink, stats: Stats, log: Logger, signal: AbortSignal): Promise<void> {
  let count = 0;
  try {
    for await (const output of seeds) {
      if (signal.aborted) break;
      if (isSkippedLink(output)) continue;
      if (!isRequest(output)) {
        stats.inc('spider/errors/item-from-start');
        log.warn('start() yielded an item; items belong in callbacks, this one is ignored');
        continue;
      }
      await sink.push(output);
      count++;
    }
  } catch (error) {
    // start() threw: what it yielded before is planned work all the same, queued for --resume (the
    // unflushed batch was dropped, and the ledger of a run that stopped there said nothing was planned).
    await sink.flush().catch((flushError: unknown) => log.error({ err: flushError }, 'could not store the requests start() yielded before it failed'));
    throw error;
  }
  await sink.flush();
  log.debug({ seeds: count }, 'seeding finished');
}
