// Test spider for the seeded fault shop (fault-site.ts): listings → products, products → related products.
import { Spider, type CrawlResponse, type PriceItem, type SpiderOutput } from 'pricecrawl';

/**
 * `-a origins=<o1>,<o2>`: one shop per origin; `-a seeded=<paths of o1 joined by |>,<of o2>,...`: product
 * paths start() yields besides each shop's first listing (a seeding phase long enough to be killed in).
 */
export class FaultSpider extends Spider {
  readonly name = 'faults';
  override productCallback = 'parseProduct';

  override async *start(): AsyncIterable<SpiderOutput> {
    const origins = (this.args.origins ?? '').split(',').filter(Boolean);
    const seeded = (this.args.seeded ?? '').split(',');
    for (const [h, origin] of origins.entries()) {
      yield this.request(new URL('/list/0', origin).href, 'parse');
      for (const path of (seeded[h] ?? '').split('|').filter(Boolean)) yield this.request(new URL(path, origin).href, 'parseProduct');
    }
  }

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    for (const link of res.$('a.product').toArray()) yield res.follow(res.$(link).attr('href') ?? '', 'parseProduct');
    const next = res.$('a.listing').attr('href');
    if (next) yield res.follow(next, 'parse');
  }

  async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    // No fallbacks: a page without the product's markup (a wall, half a page) must give no item at all.
    const main = res.$('main[data-sku]');
    yield { sku: main.attr('data-sku') ?? '', price: main.find('.price').text() || null, currency: 'USD', url: res.url } satisfies PriceItem;
    for (const link of res.$('aside a.product').toArray()) yield res.follow(res.$(link).attr('href') ?? '', 'parseProduct');
  }
}
