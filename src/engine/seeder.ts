// Streams spider.start() into the frontier in batches, so a million seeds never sit in memory at once.
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';
import { isRequest, isSkippedLink, type SpiderOutput } from '../core/spider';
import { steadyNowMs } from '../politeness/clock';
import { FrontierOutage, frontierAddFailed, frontierRunLost } from './frontier-outage';
import type { RequestSink } from './request-sink';
import { storageFailureCode } from './storage-failure';
import type { Stats } from './stats';

/** Which hook the seeds come from: the run's `start()`, or an `idle()` round once the queue ran dry (idle-rounds.ts). */
export type SeedSource = 'start' | 'idle';

/** How long the seeder waits before it offers a batch the frontier did not store again. */
const SEED_RETRY_MS = 1_000;

/**
 * `seeds` is consumed lazily: one sink batch at most is held, whatever the source yields. A shared frontier
 * away for a moment (a Redis restart, a failover) is waited out for `outageMs`, as the engine's picks do.
 */
export async function seedFrontier(seeds: AsyncIterable<SpiderOutput>, sink: RequestSink, stats: Stats, log: Logger, signal: AbortSignal, outageMs = 0, source: SeedSource = 'start'): Promise<void> {
  const outage = new FrontierOutage(outageMs);
  const stored = (error: unknown) => storeAgain(error, sink, outage, log, signal);
  let count = 0;
  try {
    for await (const output of seeds) {
      if (signal.aborted) break;
      if (isSkippedLink(output)) continue;
      if (!isRequest(output)) {
        stats.inc(`spider/errors/item-from-${source}`);
        log.warn(`${source}() yielded an item; items belong in callbacks, this one is ignored`);
        continue;
      }
      await sink.push(output).catch(stored);
      count++;
    }
  } catch (error) {
    // start() threw: what it yielded before is planned work all the same, queued for --resume (the
    // unflushed batch was dropped, and the ledger of a run that stopped there said nothing was planned).
    await sink.flush().catch((flushError: unknown) => log.error({ err: flushError }, 'could not store the requests start() yielded before it failed'));
    throw error;
  }
  await sink.flush().catch(stored);
  log.debug({ seeds: count, source }, 'seeding finished');
}

/**
 * The frontier did not store a batch of seeds (the sink keeps it): offered again each second until it is,
 * the frontier has failed for the whole outage limit, or the crawl stops. Before, the first failure was
 * start()'s error: a Redis restart while seeding stopped the run as the spider's fault.
 */
async function storeAgain(error: unknown, sink: RequestSink, outage: FrontierOutage, log: Logger, signal: AbortSignal): Promise<void> {
  for (let last = error; ; ) {
    // A store that cannot write (SQLITE_FULL) or a run whose keys are gone does not come back by waiting.
    if (!frontierAddFailed(last) || storageFailureCode(last) !== null || frontierRunLost(last) || signal.aborted || outage.failed(steadyNowMs())) throw last;
    log.warn({ err: last }, 'the frontier did not store a batch of seeds; offering it again');
    await delay(SEED_RETRY_MS, undefined, { signal }).catch(() => undefined);
    try {
      await sink.flush();
      return;
    } catch (next) {
      last = next;
    }
  }
}
