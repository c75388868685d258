// The public surface of the `pricecrawl` package: everything a project imports, listed here and nowhere else.
//
// A project's spiders, middlewares, pipeline stages and extensions import only from 'pricecrawl'. What is
// not exported here is private and may change between versions. Grouped by what a project writes.

// Spiders: the base class, requests, responses and what callbacks yield.
export { Spider, type SpiderClass, type SpiderClosedRun, type SpiderOutput, type SpiderCallback, type SpiderErrback } from './core/spider';
// The zod pricecrawl checks a spider's `itemSchema` with: a project declares its item rules with this one, no
// zod install of its own whose major could differ from the one the pipeline reads.
export { z } from 'zod';
export { CrawlRequest, type CrawlRequestInit, type FetchMode, type HttpMethod } from './core/request';
export type { RedirectResume } from './core/redirect-resume';
export type { RequestFailure } from './core/request-failure';
export { CrawlResponse } from './core/response';
export type { ResponseTimings } from './core/response-init';
export { CrawlSpider, type Rule } from './core/crawl-spider';
export { SitemapSpider, type SitemapRule } from './core/sitemap-spider';
export { readSitemap, sitemapsInRobots, SitemapError, type Sitemap, type SitemapEntry } from './sitemap/read-sitemap';
export { LinkExtractor, type ExtractedLink, type LinkExtractorOptions, type LinkPattern } from './core/link-extractor';
// What `res.follow()` returns for a link it cannot crawl (`mailto:`, a broken URL): ignored when yielded, counted.
export type { SkippedLink } from './core/skipped-link';
export type { Item, PriceItem, ItemSource, PricingItemFields, StoredPriceCheck } from './core/item';
export type { JsonObject, JsonValue, JsonPrimitive } from './core/json';
export type { BrowserRequestOptions, BrowserWaitFor, CapturedResponse, UrlPattern } from './core/browser-options';
export { scrollToEnd, type ScrollOptions } from './browser/infinite-scroll';
// The logger type of `spider.logger` and of every component context's `log` (pino's).
export type { Logger } from 'pino';

// Prices: exact decimals and ISO currencies, or a refusal with a reason.
export { Decimal } from './core/money';
export { siteOf } from './pipeline/item-site';
export { parsePrice, amountOf, type ParsePriceOptions, type ParsedPrice, type PriceRefusal, type PriceResult } from './prices/parse-price';
export { isIsoCode, minorUnitDigits, toCurrencyScale } from './prices/iso-currencies';
export { showsPrice } from './prices/shows-price';

// The pricing fields teams compare besides the price (unit price, tiers, shipping, availability), and the
// check of a structured price against the visible one (res.visiblePrice(), res.visiblePricing()).
export { emptyPricing, mergePricing, type PricingField, type PricingFields, type QuantityTier, type ShippingTerms, type UnitPrice } from './core/pricing';
export { checkPrices, type CheckedPrice, type PriceCheck, type PriceCheckRule, type PriceSource } from './visible/price-check';
// What `res.visiblePrice()` gives: the price a shopper reads, or a refusal with its reason and candidates.
export type { ReadPrice, VisiblePrice, VisiblePriceRefusal, VisiblePriceResult } from './visible/visible-price';
export type { VisibleOptions, VisibleRead } from './visible/read-visible';

// Structured data (JSON-LD, microdata, RDFa, OpenGraph) for spiders that read it themselves.
export { extractStructuredData, type StructuredOptions } from './structured/structured-data';
export type { StructuredData, StructuredProduct, StructuredSource, PriceRange } from './structured/structured-types';

// Price items built from a page: structured data checked against the visible price (what the structured template yields).
export { productItem, type ProductItemOptions } from './items/product-item';
export { structuredItem } from './items/structured-item';
export { pricingItemFields } from './items/pricing-item';

// Item loaders (Scrapy's ItemLoader): values per field from CSS selectors, JSON paths and code, through input and output
// processors into an item; PriceOutput() hands the price on for the pipeline's exact reading (never a float).
export { defineItemLoader, ItemLoader, type CssOptions, type FieldProcessors, type ItemLoaderType, type LoadedItem, type LoaderDefinition, type LoaderFields, type OutputOf } from './loader/item-loader';
export { Compose, Identity, Join, MapCompose, TakeAll, TakeFirst, type InputProcessor, type LoaderValue, type OutputProcessor, type TextFunction } from './loader/processors';
export { cleanText, dropBlank, removeTags, stripText } from './loader/text-helpers';
export { PriceOutput, type PriceValue } from './loader/price-output';
export { FieldRefusal } from './loader/field-refusal';
export type { LoaderSource, ReadSource } from './loader/loader-source';
export { jsonValuesAt } from './loader/json-path';

// Rate-shop matrices (hotels, flights): the keys a matrix spider expands.
export { addDays, expandMatrix, matrixSize, rateKeyId, type RateKey, type RateMatrix } from './matrix/rate-matrix';

// Downloader middlewares: the contract and its typed outcomes.
export {
  CONTINUE,
  accept,
  fail,
  follow,
  type Accept,
  type Continue,
  type Defer,
  type DownloaderMiddleware,
  type ErrorOutcome,
  type Fail,
  type Follow,
  type MiddlewareContext,
  type MiddlewareOpenContext,
  type RequestOutcome,
  type Respond,
  type ResponseOutcome,
  type Retry,
  type SideSlot,
} from './downloader/middleware';

// Spider middlewares: hooks on what start() and the callbacks yield, before the frontier and the pipeline.
export type { SpiderMiddleware, SpiderMiddlewareContext, SpiderOutputs } from './spider-middleware/spider-middleware';

// Item pipeline stages.
export { drop, isDrop, type Drop, type PageOutputs, type PipelineContext, type PipelineStage } from './pipeline/stage';
// The run's counters every component context carries: those under `team/` (`ctx.stats.inc('team/seen')`) are listed in the
// run summary, its record and the report.
export type { Stats } from './engine/stats';

// A project's own components: item sinks, extensions and the crawl events they hear.
export type { ItemSinkComponent, ItemSinkContext } from './components/item-sink-component';
export type { Extension, ExtensionContext, IdleContext } from './components/extension';
export type { CrawlEventHandler, CrawlEventMap, CrawlEventName, CrawlEvents } from './events/crawl-events';
export type { CrawlSnapshot } from './events/crawl-snapshot';
// The item store port: a project's own store (`storage.items` in pricecrawl.config.json) implements it.
export type { ItemStore, StoredItem } from './ports/item-store';

// The run's frontier as a Crawlee request queue: another program (or a stock Crawlee crawler) can add to
// a running crawl's queue or consume it, under the same politeness on a shared frontier.
export { openRequestQueue, openFrontierStorageClient, type OpenedRequestQueue, type OpenRequestQueueOptions } from './queue/open-request-queue';

// A crawl from a program, as `pricecrawl crawl` runs it: the spider class, its args, settings over the project's, feeds.
export { runCrawl, type CrawlResult, type RunCrawlOptions } from './app/crawl/crawl-api';
export type { CrawlMode } from './app/schedule/run-seeds';
export type { RunSummary } from './engine/run-summary';
export type { LedgerSummary } from './ports/frontier';

// Settings (a spider's `settings` are typed by these) and errors with stable codes.
export type { Settings, SettingsOverrides } from './settings/schema';
export { FetchError, PricecrawlError, SettingsError, UnknownCallbackError, type ErrorCode } from './core/errors';
export { InvalidJsonError, type JsonRefusal } from './core/json-answer';
export { didYouMean } from './core/closest-name';
