// Spider for the demo microdata home & garden shop: home → categories → paged listings → microdata products.
import type { PriceItem } from '../src/core/item';
import type { JsonObject } from '../src/core/json';
import type { CrawlResponse } from '../src/core/response';
import type { SpiderOutput } from '../src/core/spider';
import { schemaEnumName } from './support/json-ld';
import { cleanText, firstText } from './support/page-text';
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

  /** A product page: the main Product item scope only; related products carry their own prices. */
  async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const $ = res.$;
    const product = $('main [itemscope][itemtype$="schema.org/Product"]').first();
    const offer = product.find('[itemprop="offers"]').first();
    const priceElement = offer.find('[itemprop="price"]').first();
    // A catalog recrawl (`--due`) comes without listing meta: the breadcrumb names the category too.
    const category = (res.request.meta as Partial<MicrodataProductMeta>).category ?? categoryOf($('.hf-crumbs a[href^="/c/"]').attr('href') ?? '');
    const item: PriceItem = {
      sku: product.find('[itemprop="sku"]').attr('content') ?? res.url,
      name: firstText(product.find('[itemprop="name"]')) ?? undefined,
      // `content` holds the machine-readable price; the visible text is the fallback.
      price: cleanText(priceElement.attr('content')) ?? firstText(priceElement),
      currency: cleanText(offer.find('[itemprop="priceCurrency"]').attr('content')),
      url: res.url,
      brand: firstText(product.find('[itemprop="brand"] [itemprop="name"]')),
      category,
      availability: schemaEnumName(offer.find('[itemprop="availability"]').attr('href')),
      listPrice: firstText(offer.find('.hf-was__price')),
    };
    yield item;
  }
}
