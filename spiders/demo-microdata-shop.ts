// Spider for the demo microdata home & garden shop: home → categories → paged listings → microdata products.
import { structuredItem, type CrawlResponse, type JsonObject, type PriceItem, type SpiderOutput } from 'pricecrawl';
import { firstText } from './support/page-text';
import { DemoShopSpider } from './support/demo-shop-spider';

/** Meta of a category listing page. */
export interface MicrodataCategoryMeta extends JsonObject {
  category: string;
  page: number;
}

/** Meta of a product page: the category it was listed under. */
export interface MicrodataProductMeta extends JsonObject {
  category: string;
}

/** The category key of a listing URL ("/c/garden" → "garden"). */
function categoryOf(href: string): string {
  return /\/c\/([^/?#]+)/.exec(href)?.[1] ?? href;
}

export class DemoMicrodataShopSpider extends DemoShopSpider {
  readonly name = 'demo-microdata';
  override productCallback = 'parseProduct';
  protected readonly entryPath = '/';

  /** The home page: one request per department. */
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    for (const link of res.$('a.hf-department').toArray()) {
      const href = res.$(link).attr('href');
      if (href) yield res.follow<MicrodataCategoryMeta>(href, 'parseCategory', { category: categoryOf(href), page: 1 });
    }
  }

  /** A category page: its product tiles, then the next page (a query-only href such as "?page=2"). */
  async *parseCategory(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const { category, page } = res.request.meta as MicrodataCategoryMeta;
    for (const link of res.$('a.hf-tile__link').toArray()) {
      const href = res.$(link).attr('href');
      if (href) yield res.follow<MicrodataProductMeta>(href, 'parseProduct', { category });
    }
    const next = res.$('a.hf-pager__next').attr('href');
    if (next) yield res.follow<MicrodataCategoryMeta>(next, 'parseCategory', { category, page: page + 1 });
  }

  /** A product page: its own microdata Product; related products carry their own prices and are ignored. */
  async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const product = res.structuredProduct();
    // A catalog recrawl (`--due`) comes without listing meta: the breadcrumb names the category too.
    const category = (res.request.meta as Partial<MicrodataProductMeta>).category ?? categoryOf(res.$('.hf-crumbs a[href^="/c/"]').attr('href') ?? '');
    // The shop's was-price is visible text only, not in its microdata.
    const listPrice = firstText(res.$('.hf-was__price'));
    const item: PriceItem = product ? { ...structuredItem(product, res.url), category, listPrice } : { sku: res.url, price: null, url: res.url, category, listPrice };
    yield item;
  }
}
