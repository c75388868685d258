// Spider for the demo German shop (windows-1252, <base href>): prices only as visible "1.234,56 €" text.
import type { CrawlResponse, JsonObject, PriceItem, SpiderOutput } from 'pricecrawl';
import { firstText } from './support/page-text';
import { DemoShopSpider } from './support/demo-shop-spider';

/** Meta of a listing page ("Alle Artikel", `?seite=N`). */
export interface LocaleListingMeta extends JsonObject {
  page: number;
}

/** Meta of an article page. */
export interface LocaleProductMeta extends JsonObject {
  listingPage: number;
}

export class DemoLocaleShopSpider extends DemoShopSpider {
  readonly name = 'demo-locale';
  override productCallback = 'parseProduct';
  protected readonly entryPath = '/shop/liste/alle';
  protected override readonly entryMeta: LocaleListingMeta = { page: 1 };

  /** A listing page; its links are relative to <base href>, which `follow` honours. */
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const { page } = res.request.meta as LocaleListingMeta;
    for (const link of res.$('a.kl-artikel__link').toArray()) {
      const href = res.$(link).attr('href');
      if (href) yield res.follow<LocaleProductMeta>(href, 'parseProduct', { listingPage: page });
    }
    const next = res.$('a.kl-blaettern__weiter').attr('href');
    if (next) yield res.follow<LocaleListingMeta>(next, 'parse', { page: page + 1 });
  }

  /**
   * An article page. A page without the price element still yields its item with `price: null`:
   * the pipeline drops it with a reason and counts it, so silent template drift raises the alarm.
   */
  async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const $ = res.$;
    const skuText = firstText($('.artikelnummer'));
    const item: PriceItem = {
      sku: skuText?.replace(/^Art\.-Nr\.:\s*/, '') ?? res.url,
      name: firstText($('h1.kl-produkt__name')) ?? undefined,
      // The currency stays unset: the markup has only the "€" sign, which the pipeline resolves.
      price: firstText($('.preisbox .preis')),
      url: res.url,
      brand: firstText($('.marke')),
      listPrice: firstText($('.preisbox .uvp')),
      source: 'visible',
    };
    yield item;
  }
}
