// Spider for the demo JS-rendered shop, in the browser: scrolls the listing to its end, prices from the rendered DOM.
import { scrollToEnd, type BrowserRequestOptions, type CrawlRequest, type CrawlResponse, type PriceItem, type SpiderOutput } from 'pricecrawl';
import type { Page } from 'playwright-core';
import { cleanText, firstText } from './support/page-text';
import { DemoShopSpider } from './support/demo-shop-spider';

/** The listing's script keeps its API's next-page token on <body data-next-cursor> ('' once at the end). */
const readNextCursor = (page: Page) => page.getAttribute('body', 'data-next-cursor') as Promise<string | null | undefined>;
/** The price is written by a script after its own API call: wait until it is there. */
const PRODUCT: BrowserRequestOptions = { waitFor: { selector: '.price[data-ready]' } };

export class DemoJsShopSpider extends DemoShopSpider {
  readonly name = 'demo-js';
  override productCallback = 'parseProduct';
  override fetchMode = 'browser' as const;
  protected readonly entryPath = '/';

  /**
   * The listing loads 8 products per API call as it is scrolled: scroll it to its end in the live page,
   * then follow every product link. Anything but the API's own end (a cap, a stalled feed, a looping
   * cursor) fails the listing with that reason after following what was found.
   */
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const listing = await scrollToEnd(res.page, { itemSelector: 'a.product', readCursor: readNextCursor, maxSteps: 500 });
    for (const href of listing.items) yield res.follow(href, 'parseProduct', {}, { browser: PRODUCT });
    if (listing.reason !== 'pagination/end') throw new Error(`listing ${res.url} stopped by ${listing.reason} after ${listing.steps} steps`);
  }

  /** A catalog recrawl of a product page needs the same wait as one found on a listing. */
  override catalogRequest(_sku: string, url: string): CrawlRequest {
    return this.request(url, 'parseProduct', {}, { browser: PRODUCT });
  }

  /** A product page after its script ran: the price is in the DOM now. */
  async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const $ = res.$;
    const price = $('.price').first();
    const item: PriceItem = {
      sku: $('article.product').attr('data-sku') ?? res.url,
      name: firstText($('article.product h1')) ?? undefined,
      price: firstText(price),
      currency: cleanText(price.attr('data-currency')),
      url: res.url,
      listPrice: firstText($('.was')),
      source: 'visible',
    };
    yield item;
  }
}
