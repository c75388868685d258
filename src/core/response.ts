// CrawlResponse: what a spider callback receives; decoded text, raw-bytes hash, lazy cheerio.
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { LivePage } from './live-page';
import type { CheerioAPI } from 'cheerio';
import { extractStructuredData, type StructuredOptions } from '../structured/structured-data';
import type { StructuredData, StructuredProduct } from '../structured/structured-types';
import { readVisible, type VisibleOptions, type VisibleRead, type VisibleScope } from '../visible/read-visible';
import type { VisiblePriceResult } from '../visible/visible-price';
import type { PricingFields } from './pricing';
import { urlMatches, type CapturedResponse, type UrlPattern } from './browser-options';
import { decodeText } from '../fetch/charset';
import { loadDom } from './cheerio-load';
import { refuseTooDeep } from './markup-depth';
import { releaseDom } from './release-dom';
import { PricecrawlError } from './errors';
import type { JsonObject } from './json';
import { parseJsonAnswer } from './json-answer';
import type { CrawlRequest, CrawlRequestInit, FetchMode } from './request';
import type { CrawlResponseInit, ResponseTimings } from './response-init';
import { ResponseLinks } from './response-links';
import type { SkippedLink } from './skipped-link';

export class CrawlResponse {
  readonly request: CrawlRequest;
  readonly url: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[]>>;
  readonly body: Buffer;
  readonly encoding: string;
  readonly timings: ResponseTimings;
  readonly redirectChain: readonly string[];
  readonly fetchMode: FetchMode;
  readonly captured: readonly CapturedResponse[];
  /** The block a middleware recognised on this answer (`markBlocked`), null until one did. */
  blockedBy: string | null = null;
  /** What follow/followAll made of this page's links, and the links they skipped (response-links.ts). */
  private readonly links = new ResponseLinks(this);
  private readonly livePage: LivePage | null;
  private cachedHash: string | null = null;
  /** The fetcher's text, or the body decoded on first read (dropped again by `release`). */
  private decodedText: string | null;
  private readonly textGiven: boolean;
  private cachedDom: CheerioAPI | null = null;
  private cachedBaseUrl: string | null = null;
  private readonly visibleReads = new Map<string, VisibleRead>();

  constructor(init: CrawlResponseInit) {
    this.request = init.request;
    this.url = init.url;
    this.status = init.status;
    this.headers = init.headers;
    this.body = init.body;
    this.decodedText = init.text ?? null;
    this.textGiven = init.text !== undefined;
    this.encoding = init.encoding;
    this.timings = init.timings;
    this.redirectChain = init.redirectChain ?? [];
    this.fetchMode = init.fetchMode ?? 'http';
    this.captured = init.captured ?? [];
    this.livePage = init.page ?? null;
  }

  /**
   * This answer as the answer to `request`, reached through `earlier` URLs first (a refresh redirect the
   * chain followed): the spider sees the request it planned, and `redirectChain` lists every URL before.
   */
  reachedFrom(request: CrawlRequest, earlier: readonly string[]): CrawlResponse {
    const { url, status, headers, body, encoding, timings, fetchMode } = this;
    const text = this.textGiven ? this.decodedText! : undefined;
    const redirectChain = [...earlier, ...this.redirectChain];
    return new CrawlResponse({ request, url, status, headers, body, text, encoding, timings, redirectChain, fetchMode, captured: [...this.captured], page: this.livePage ?? undefined });
  }

  /**
   * The Playwright page the response was rendered in, for interaction (click, scroll, type) inside the
   * callback. It is closed when the callback ends; `res.$` and `rawHash` stay the HTML as first rendered.
   */
  get page(): Page {
    if (!this.livePage) throw new PricecrawlError('NO_PAGE', `res.page exists only in the callback of a browser response (${this.url} was fetched over ${this.fetchMode})`);
    const page = this.livePage.take();
    if (!page) throw new PricecrawlError('NO_PAGE', `res.page of ${this.url} is gone: its callback ended or timed out`);
    return page;
  }

  /**
   * For the engine, before it takes each output of a browser callback: why the live page, which the
   * callback took, no longer shows this response's document (it navigated since), or null.
   */
  pageLeft(): Error | null {
    return this.livePage?.left() ?? null;
  }

  /** Parsed body of the first captured response whose URL matches `pattern` (a body not JSON as in `json()`); undefined when none did. */
  capturedJson<T = unknown>(pattern: UrlPattern): T | undefined {
    const hit = this.captured.find((c) => urlMatches(c.url, pattern));
    return hit ? parseJsonAnswer<T>(hit) : undefined;
  }

  /**
   * The body decoded with `encoding`. The HTTP fetcher leaves the decoding to the first read: raw capture
   * stores the bytes first (a compression and a commit), and a page's text made before that wait outlived
   * a young-generation GC and was copied, and often promoted, for nothing.
   */
  get text(): string {
    this.decodedText ??= decodeText(this.body, this.encoding);
    return this.decodedText;
  }

  /** sha256 (hex) of the exact body bytes: every item carries it to prove its source. */
  get rawHash(): string {
    this.cachedHash ??= createHash('sha256').update(this.body).digest('hex');
    return this.cachedHash;
  }

  /**
   * Parsed lazily: a callback that only reads JSON never pays for a DOM. htmlparser2 in HTML mode, not
   * parse5: measured 2.5–5 ms against 8–15 ms per 20 KB product page, and parsing is the largest CPU
   * cost of a crawl. It is forgiving like a browser for the markup shops serve, though it does not
   * build the implied elements of the HTML5 tree algorithm (e.g. no <tbody> inserted).
   */
  get $(): CheerioAPI {
    if (!this.cachedDom) refuseTooDeep(this.text, this.url);
    this.cachedDom ??= loadDom(this.text, { baseURI: this.url, xml: { xmlMode: false, decodeEntities: true } });
    return this.cachedDom;
  }

  /** schema.org products in JSON-LD, microdata, RDFa and OpenGraph, plus the blocks skipped with a reason. */
  structuredData(options: StructuredOptions = {}): StructuredData {
    // A fetch time of 0 is a response built from a saved page (a contract fixture): when it was served is unknown.
    const fetchedAtMs = this.timings.startedAtMs > 0 ? this.timings.startedAtMs : undefined;
    return extractStructuredData(this.$, this.url, { atMs: fetchedAtMs, earlierUrls: [this.request.url, ...this.redirectChain], ...options });
  }

  /** This page's own product (related products' prices ignored), or null; prices are exact Decimals. */
  structuredProduct(options: StructuredOptions = {}): StructuredProduct | null {
    return this.structuredData(options).product;
  }

  /** Every product the page describes (a listing's entries), the same product in several syntaxes merged. */
  structuredProducts(options: StructuredOptions = {}): StructuredProduct[] {
    return this.structuredData(options).products;
  }

  /**
   * The current price as a shopper reads it (struck, unit, instalment, shipping, related-product
   * prices ignored), with the struck regular price beside it; a refusal with a reason when the page
   * does not determine one price. `scope` narrows the reading to a selector or selection.
   */
  visiblePrice(scope?: VisibleScope, options: VisibleOptions = {}): VisiblePriceResult {
    return this.readVisible(scope, options).price;
  }

  /** Unit price, quantity tiers, shipping terms and availability as the page shows them (same reading as visiblePrice). */
  visiblePricing(scope?: VisibleScope, options: VisibleOptions = {}): PricingFields {
    return this.readVisible(scope, options).pricing;
  }

  /** The whole visible reading, every price seen with its role: for debugging a page in `pricecrawl shell`. */
  readVisible(scope?: VisibleScope, options: VisibleOptions = {}): VisibleRead {
    // Selections have no stable key: only whole-page and selector readings are cached.
    const key = typeof scope === 'object' ? null : `${scope ?? ''}\u0000${options.defaultCurrency ?? ''}`;
    const cached = key === null ? undefined : this.visibleReads.get(key);
    if (cached) return cached;
    const read = readVisible(this.$, scope, { ...options, contentLanguage: this.header('content-language'), encoding: this.encoding, url: this.url });
    if (key !== null) this.visibleReads.set(key, read);
    return read;
  }

  header(name: string): string | undefined {
    const value = this.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /**
   * The body parsed as JSON (after a byte-order mark). A body that is not JSON throws InvalidJsonError: the
   * page failed for what it showed (`parse/json-cut`, `parse/json-html`, `parse/json-invalid`), not as a bug.
   */
  json<T = unknown>(): T {
    return parseJsonAnswer<T>({ url: this.url, status: this.status, contentType: this.header('content-type'), text: this.text });
  }

  /** Resolves a (relative) link against the final URL, honouring `<base href>`. */
  urljoin(href: string): string {
    // Once per response: `$('base[href]')` walks the whole tree, and a listing page joins every link it yields.
    if (this.cachedBaseUrl === null) {
      const base = this.cachedDom || /<base\s/i.test(this.text) ? this.$('base[href]').attr('href') : undefined;
      this.cachedBaseUrl = base ? new URL(base, this.url).toString() : this.url;
    }
    return new URL(href, this.cachedBaseUrl).toString();
  }

  /**
   * A new request for a link on this page, handled by `callback` with typed `meta`. A link that cannot be
   * crawled (`mailto:`, `tel:`, `javascript:`, `data:`, an unparsable URL) never throws: it comes back as a
   * SkippedLink, which the engine ignores when yielded and counts as `follow/skipped/<reason>`, so one odd
   * link never costs the rest of the page.
   */
  follow<M extends JsonObject = JsonObject>(
    href: string,
    callback = 'parse',
    meta?: M,
    init: Omit<CrawlRequestInit<M>, 'url' | 'callback' | 'meta'> = {},
  ): CrawlRequest<M> | SkippedLink {
    return this.links.follow(href, callback, meta, init);
  }

  /**
   * Requests for many links: a CSS selector (each match's `href`, or `src` for frames) or a list of hrefs.
   * Links that cannot be crawled and repeats of a URL already returned by this call are skipped and counted
   * (`follow/skipped/<scheme>`, `follow/skipped/duplicate`); the frontier's own dedupe still applies after.
   */
  followAll<M extends JsonObject = JsonObject>(
    selectorOrHrefs: string | Iterable<string>,
    callback = 'parse',
    meta?: M,
    init: Omit<CrawlRequestInit<M>, 'url' | 'callback' | 'meta'> = {},
  ): CrawlRequest<M>[] {
    return this.links.followAll(selectorOrHrefs, callback, meta, init);
  }

  /** The links skipped so far, by reason. */
  get skippedLinks(): Map<string, number> {
    return this.links.skippedCounts();
  }

  /**
   * For the engine, once the callback is done: the DOM is released (release-dom.ts: a `$` or element kept
   * past the callback throws rather than finds nothing) and text decoded here is dropped, so an object
   * that still points at this response after its task holds neither. A later `text` or `$` decodes and
   * parses again.
   */
  release(): void {
    if (this.cachedDom) releaseDom(this.cachedDom, this.url);
    this.cachedDom = null;
    this.visibleReads.clear();
    if (!this.textGiven) this.decodedText = null;
  }

  /**
   * Says this answer is a block page by a sign the block-detection rules cannot express (a JSON flag, a
   * challenge only code recognises): a project middleware calls it and accepts the response. Every built-in
   * that judges blocks then treats it as one of the rules' (block detection on): `sessions` retires the
   * session that got it and the retry goes on a fresh one, `block-detection` retries it within
   * `retry.maxAttempts`, the breaker and the adaptive throttle count it. `rule` names it in logs. The host
   * is held from the mark until the chain is done (none of its sends goes before the breaker counted it); a
   * middleware that can tell on arrival says so in `holdsHost` too, to hold it from the answer's arrival.
   */
  markBlocked(rule: string): void {
    if (typeof rule !== 'string' || rule.trim() === '') throw new TypeError(`markBlocked(rule): a rule name such as 'team/soft-block' for the logs, got ${JSON.stringify(rule)}`);
    this.blockedBy = rule;
  }

  /** The links skipped since the last call (the callback runner's, once per callback). */
  takeSkippedLinks(): SkippedLink[] {
    return this.links.takeSkipped();
  }
}
