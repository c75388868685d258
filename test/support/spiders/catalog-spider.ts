// Test spider for the loopback catalog site: listings → products, price text as shown on the page.
import { CrawlRequest, Spider, type CrawlResponse, type PriceItem, type SpiderOutput } from 'pricecrawl';

interface ListingMeta {
  page: number;
  [key: string]: number;
}

export class CatalogSpider extends Spider {
  readonly name = 'catalog';
  override productCallback = 'parseProduct';

  constructor(args: Readonly<Record<string, string>> = {}) {
    super(args);
    this.startUrls = (args.startUrls ?? '').split(',').filter(Boolean);
    if (args.allowedDomains) this.allowedDomains = args.allowedDomains.split(',');
  }

  override async *start(): AsyncIterable<SpiderOutput> {
    for (const url of this.startUrls) yield this.request<ListingMeta>(url, 'parse', { page: 1 });
  }

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const { page } = res.request.meta as ListingMeta;
    for (const link of res.$('a.product').toArray()) yield res.follow(res.$(link).attr('href') ?? '', 'parseProduct');
    const next = res.$('a[rel=next]').attr('href');
    if (next) yield res.follow<ListingMeta>(next, 'parse', { page: page + 1 });
  }

  async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    // `-a failOn=P3` makes products whose URL contains it throw: a spider bug the run must survive.
    if (this.args.failOn && res.url.includes(this.args.failOn)) throw new Error(`spider bug on ${res.url}`);
    // `-a hangOn=P1`: the callback awaits a promise that never settles (a spider's own call that never answers).
    if (this.args.hangOn && res.url.includes(this.args.hangOn)) await new Promise<never>(() => undefined);
    const item: PriceItem = {
      sku: res.$('main[data-sku]').attr('data-sku') ?? res.url,
      price: res.$('.price').first().text() || null,
      currency: 'USD',
      url: res.url,
    };
    yield item;
  }

  /** The site's JSON feed serves a SKU whose product page keeps failing. */
  override fallbackRequest(sku: string, url: string): CrawlRequest {
    return new CrawlRequest({ url: new URL(`/feed/${encodeURIComponent(sku)}`, url).toString(), callback: 'parseFeed' });
  }

  async *parseFeed(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const feed = res.json() as { sku: string; price: string; currency: string };
    const item: PriceItem = { sku: feed.sku, price: feed.price, currency: feed.currency, url: res.url, source: 'fallback' };
    yield item;
  }
}
