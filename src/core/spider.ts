// Spider base class: one small subclass per competitor; callbacks are async generators.
import type { Logger } from 'pino';
import type { ZodType } from 'zod';
import type { CrawlEventMap } from '../events/crawl-events';
import type { SettingsOverrides } from '../settings/schema';
import { UnknownCallbackError } from './errors';
import type { Item } from './item';
import type { JsonObject } from './json';
import { CrawlRequest, type CrawlRequestInit, type FetchMode } from './request';
import { isBrandedRequest, isSpiderBase, SPIDER_BRAND } from './package-brand';
import type { CrawlResponse } from './response';
import type { RequestFailure } from './request-failure';
import { SkippedLink } from './skipped-link';
import { isCallbackName } from './spider-hooks';
import { SPIDER_LOGGER, standaloneSpiderLogger } from './spider-logger';

/** What a callback or `start()` may yield. A SkippedLink (from `res.follow`) is ignored; anything else that is not a CrawlRequest is an item. */
export type SpiderOutput = CrawlRequest | SkippedLink | Item;
/** What a spider's `closed()` hook is told about its run: the `spider.closed` event's facts. */
export type SpiderClosedRun = CrawlEventMap['spider.closed'];
export type SpiderCallback = (response: CrawlResponse) => AsyncIterable<SpiderOutput>;
/** A request's errback (`errback: 'onProductFailed'`): told why the request failed, it may yield as a callback does. */
export type SpiderErrback = (failure: RequestFailure) => AsyncIterable<SpiderOutput>;

export abstract class Spider {
  /** Unique, used for the registry, the storage keys and log bindings. */
  abstract readonly name: string;
  /** Hosts (and their subdomains) this spider may fetch; empty allows every host (as in Scrapy). An entry with a port (`127.0.0.1:8081`) matches that port only. */
  allowedDomains: string[] = [];
  startUrls: string[] = [];
  /** Per-spider settings: above the project file, below env and the CLI. */
  settings: SettingsOverrides = {};
  /** Default fetch mode for this spider's requests (per-host settings and requests may override). */
  fetchMode?: FetchMode;
  /** The callback that turns one product page into its item: `--full` and `--due` runs send known SKUs straight to it. */
  productCallback?: string;
  /** The spider's own item rules (zod), checked after the base item schema by the schema-validation stage. */
  itemSchema?: ZodType;

  /** Spider arguments (`-a key=value` on the CLI), e.g. a base URL or a category to crawl. */
  constructor(readonly args: Readonly<Record<string, string>> = {}) {}

  /**
   * The spider's logger, as Scrapy's `self.logger`: the crawl's own log (pino), bound with `spider`, so its lines
   * go where the crawl's go, in its format and level (`--log-level`, `log.format`) and with its redaction.
   * `this.logger.info({ sku }, 'no price on the page')`, `this.logger.warn(...)`. Outside a crawl (a unit
   * test that makes the spider by hand) it writes JSON lines to stderr at info.
   */
  get logger(): Logger {
    const self = this as unknown as Record<symbol, Logger | undefined>;
    return (self[SPIDER_LOGGER] ??= standaloneSpiderLogger(this.name));
  }

  /** First requests of a run. Override for generated or POST seeds. */
  async *start(): AsyncIterable<SpiderOutput> {
    for (const url of this.startUrls) yield new CrawlRequest({ url, callback: 'parse' });
  }

  /**
   * The request that recrawls a known SKU's product page (from the SKU catalog); null when the spider
   * cannot (no `productCallback`). Override when a product request needs more (meta, browser options).
   */
  catalogRequest(sku: string, url: string): CrawlRequest | null {
    void sku;
    return this.productCallback ? new CrawlRequest({ url, callback: this.productCallback }) : null;
  }

  /**
   * A second source for a SKU whose primary page failed in `schedule.fallbackAfterFailedRuns` consecutive
   * runs (an official feed, a JSON API); null (the default) when there is none. Its callback's items
   * should say `source: 'fallback'`, so the catalog keeps counting the primary page's failures.
   */
  fallbackRequest(sku: string, url: string): CrawlRequest | null {
    void sku;
    void url;
    return null;
  }

  /**
   * Called once when the run ends, as Scrapy's `closed(reason)`: `reason` is the run's status (`finished`,
   * `stopped` by a closeSpider limit, `interrupted`, `failed`), `run` the ledger the extensions' `spider.closed`
   * carries. Its items are stored by then. A throw counts as the project's code error (`callback/closed`, exit 4).
   */
  closed?(reason: string, run: SpiderClosedRun): void | Promise<void>;

  /**
   * Scrapy's `spider_idle`: called when the queue ran dry (nothing pending, nothing in flight), before the run
   * ends. What it yields is queued as `start()`'s requests are (durably, deduplicated against the run, depth 0),
   * and the run goes on; it is called again at the next dry queue, and the run ends after a call that added
   * nothing new (a URL the run already planned does not count). `round` counts the calls from 1 in this process:
   * after `--resume` it starts again, so keep where a paged API stopped in the requests' `meta`, not in a field.
   * A throw is the project's code error `callback/idle` (what it yielded before is kept).
   */
  idle?(round: number): AsyncIterable<SpiderOutput> | Iterable<SpiderOutput>;

  /** Default callback for start URLs. */
  // eslint-disable-next-line require-yield
  async *parse(response: CrawlResponse): AsyncGenerator<SpiderOutput> {
    throw new Error(`spider "${this.name}" yields requests for "parse" but does not define parse() (got ${response.url})`);
  }

  /** Convenience for building a request to an absolute URL from a spider method. */
  protected request<M extends JsonObject = JsonObject>(url: string, callback = 'parse', meta?: M, init: Omit<CrawlRequestInit<M>, 'url' | 'callback' | 'meta'> = {}): CrawlRequest<M> {
    return new CrawlRequest<M>({ ...init, url, callback, meta });
  }
}

// The brand sits on the base prototype only: subclasses inherit it, the base owns it (package-brand.ts).
Object.defineProperty(Spider.prototype, SPIDER_BRAND, { value: true });

export type SpiderClass = new (args?: Readonly<Record<string, string>>) => Spider;

/** Looks up a callback by its serialized name; a missing or non-function name is a clear error. */
export function resolveCallback(spider: Spider, name: string, role: 'callback' | 'errback' = 'callback'): SpiderCallback {
  const candidate = (spider as unknown as Record<string, unknown>)[name];
  if (typeof candidate !== 'function' || !isCallbackName(name)) throw new UnknownCallbackError(spider.name, name, callbackNames(spider), role);
  return candidate.bind(spider) as SpiderCallback;
}

/** An errback is looked up as a callback is: a method of the spider's own, by its stored name. */
export function resolveErrback(spider: Spider, name: string): SpiderErrback {
  return resolveCallback(spider, name, 'errback') as unknown as SpiderErrback;
}

/** The spider's methods that can serve as callbacks (own class and its bases, below Spider). */
export function callbackNames(spider: Spider): string[] {
  const names = new Set<string>(['parse']);
  for (let proto = Object.getPrototypeOf(spider) as object | null; proto && !isSpiderBase(proto); proto = Object.getPrototypeOf(proto) as object | null) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (isCallbackName(name) && typeof Object.getOwnPropertyDescriptor(proto, name)?.value === 'function') names.add(name);
    }
  }
  return [...names].sort();
}

export function isRequest(output: SpiderOutput): output is CrawlRequest {
  return isBrandedRequest(output);
}

export function isSkippedLink(output: SpiderOutput): output is SkippedLink {
  return output instanceof SkippedLink;
}
