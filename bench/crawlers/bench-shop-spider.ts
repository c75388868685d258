// The pricecrawl spider for the bench site: listings lead to products, each product page yields one price item.
import { CrawlRequest } from '../../src/core/request';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';

/** Links every crawler in the bench follows: the same pages, so pages/s compare like with like. */
export const LISTING_LINKS = 'a.category-link, a.product-card__link, a[rel=next]';

export class BenchShopSpider extends Spider {
  readonly name = 'bench-shop';

  constructor(seeds: string[]) {
    super();
    this.startUrls = seeds;
  }

  override async *parse(response: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const $ = response.$;
    for (const link of $(LISTING_LINKS).toArray()) {
      const href = $(link).attr('href');
      if (!href) continue;
      const isProduct = href.startsWith('/p/');
      yield response.follow(href, isProduct ? 'parseProduct' : 'parse');
    }
  }

  async *parseProduct(response: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const $ = response.$;
    yield {
      sku: $('[itemprop=sku]').first().text().trim(),
      name: $('h1[itemprop=name]').first().text().trim(),
      price: $('.price-now').first().text().trim(),
      currency: $('meta[itemprop=priceCurrency]').attr('content') ?? null,
      url: response.url,
    };
  }
}

/** Memory scenario: a million requests to tiny pages, spread over the hosts; `onSeeded` fires after the last yield. */
export class TinyFloodSpider extends Spider {
  readonly name = 'bench-tiny';

  constructor(
    private readonly seeds: string[],
    private readonly count: number,
    private readonly onSeeded: () => void,
  ) {
    super();
  }

  override async *start(): AsyncIterable<SpiderOutput> {
    for (let i = 0; i < this.count; i++) {
      yield new CrawlRequest({ url: `${this.seeds[i % this.seeds.length]}t/${i}`, callback: 'parseTiny' });
    }
    this.onSeeded();
  }

  // eslint-disable-next-line require-yield
  async *parseTiny(): AsyncGenerator<SpiderOutput> {
    // The page is only fetched: the scenario measures the crawler's bookkeeping, not extraction.
  }
}
