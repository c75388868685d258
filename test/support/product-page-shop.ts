// A loopback shop of product pages by SKU (`/p/:sku`) and the spider that reads them as a price spider does: each whole page
// through productItem, or, for SKUs starting with TEXT-, the `.price` element's text as shown.
import { productItem } from '../../src/items/product-item';
import { Spider, type CrawlResponse, type SpiderOutput } from '../../src/index';
import { FixtureServer } from './fixture-server';

/** A whole page with its `<html lang>`, what goes in its head (JSON-LD) and its main content. */
export const productPage = (lang: string, head: string, body: string): string =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Thing</title>${head}</head><body><main><h1>Thing</h1>${body}</main></body></html>`;

/** Serves `pages` (sku → HTML) at `/p/<sku>`. */
export async function productPageShop(pages: Readonly<Record<string, string>>): Promise<{ server: FixtureServer; urls: () => string[] }> {
  const server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/p/:sku', (_req, res, { params }) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages[params.sku]));
  return { server, urls: () => Object.keys(pages).map((sku) => server.url(`/p/${sku}`)) };
}

/** Reads each page of a productPageShop; `textCurrency` is the currency a TEXT- page's item names (none when it returns undefined). */
export class ProductPageSpider extends Spider {
  constructor(
    readonly name: string,
    urls: readonly string[],
    private readonly textCurrency: (sku: string) => string | undefined = () => undefined,
  ) {
    super();
    this.startUrls = [...urls];
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const sku = new URL(res.url).pathname.split('/').pop()!;
    if (sku.startsWith('TEXT-')) {
      const currency = this.textCurrency(sku);
      yield { sku, price: res.$('.price').first().text(), url: res.url, ...(currency ? { currency } : {}) };
      return;
    }
    const item = productItem(res);
    if (item) yield { ...item, sku };
  }
}
