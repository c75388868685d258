// Test spider: one item per given URL (`-a urls=a,b`) with the `.price` text as shown, so a page cut on the wire would show as a wrong price; `-a currency=JPY` names the currency (USD by default), a `data-currency` on the element that page's.
import { Spider, type CrawlResponse, type PriceItem, type SpiderOutput } from 'pricecrawl';

export class PriceTextSpider extends Spider {
  readonly name = 'price-text';

  constructor(args: Readonly<Record<string, string>> = {}) {
    super(args);
    this.startUrls = (args.urls ?? '').split(',').filter(Boolean);
  }

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const price = res.$('.price').first();
    const item: PriceItem = { sku: new URL(res.url).pathname, price: price.text() || null, currency: price.attr('data-currency') ?? this.args.currency ?? 'USD', url: res.url };
    yield item;
  }
}
