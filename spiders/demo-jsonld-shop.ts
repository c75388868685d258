// Spider for the demo JSON-LD electronics shop: follows "next" listing pages, reads Product/Offer JSON-LD.
import { structuredItem, type CrawlResponse, type JsonObject, type PriceItem, type SpiderOutput } from 'pricecrawl';
import { firstText } from './support/page-text';
import { DemoShopSpider } from './support/demo-shop-spider';

/** Meta of a listing page request. */
export interface JsonLdListingMeta extends JsonObject {
  page: number;
}

/** Meta of a product page request: where it was found, for tracing drift back to a listing. */
export interface JsonLdProductMeta extends JsonObject {
  listingPage: number;
}

export class DemoJsonLdShopSpider extends DemoShopSpider {
  readonly name: string = 'demo-jsonld';
  override productCallback = 'parseProduct';
  protected readonly entryPath = '/products';
  protected override readonly entryMeta: JsonLdListingMeta = { page: 1 };

  /** A listing page: every product card, then the rel="next" page if there is one. */
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const { page } = res.request.meta as JsonLdListingMeta;
    for (const link of res.$('a.nw-card__link').toArray()) {
      const href = res.$(link).attr('href');
      if (href) yield res.follow<JsonLdProductMeta>(href, 'parseProduct', { listingPage: page });
    }
    const next = res.$('a[rel="next"]').attr('href');
    if (next) yield res.follow<JsonLdListingMeta>(next, 'parse', { page: page + 1 });
  }

  /** A product page: its own JSON-LD product (exact Decimal prices); the visible price when it has none. */
  async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const product = res.structuredProduct();
    const item: PriceItem = product
      ? structuredItem(product, res.url)
      : { sku: res.$('main[data-sku]').attr('data-sku') ?? res.url, name: firstText(res.$('h1')) ?? undefined, price: firstText(res.$('.price__current')), url: res.url, listPrice: firstText(res.$('.price__was')), source: 'visible' };
    yield item;
  }
}
