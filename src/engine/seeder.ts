// Streams spider.start() into the frontier in batches, so a million seeds never sit in memory at once.
import type { Logger } from 'pino';
import { isRequest, type Spider } from '../core/spider';
import type { RequestSink } from './request-sink';
import type { Stats } from './stats';

export async function seedFrontier(spider: Spider, sink: RequestSink, stats: Stats, log: Logger, signal: AbortSignal): Promise<void> {
  let seeds = 0;
  for await (const output of spider.start()) {
    if (signal.aborted) break;
    if (!isRequest(output)) {
      stats.inc('spider/errors/item-from-start');
      log.warn('start() yielded an item; items belong in callbacks, this one is ignored');
      continue;
    }
    await sink.push(output);
    seeds++;
  }
  await sink.flush();
  log.debug({ seeds }, 'seeding finished');
}
