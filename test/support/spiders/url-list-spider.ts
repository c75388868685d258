// Test spider: fetches the given URLs and yields one priced item per page, keyed by the URL path.
import { Spider, type CrawlResponse, type PriceItem, type SpiderOutput } from 'pricecrawl';

export class UrlListSpider extends Spider {
  readonly name = 'url-list';

  constructor(urls: readonly string[]) {
    super();
    this.startUrls = [...urls];
  }

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const url = new URL(res.url);
    const item: PriceItem = { sku: `${url.host}${url.pathname}`, price: '9.99', currency: 'USD', url: res.url };
    yield item;
  }
}

/** The same, every page loaded by Chromium and kept inside `allowedDomains`. */
export class BrowserUrlListSpider extends UrlListSpider {
  override readonly fetchMode = 'browser' as const;
  constructor(
    urls: readonly string[],
    override readonly allowedDomains: string[],
  ) {
    super(urls);
  }
}
