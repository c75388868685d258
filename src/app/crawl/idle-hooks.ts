// One idle round's requests: the spider's `idle()` and each extension's `idle` hook, in that order, each hook's throw counted as its own.
import type { Logger } from 'pino';
import type { Extension } from '../../components/extension';
import type { Spider, SpiderOutput } from '../../core/spider';
import { noteCodeError } from '../../engine/code-errors';
import type { IdleSource } from '../../engine/idle-rounds';
import { ScheduledRequests } from '../../engine/scheduled-requests';
import type { Stats } from '../../engine/stats';
import { SpiderMiddlewareFailure, type SpiderMiddlewareChain } from '../../spider-middleware/spider-chain';

export interface IdleExtension {
  name: string;
  extension: Extension;
}

/**
 * Null when neither the spider nor any extension has an idle hook: a dry queue then ends the run at once.
 * A hook that throws is the project's code error (exit 4) and the round goes on with the next hook; what
 * it yielded or scheduled before the throw is queued (a run that lost a page of a paged API must not end
 * clean, and must not lose the pages it did find either). The spider's outputs pass the spider middlewares'
 * `processStart`, as its seeds do (no page behind them); an extension's scheduled requests are the
 * extension's, not the spider's, and go straight on.
 */
type IdleDeps = { stats: Stats; log: Logger; spiderChain?: SpiderMiddlewareChain };

export function idleHooks(spider: Spider, extensions: readonly IdleExtension[], deps: IdleDeps): IdleSource | null {
  const withIdle = extensions.filter(({ extension }) => typeof extension.idle === 'function');
  if (typeof spider.idle !== 'function' && withIdle.length === 0) return null;
  return async function* round(round: number): AsyncIterable<SpiderOutput> {
    if (typeof spider.idle === 'function') yield* spiderIdle(spider, round, deps);
    for (const { name, extension } of withIdle) {
      const scheduled = new ScheduledRequests();
      try {
        await extension.idle?.({ schedule: scheduled.schedule, round, spider: spider.name });
      } catch (error) {
        deps.log.error({ err: error, extension: name, round }, 'an extension\'s idle hook failed');
        noteCodeError(deps.stats, 'extension', name, error, '');
      }
      yield* scheduled.take();
    }
  };
}

async function* spiderIdle(spider: Spider, round: number, deps: IdleDeps): AsyncIterable<SpiderOutput> {
  try {
    const outputs = spider.idle?.(round);
    // A plain method that returns nothing (a Scrapy port's `idle()` that only logs) adds nothing.
    if (outputs != null) yield* deps.spiderChain ? deps.spiderChain.start(toAsync(outputs)) : outputs;
  } catch (error) {
    if (error instanceof SpiderMiddlewareFailure) {
      // The middleware's bug, not idle()'s: what passed before the throw is queued all the same.
      deps.log.error({ err: error.cause, middleware: error.middleware, hook: error.hook, round }, error.message);
      noteCodeError(deps.stats, 'spider-middleware', error.middleware, error.cause, '');
      return;
    }
    deps.log.error({ err: error, spider: spider.name, callback: 'idle', round }, 'the spider\'s idle() hook failed');
    noteCodeError(deps.stats, 'callback', 'idle', error, '');
  }
}

async function* toAsync(outputs: AsyncIterable<SpiderOutput> | Iterable<SpiderOutput>): AsyncGenerator<SpiderOutput> {
  yield* outputs;
}
