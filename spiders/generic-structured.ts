// Generic spider: products from structured data checked against the visible price (or the visible price alone), from listings or a sitemap.
import { PricecrawlError, productItem, readSitemap, Spider, type CrawlResponse, type JsonObject, type SpiderOutput, type StructuredOptions } from 'pricecrawl';
import { nextPageLinks, productCardLinks } from './support/listing-links';

/** Meta of a start or listing page: how many "next page" hops from a start URL. */
export interface GenericListingMeta extends JsonObject {
  depth: number;
}

const DEFAULT_MAX_DEPTH = 100;

function parseUrl(raw: string, what: string): URL {
  try {
    const url = new URL(raw.trim());
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // reported below
  }
  throw new PricecrawlError('SETTINGS_INVALID', `spider "generic-structured": ${what} "${raw}" is not an absolute http(s) URL`);
}

/**
 * A new competitor with good markup needs no code: `-a urls=https://shop/a,https://shop/b` starts
 * from listings (or product pages) and follows priced product cards and next-page links;
 * `-a sitemap=https://shop/sitemap.xml` reads a sitemap index or urlset (gzip too) instead.
 * `-a currency=EUR` is the default for prices that name none; `-a maxDepth=N` bounds pagination.
 * Only the hosts of those URLs are crawled.
 */
export class GenericStructuredSpider extends Spider {
  readonly name = 'generic-structured';
  private readonly seeds: URL[];
  private readonly sitemap: URL | null;
  private readonly maxDepth: number;
  private readonly structured: StructuredOptions;

  constructor(args: Readonly<Record<string, string>> = {}) {
    super(args);
    this.seeds = (args.urls ?? '').split(/[\s,]+/).filter(Boolean).map((raw) => parseUrl(raw, 'urls entry'));
    this.sitemap = args.sitemap ? parseUrl(args.sitemap, 'sitemap') : null;
    this.maxDepth = args.maxDepth === undefined ? DEFAULT_MAX_DEPTH : Number(args.maxDepth);
    if (!Number.isInteger(this.maxDepth) || this.maxDepth < 0) throw new PricecrawlError('SETTINGS_INVALID', `spider "generic-structured": maxDepth must be a whole number ≥ 0, got "${args.maxDepth}"`);
    const currency = args.currency?.trim().toUpperCase();
    this.structured = currency ? { defaultCurrency: currency } : {};
    this.allowedDomains = [...new Set([...this.seeds, ...(this.sitemap ? [this.sitemap] : [])].map((url) => url.host))];
  }

  override async *start(): AsyncIterable<SpiderOutput> {
    if (this.seeds.length === 0 && !this.sitemap) {
      throw new PricecrawlError('SETTINGS_INVALID', 'spider "generic-structured" needs -a urls=https://shop/listing[,…] or -a sitemap=https://shop/sitemap.xml');
    }
    if (this.sitemap) yield this.request(this.sitemap.toString(), 'parseSitemap');
    for (const url of this.seeds) yield this.request<GenericListingMeta>(url.toString(), 'parse', { depth: 0 });
  }

  /** A sitemap index leads to more sitemaps; a urlset's pages are read as product pages. */
  async *parseSitemap(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const sitemap = readSitemap(res.body);
    for (const { loc } of sitemap.entries) yield res.follow(loc, sitemap.kind === 'index' ? 'parseSitemap' : 'parseProduct');
  }

  /** A start or listing page: a product page yields its product; a listing its product links and next page. */
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const data = res.structuredData(this.structured);
    if (data.product) {
      yield productItem(res, this.structured, data.product) ?? { sku: res.url, price: null, url: res.url };
      return;
    }
    const fromMarkup = data.products.flatMap((product) => (product.url ? [product.url] : []));
    const links = new Set([...fromMarkup, ...productCardLinks(res)]);
    // A start URL that is a product page without structured data and without product cards: its visible price.
    const visible = links.size === 0 && data.products.length === 0 ? productItem(res, this.structured, null) : null;
    if (visible) {
      yield visible;
      return;
    }
    for (const url of links) yield res.follow(url, 'parseProduct');
    const { depth } = res.request.meta as GenericListingMeta;
    if (depth < this.maxDepth) for (const next of nextPageLinks(res)) yield res.follow<GenericListingMeta>(next, 'parse', { depth: depth + 1 });
  }

  /**
   * A product page: its structured product checked against the visible price, or the visible price
   * alone when the page has no structured data (`source` says which). A listing of several
   * structured products (a category page in a sitemap) yields nothing; a product whose price is refused
   * still yields, so the pipeline records the reason. So does a page that shows no price at all: a wall
   * no rule knew, a shell its JavaScript fills, a discontinued product sent to the home page. Before, it
   * yielded nothing, and the SKU's price went missing from a run that looked clean.
   */
  async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const data = res.structuredData(this.structured);
    if (!data.product && data.products.length > 1) return;
    yield productItem(res, this.structured, data.product) ?? { sku: res.url, url: res.url, price: null, priceRefusal: 'price/not-found' };
  }
}
