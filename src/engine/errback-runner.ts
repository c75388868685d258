// Runs a failed request's errback: what it yields is stored as a callback's output is, durably, before the request is recorded failed.
import type { Logger } from 'pino';
import type { RequestFailure } from '../core/request-failure';
import { sentCredentials, withoutCredentialsIn } from '../core/sent-credentials';
import { isRequest, isSkippedLink, resolveErrback, type Spider, type SpiderOutput } from '../core/spider';
import type { CrawlEventBus } from '../events/crawl-events';
import { hostKeyOf } from '../politeness/host-key';
import type { Frontier } from '../ports/frontier';
import type { Settings } from '../settings/schema';
import { SpiderMiddlewareFailure, type SpiderMiddlewareChain } from '../spider-middleware/spider-chain';
import { CallbackCutOffError, CallbackDeadline, CallbackTimeoutError, callbackLimitMs, untilCutOff } from './callback-deadline';
import { callbackOutputs } from './callback-outputs';
import { withinDepth, type ItemProcessor } from './callback-runner';
import { noteCodeError } from './code-errors';
import { frontierAddFailed } from './frontier-outage';
import { RequestSink } from './request-sink';
import type { Stats } from './stats';
import { storageFailureCode } from './storage-failure';
import type { UrlLengthLimit } from './url-length-limit';

export interface ErrbackDeps {
  spider: Spider;
  settings: Settings;
  frontier: Frontier;
  items: ItemProcessor;
  stats: Stats;
  log: Logger;
  runId: string;
  shutdownSignal: AbortSignal;
  wake: () => void;
  urlLimit: UrlLengthLimit;
  events?: CrawlEventBus;
  /** The spider middlewares: an errback's outputs pass their output hooks as a callback's do. */
  spiderChain?: SpiderMiddlewareChain;
}

/**
 * Runs `failure.request.errback` once. Its requests go to the frontier one link deeper than the failed request
 * (a chain of errbacks' fallbacks stays under depth.limit), its items through the pipeline; this resolves once
 * they are durable, so the request is recorded failed only after what its errback made is kept: a crash before
 * leaves the request leased, and the next run fetches it and runs its errback again (at least once, as pages).
 * Its outputs pass the spider middlewares' output hooks, told the failure (SpiderMiddlewareChain.errbackOutputs).
 * An errback that throws or runs past the callback time limit is the project's code error (`errback/<name>`):
 * counted and logged, what it yielded before is kept, and the request fails with its own reason all the same.
 * A store or frontier that cannot write is no errback's fault: it is thrown, and the request stays leased.
 */
export async function runErrback(failure: RequestFailure, deps: ErrbackDeps): Promise<void> {
  const { request } = failure;
  if (request.errback === null) return;
  const name = request.errback;
  const log = deps.log.child({ errback: name });
  const sink = new RequestSink(deps.frontier, deps.stats, deps.settings.frontier.addBatchSize, deps.wake, deps.events, deps.urlLimit);
  const hostKey = hostKeyOf(request.url, deps.settings.politeness.hostKey);
  const deadline = new CallbackDeadline({ ms: callbackLimitMs(deps.settings, hostKey, request.fetchMode ?? 'http'), onTimeout: () => Promise.resolve() });
  const source = { spider: deps.spider.name, runId: deps.runId, requestId: String(request.id), url: request.url, rawHash: '', leaseFence: request.leaseFence };
  const durables: Array<Promise<void>> = [];
  // What the errback yields or throws may quote what its request sent (a header's key, `request.url`'s password):
  // written *** in its items, its log line and the run's first errors, as a callback's are.
  const sent = sentCredentials([request.url], [deps.settings.http.headers, request.headers]);
  deps.stats.inc('errback/called');
  let outputs: AsyncIterator<SpiderOutput> | null = null;
  try {
    const produced = callbackOutputs<SpiderOutput>(resolveErrback(deps.spider, name)(failure));
    outputs = deps.spiderChain ? deps.spiderChain.errbackOutputs(failure, produced) : produced;
    for (;;) {
      const step = await untilCutOff(deadline.race(outputs), deps.shutdownSignal);
      if (step.done) break;
      const output = step.value;
      if (isSkippedLink(output)) continue;
      if (isRequest(output)) {
        if (withinDepth(output, request.depth, { stats: deps.stats, depthLimit: deps.settings.depth.limit, events: deps.events })) await sink.push(output);
        continue;
      }
      deps.stats.inc('items/scraped');
      const result = await deps.items.process(withoutCredentialsIn(output, sent), { ...source, scrapedAtMs: Date.now() });
      if (result.accepted) durables.push(result.durable);
    }
    await sink.flush();
  } catch (thrown) {
    void outputs?.return?.(undefined)?.catch(() => undefined);
    if (storageFailureCode(thrown) !== null || frontierAddFailed(thrown)) throw thrown;
    await sink.flush().catch(() => undefined);
    if (thrown instanceof CallbackCutOffError) {
      deps.stats.inc('errback/cut-off');
      log.warn({ url: request.url }, 'errback cut off by the shutdown; the request is recorded failed');
    } else if (thrown instanceof SpiderMiddlewareFailure) {
      // The middleware's bug, not the errback's: named as a callback's page names it (callback-runner.ts).
      noteCodeError(deps.stats, 'spider-middleware', thrown.middleware, thrown.cause, request.url);
      log.error({ url: request.url, middleware: thrown.middleware, hook: thrown.hook, err: thrown.cause }, thrown.message);
    } else {
      const shown = withoutCredentialsIn(thrown, sent);
      noteCodeError(deps.stats, 'errback', name, shown, request.url);
      if (thrown instanceof CallbackTimeoutError) log.error({ url: request.url, reason: failure.reason }, 'spider errback ran past its time limit and was abandoned');
      else log.error({ url: request.url, reason: failure.reason, err: shown }, 'spider errback failed');
    }
  } finally {
    deadline.dispose();
  }
  await Promise.all(durables);
}
