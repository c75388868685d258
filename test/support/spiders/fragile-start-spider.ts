// Test spider that cannot start: it requires `-a shop=<origin>`; after one seed `-a failStart=1` makes start() throw, `-a stallStart=1` never lets it return (a seeder cut off mid-start once it is killed); `-a secondSeed=1` seeds /p/2 after that.
import { Spider, type CrawlResponse, type SpiderOutput } from 'pricecrawl';

export class FragileStartSpider extends Spider {
  readonly name = 'fragile-start';

  constructor(args: Readonly<Record<string, string>> = {}) {
    super(args);
    if (!args.shop) throw new Error('missing required argument: -a shop=<origin>');
  }

  override async *start(): AsyncIterable<SpiderOutput> {
    yield this.request(`${this.args.shop}/p/1`, 'parse');
    if (this.args.failStart) throw new Error('the sitemap index could not be parsed');
    if (this.args.stallStart) await new Promise<never>(() => undefined);
    if (this.args.secondSeed) yield this.request(`${this.args.shop}/p/2`, 'parse');
  }

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: res.url, price: '1.00', currency: 'USD', url: res.url };
  }
}
