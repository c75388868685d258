// Runs one spider callback on a response: requests go to the frontier, items into the pipeline.
import type { Logger } from 'pino';
import { FetchError, PricecrawlError, UnknownCallbackError } from '../core/errors';
import { reasonForError } from '../downloader/downloader-chain';
import { CALLBACK_TIMEOUT, CallbackCutOffError, CallbackDeadline, CallbackTimeoutError, untilCutOff, type CallbackTimeout } from './callback-deadline';
import type { Item, ItemSource } from '../core/item';
import { withoutCredentials, withoutCredentialsIn } from '../core/sent-credentials';
import type { CrawlRequest } from '../core/request';
import type { CrawlEventBus } from '../events/crawl-events';
import type { CrawlResponse } from '../core/response';
import type { PageOutputs } from '../pipeline/stage';
import { isRequest, isSkippedLink, resolveCallback, resolveErrback, type Spider, type SpiderOutput } from '../core/spider';
import { callbackOutputs } from './callback-outputs';
import type { Stats } from './stats';
import { frontierAddFailed } from './frontier-outage';
import { storageFailureCode } from './storage-failure';
import { noteCodeError } from './code-errors';
import { cutTailDigits, withoutCutPrice } from '../prices/cut-price';
import { splitCentsDigits, withoutFlattenedCents } from '../prices/flattened-cents';
import { InvalidJsonError } from '../core/json-answer';
import { SitemapError } from '../sitemap/read-sitemap';
import { isPageFault } from '../core/page-fault';
import { servedFromCache } from '../core/cache-hit';
import { SpiderMiddlewareFailure, type SpiderMiddlewareChain } from '../spider-middleware/spider-chain';

/** The failure of a request whose callback threw: the spider's bug. */
const CALLBACK_ERROR = 'callback/error';
/** The failure of a request whose outputs a spider middleware threw on: the project's bug in that middleware. */
export const SPIDER_MIDDLEWARE_ERROR = 'spider-middleware/error';
import type { RequestSink } from './request-sink';
import type { CallbackInFlight, LoopBlockWatch } from './loop-block-watch';

/** What the pipeline runner offers the engine; an accepted item resolves `durable` once stored. */
export interface ItemProcessor {
  process(item: Item, source: ItemSource): Promise<{ accepted: true; durable: Promise<void> } | { accepted: false; reason: string }>;
  /** What a completed callback yielded, for stages that watch pages (observers hear `page.parsed`). */
  pageDone?(page: PageOutputs): void;
  /** Nothing is left to fetch: write buffered items now rather than when their batch ages. */
  flush?(): void;
  /** The request ends under a lease after an earlier one: its items of older leases go (ItemStore.retireRequest). */
  retireRequest?(runId: string, requestId: string, leaseFence: number): Promise<void>;
}

export interface CallbackResult {
  /** Resolves when every accepted item of this response is durable; rejects if a write failed. */
  durable: Promise<unknown>;
  itemsAccepted: number;
  itemsDropped: number;
  /** The dropped items by the stage's reason (`price/missing`, `duplicate`). */
  droppedByReason: Record<string, number>;
  /** Set when the callback threw or timed out, or a stage dropped an item as no page of the request's (`page/…`): the request fails with this reason (may be tried again first) after its items are durable. */
  error: { reason: string; message: string } | null;
}

export async function runCallback(
  spider: Spider,
  response: CrawlResponse,
  source: Omit<ItemSource, 'scrapedAtMs' | 'mediaType' | 'fromCache'>,
  deps: {
    requests: Pick<RequestSink, 'push' | 'flush'>;
    items: ItemProcessor;
    stats: Stats;
    log: Logger;
    /** depth.limit: 0 = none. */ depthLimit?: number;
    /** Times each synchronous step of the callback (the event-loop watchdog); null = off. */ loopWatch?: LoopBlockWatch | null;
    /** The crawl's event bus (dropped requests: depth, skipped links). */ events?: CrawlEventBus;
    /** Aborted when a shutdown's grace runs out: the callback is cut off (CallbackCutOffError is raised). */ cutOff?: AbortSignal;
    /** The spider middlewares the callback's outputs pass on their way to the frontier and the pipeline. */ spiderChain?: SpiderMiddlewareChain;
    /** The credentials the response's request sent (credentialsSentFor): written `***` in its items and their source's URL. */ sentCredentials?: readonly string[];
  },
  timeout?: CallbackTimeout,
): Promise<CallbackResult> {
  const durables: Promise<void>[] = [];
  let itemsAccepted = 0;
  let itemsDropped = 0;
  const droppedByReason: Record<string, number> = {};
  let error: CallbackResult['error'] = null;
  const requestsByCallback: Record<string, number> = {};
  const deadline = timeout ? new CallbackDeadline(timeout) : null;
  let outputs: AsyncIterator<SpiderOutput> | null = null;
  let abandoned = false;
  // A page cut behind honest-looking framing ends in its price's first digits (cut-price.ts): asked once.
  let tail: string | null | undefined;
  const tailDigits = () => (tail === undefined ? (tail = cutTailDigits(response.body)) : tail);
  // "$19<sup>99</sup>" read with text() is "$1999" (flattened-cents.ts): the page's split numbers, read once when asked.
  let split: ReadonlySet<string> | undefined;
  const splitDigits = () => (split ??= splitCentsDigits(response.body));
  const answer = answerFacts(response);
  // A redirect may have moved a token we sent into a plainly named parameter of the page's URL (`?auth=…` → `?x=…`),
  // which the spider then puts in its item: no item, feed, event or log line carries a credential of ours.
  const sent = deps.sentCredentials ?? [];
  const itemSource = { ...source, ...answer, url: withoutCredentials(source.url, sent) };
  // An item dropped as no page of this request's (core/page-fault.ts): the request fails with the first such reason.
  let pageFault: CallbackResult['error'] = null;
  try {
    const callback = resolveCallback(spider, response.request.callback);
    const produced = callbackOutputs<SpiderOutput>(callback(response));
    // A page the browser left is no error of the callback's for a middleware to recover (its outputs are not this
    // page's), nor is a throw that comes after the runner gave the callback up (its time limit, the shutdown).
    const chained = deps.spiderChain ? deps.spiderChain.outputs(response, produced, () => !abandoned && response.pageLeft() === null) : produced;
    outputs = timedSteps(chained, { spider: spider.name, callback: response.request.callback, url: itemSource.url }, deps.loopWatch);
    for (;;) {
      const step = await untilCutOff(deadline ? deadline.race(outputs) : outputs.next(), deps.cutOff);
      if (step.done) break;
      const output = step.value;
      // A callback that took its page may have read a document the page moved to since (a timer, a refresh,
      // its own click): this and later outputs are not this response's, and the request fails with why.
      const left = response.pageLeft();
      if (left) throw left;
      // Kept by the response that made it, yielded or not: counted and announced once the callback is done.
      if (isSkippedLink(output)) continue;
      if (isRequest(output)) {
        // An errback the spider lacks would surface only when the request fails, perhaps never in a test run:
        // the page that yields it fails now, as its bug (callback/unknown), in a crawl as in `check` and `parse`.
        if (output.errback !== null) resolveErrback(spider, output.errback);
        if (!withinDepth(output, response.request.depth, deps)) continue;
        requestsByCallback[output.callback] = (requestsByCallback[output.callback] ?? 0) + 1;
        await deps.requests.push(output);
        continue;
      }
      deps.stats.inc('items/scraped');
      const result = await deps.items.process(withoutCredentialsIn(withoutFlattenedCents(withoutCutPrice(output, tailDigits), splitDigits), sent), { ...itemSource, scrapedAtMs: Date.now() });
      if (result.accepted) {
        itemsAccepted++;
        durables.push(result.durable);
      } else {
        itemsDropped++;
        droppedByReason[result.reason] = (droppedByReason[result.reason] ?? 0) + 1;
        if (isPageFault(result.reason)) pageFault ??= { reason: result.reason, message: `an item was dropped as ${result.reason}: the answer was not this request's page` };
      }
    }
    await deps.requests.flush();
    const page = { url: itemSource.url, callback: response.request.callback, items: itemsAccepted + itemsDropped, requests: requestsByCallback };
    deps.items.pageDone?.(page);
    deps.events?.emit('page.parsed', page);
  } catch (thrown) {
    abandoned = true;
    void outputs?.return?.(undefined)?.catch(() => undefined); // as `for await` would: the generator's finally runs
    // The frontier could not store the requests it yielded (disk full): not the spider's fault, the task leaves it for --resume.
    if (storageFailureCode(thrown) !== null) throw thrown;
    // A shared frontier that refused or did not answer the add (a Redis restarting, out of memory): neither.
    // As the callback's error the page failed for good as callback/error, a bug in the spider, its links lost.
    if (frontierAddFailed(thrown)) throw thrown;
    // Cut off by the shutdown: not the spider's fault either; the task puts the request back in the queue.
    if (thrown instanceof CallbackCutOffError) throw thrown;
    // A callback that threw because its page went away (browser or renderer died, page moved) fails for that reason, not as the spider's bug.
    // What the spider threw may quote what the request sent (`res.url` after a redirect moved a token under a plain
    // name, a header's key): the failure, its log line and the run's first errors show it written ***, as items do.
    const shown = withoutCredentialsIn(thrown, sent);
    const { stat, ...failure } = callbackError(thrown instanceof CallbackTimeoutError ? shown : (withoutCredentialsIn(response.pageLeft(), sent) ?? shown));
    error = failure;
    deps.stats.inc(`spider/errors/${stat}`);
    if (thrown instanceof UnknownCallbackError) deps.stats.inc(`spider/unknown-${thrown.role}/${thrown.callback}`);
    // The spider's own code threw (a selector that fits one page template only): work lost to a bug (code-errors.ts).
    if (failure.reason === CALLBACK_ERROR) noteCodeError(deps.stats, 'callback', response.request.callback, shown, itemSource.url);
    if (shown instanceof SpiderMiddlewareFailure) noteCodeError(deps.stats, 'spider-middleware', shown.middleware, shown.cause, itemSource.url);
    if (thrown instanceof CallbackTimeoutError) deps.log.error({ url: itemSource.url, callback: response.request.callback, limitMs: timeout?.ms }, 'spider callback ran past its time limit and was abandoned');
    // The answer's fault: what it showed, in a few masked characters, rather than a stack into the spider.
    else if (shown instanceof InvalidJsonError) {
      const { reason, status, contentType, sample } = shown;
      deps.log.error({ url: itemSource.url, callback: response.request.callback, reason, status, contentType, sample }, shown.message);
    } else if (shown instanceof SitemapError) deps.log.error({ url: itemSource.url, callback: response.request.callback, reason: shown.reason, status: response.status }, shown.message);
    else if (shown instanceof SpiderMiddlewareFailure) deps.log.error({ url: itemSource.url, middleware: shown.middleware, hook: shown.hook, err: shown.cause }, shown.message);
    else deps.log.error({ url: itemSource.url, callback: response.request.callback, err: shown }, 'spider callback failed');
    await deps.requests.flush().catch(() => undefined);
  } finally {
    deadline?.dispose();
    announceSkippedLinks(response, deps);
  }
  return { durable: Promise.all(durables), itemsAccepted, itemsDropped, droppedByReason, error: error ?? pageFault };
}

/**
 * Each `next()` runs the callback's synchronous code up to its next await or yield: one `performance.now()`
 * pair around it is all the watchdog costs per step.
 */
function timedSteps<T>(outputs: AsyncIterator<T>, inFlight: CallbackInFlight, watch: LoopBlockWatch | null | undefined): AsyncIterator<T> {
  if (!watch) return outputs;
  return {
    next: () => {
      const startedMs = watch.nowMs();
      try {
        return outputs.next();
      } finally {
        watch.stepEnded(inFlight, startedMs);
      }
    },
    return: outputs.return && ((value) => outputs.return!(value)),
  };
}

/**
 * A request yielded from a page (or scheduled by a middleware while it was fetched) lies one link deeper than
 * the page (as Scrapy's DepthMiddleware counts); beyond `depthLimit` it is dropped before it is planned,
 * counted as `depth/skipped`.
 */
export function withinDepth(request: CrawlRequest, parentDepth: number, deps: { stats: Stats; depthLimit?: number; events?: CrawlEventBus }): boolean {
  request.depth = parentDepth + 1;
  if (deps.depthLimit && request.depth > deps.depthLimit) {
    deps.stats.inc('depth/skipped');
    if (deps.events?.has('request.dropped')) deps.events.emit('request.dropped', { url: request.url, reason: 'depth/limit' });
    return false;
  }
  deps.stats.max('depth/max', request.depth);
  return true;
}

function callbackError(thrown: unknown): { reason: string; message: string; stat: string } {
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  if (thrown instanceof UnknownCallbackError) return { reason: 'callback/unknown', message, stat: 'unknown-callback' };
  if (thrown instanceof CallbackTimeoutError) return { reason: CALLBACK_TIMEOUT, message, stat: 'timeout' };
  if (thrown instanceof FetchError) return { reason: reasonForError(thrown), message, stat: 'page-left' };
  // The page's markup, not the spider: nested too deep to parse without stalling the crawl (markup-depth.ts).
  if (thrown instanceof PricecrawlError && thrown.code === 'DOM_TOO_DEEP') return { reason: 'dom/too-deep', message, stat: 'dom-too-deep' };
  // The answer was not JSON (cut, a wall, another format): the page's fault, by what it showed (json-answer.ts).
  if (thrown instanceof InvalidJsonError) return { reason: thrown.reason, message, stat: 'json-invalid' };
  // A wall or error page in a sitemap's place (read-sitemap.ts): the site's answer, not the spider's bug.
  if (thrown instanceof SitemapError) return { reason: thrown.reason, message, stat: 'sitemap-invalid' };
  // A spider middleware's own throw: the project's bug in that middleware, not the callback's.
  if (thrown instanceof SpiderMiddlewareFailure) return { reason: SPIDER_MIDDLEWARE_ERROR, message, stat: 'spider-middleware' };
  return { reason: CALLBACK_ERROR, message, stat: 'exception' };
}

/** What items carry of their answer (ItemSource): its media type (`text/html`, '' for none), whether a cache served it. */
function answerFacts(response: CrawlResponse): Pick<ItemSource, 'mediaType' | 'fromCache'> {
  const header = (name: string) => response.header(name);
  return { mediaType: (header('content-type') ?? '').split(';')[0]!.trim().toLowerCase(), fromCache: servedFromCache(header) };
}

/** Links the callback's follow/followAll skipped: counted by reason and each announced as dropped. */
function announceSkippedLinks(response: CrawlResponse, deps: { stats: Stats; events?: CrawlEventBus }): void {
  const announce = deps.events?.has('request.dropped') === true;
  for (const link of response.takeSkippedLinks()) {
    deps.stats.inc(`follow/skipped/${link.reason}`);
    if (announce) deps.events?.emit('request.dropped', { url: link.href, reason: `follow/skipped/${link.reason}` });
  }
}
