// Test spider with the mistakes newcomers make: a misspelt callback name, a start URL outside allowedDomains.
import { Spider, type CrawlResponse, type SpiderOutput } from 'pricecrawl';

export class MistakeSpider extends Spider {
  readonly name = 'mistake';

  constructor(args: Readonly<Record<string, string>> = {}) {
    super(args);
    this.startUrls = (args.startUrls ?? '').split(',').filter(Boolean);
    this.allowedDomains = (args.allowedDomains ?? '').split(',').filter(Boolean);
  }

  /** Follows the first product link with a misspelt callback: "parseProdcut" instead of "parseProduct". */
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const href = res.$('a.product').first().attr('href');
    if (href) yield res.follow(href, 'parseProdcut');
  }

  async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: res.url, price: res.$('.price').first().text() || null, currency: 'USD', url: res.url };
  }
}
