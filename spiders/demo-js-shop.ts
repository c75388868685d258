// Spider for the demo JS-rendered shop, in the browser: reads the listing's cursor API, prices from the rendered DOM.
import type { BrowserRequestOptions } from '../src/core/browser-options';
import type { PriceItem } from '../src/core/item';
import type { CrawlRequest } from '../src/core/request';
import type { CrawlResponse } from '../src/core/response';
import type { SpiderOutput } from '../src/core/spider';
import { cleanText, firstText } from './support/page-text';
import { DemoShopSpider } from './support/demo-shop-spider';

/** What the shop's `/api/products` returns; the listing page's own script calls it. */
interface ProductsPage {
  items: Array<{ sku: string; name: string; url: string }>;
  nextCursor: string | null;
}

/** The listing renders from its API: read the API body the page fetched rather than the DOM. */
const LISTING: BrowserRequestOptions = { capture: ['/api/products'], waitFor: { response: '/api/products' } };
/** The price is written by a script after its own API call: wait until it is there. */
const PRODUCT: BrowserRequestOptions = { waitFor: { selector: '.price[data-ready]' } };

export class DemoJsShopSpider extends DemoShopSpider {
  readonly name = 'demo-js';
  override productCallback = 'parseProduct';
  override fetchMode = 'browser' as const;
  protected readonly entryPath = '/';
  protected override readonly entryInit = { browser: LISTING };

  /** A listing screen: its products, then the next screen by the API's cursor (the page's infinite scroll). */
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const page = res.capturedJson<ProductsPage>('/api/products');
    if (!page) throw new Error(`listing ${res.url} made no /api/products call`);
    for (const product of page.items) yield res.follow(product.url, 'parseProduct', {}, { browser: PRODUCT });
    if (page.nextCursor) yield res.follow(`/?cursor=${encodeURIComponent(page.nextCursor)}`, 'parse', {}, { browser: LISTING });
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
    };
    yield item;
  }
}
