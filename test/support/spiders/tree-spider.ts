// Test spider for a link tree: one priced item per page, every link of the page followed with `followAll`.
import { Spider, type CrawlResponse, type PriceItem, type SpiderOutput } from 'pricecrawl';

export class TreeSpider extends Spider {
  readonly name = 'tree';

  constructor(args: Readonly<Record<string, string>> = {}) {
    super(args);
    this.startUrls = (args.startUrls ?? '').split(',').filter(Boolean);
  }

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    // A contact link first: it must be skipped, not end the callback before the item and the links.
    yield res.follow(res.$('a.contact').attr('href') ?? 'mailto:shop@example.test');
    const item: PriceItem = { sku: new URL(res.url).pathname, price: res.$('.price').first().text() || null, currency: 'USD', url: res.url };
    yield item;
    for (const request of res.followAll('a')) yield request;
  }
}
