// The spider middleware contract: hooks around what start() and the callbacks yield, between them and the frontier and pipeline.
import type { Logger } from 'pino';
import type { HookResult } from '../core/hook-result';
import type { RequestFailure } from '../core/request-failure';
import type { CrawlResponse } from '../core/response';
import type { Spider, SpiderOutput } from '../core/spider';
import type { Stats } from '../engine/stats';
import type { CrawlEventBus } from '../events/crawl-events';
import type { Settings } from '../settings/schema';

/** What a hook gives back: a generator (`async *` or `*`), an array, or a promise of one. */
export type SpiderOutputs = AsyncIterable<SpiderOutput> | Iterable<SpiderOutput> | Promise<AsyncIterable<SpiderOutput> | Iterable<SpiderOutput>>;

export interface SpiderMiddlewareContext {
  spider: Spider;
  settings: Settings;
  log: Logger;
  stats: Stats;
  runId: string;
  /** The crawl's event bus; absent in tools and tests that run a chain by hand. */
  events?: CrawlEventBus;
}

/**
 * A spider middleware (Scrapy's `SPIDER_MIDDLEWARES`). The list runs from the engine to the spider, as the
 * downloader list runs from the engine to the fetcher: what the spider yields passes the middlewares from the
 * one nearest the spider (last in the list) to the one nearest the engine (first), then goes on, requests
 * to the frontier and items to the pipeline. Nothing flows back: a middleware changes, drops or adds outputs
 * on their one way out.
 *
 * Every hook is optional; a middleware has at least one of the three `process…` hooks.
 */
export interface SpiderMiddleware {
  readonly name: string;
  open?(ctx: SpiderMiddlewareContext): HookResult;
  /**
   * What seeding yields (`start()`, or the catalog's requests with `--due`/`--full`) and what the spider's
   * `idle()` yields in each idle round (seeds found late: no page behind them either), before the frontier
   * stores it. Return the outputs to keep: `async *processStart(start) { for await (const r of start) yield r; }`.
   * A throw stops the crawl as a failing `start()` does; in an idle round it is this middleware's code error.
   */
  processStart?(start: AsyncIterable<SpiderOutput>, ctx: SpiderMiddlewareContext): SpiderOutputs;
  /**
   * What a callback yields for a page, or an errback for a failed request, one output at a time: yield those
   * to keep, changed or not, and any to add; leave one out to drop it (counted per page as
   * `spider-middleware/<name>/dropped`). `from` is the page's `CrawlResponse` (its request is `from.request`) or,
   * for an errback's outputs, the `RequestFailure` it was told (no page: narrow with `from instanceof
   * CrawlResponse` before reading one). A throw fails the page as `spider-middleware/error`, the project's bug.
   * Declared as a property so that a hook typed for a response alone does not compile: errbacks' outputs
   * come here too (as Scrapy's errback outputs pass `process_spider_output`).
   */
  processSpiderOutput?: (from: CrawlResponse | RequestFailure, outputs: AsyncIterable<SpiderOutput>, ctx: SpiderMiddlewareContext) => SpiderOutputs;
  /**
   * The callback threw `error` (after yielding what passed already). Return outputs to recover: the page
   * counts as handled, and they pass the output hooks of the middlewares nearer the engine than this one.
   * Return nothing to leave it to the next middleware towards the engine; when none recovers, the page fails
   * as it would without middlewares (`callback/error`, its errback run). A time limit, a shutdown cut-off, a
   * page the browser left and an unknown callback name never reach this hook: they are no callback's error.
   */
  processSpiderException?(response: CrawlResponse, error: unknown, ctx: SpiderMiddlewareContext): SpiderOutputs | null | undefined | void | Promise<null | undefined | void>;
  close?(): HookResult;
}
