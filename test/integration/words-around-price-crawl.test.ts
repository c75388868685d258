// A loopback shop crawled through the whole pipeline whose pages put words beside or instead of the price: a B2B note that
// prices show after signing in (beside a JSON-LD placeholder), a MAP link, what a set is worth, a deal's counts, a delivery's
// kind. Before, each stored a wrong number: the placeholder 0.01 EUR, the advertised 999 USD, the worth 50, 2 EUR for "Buy 2",
// the 3.99 of "Standard delivery £3.99".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productItem } from '../../src/items/product-item';
import { Spider, type CrawlResponse, type SpiderOutput } from '../../src/index';
import { FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const placeholder = (price: string, currency: string) =>
  `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Thing', offers: { '@type': 'Offer', price, priceCurrency: currency } })}</script>`;
const page = (lang: string, head: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Thing</title>${head}</head><body><main><h1>Thing</h1>${body}</main></body></html>`;

/** sku → page; the spider reads each whole page (productItem), or the `.price` text alone for the TEXT- pages. */
const PAGES: Record<string, string> = {
  'B2B-DE': page('de-DE', placeholder('0.01', 'EUR'), '<div class="product-price">Melden Sie sich an, um Preise zu sehen</div>'),
  'B2B-FR': page('fr-FR', placeholder('1.00', 'EUR'), '<div class="product-price">Veuillez vous <a href="/connexion">connecter</a> pour voir les prix</div>'),
  'MAP-US': page('en-US', placeholder('999.00', 'USD'), '<div class="product-price"><a href="#map">Why don\'t we show the price?</a></div>'),
  'MEMBER-NOTE': page('en-US', placeholder('89.00', 'USD'), '<p class="price">$89.00</p><p><a href="/login">Sign in for member prices</a></p>'),
  'TEXT-WORTH': page('en-US', '', '<p class="price">$50 value $29.00</p>'),
  'TEXT-SET': page('en-US', '', '<p class="price">$29.00 ($50 value)</p>'),
  'TEXT-BUY2': page('en-US', '', '<p class="price">Buy 2, save 10%</p>'),
  'TEXT-DELIVERY': page('en-GB', '', '<p class="price">Standard delivery £3.99</p>'),
};

class WordsSpider extends Spider {
  readonly name = 'words-around-price';
  constructor(urls: readonly string[]) {
    super();
    this.startUrls = [...urls];
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const sku = new URL(res.url).pathname.split('/').pop()!;
    // A spider that takes the price box's text as shown, in its shop's currency, as many do.
    if (sku.startsWith('TEXT-')) yield { sku, price: res.$('.price').first().text(), currency: sku === 'TEXT-DELIVERY' ? 'GBP' : 'USD', url: res.url };
    else {
      const item = productItem(res);
      if (item) yield { ...item, sku };
    }
  }
}

describe('words beside or instead of the price, through a whole crawl', { timeout: 60_000 }, () => {
  let server: FixtureServer;
  const storage = tempStorageDir('words-around-price');
  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/p/:sku', (_req, res, { params }) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGES[params.sku]));
  });
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('stores only the prices the pages determine and drops the others with their reasons', async () => {
    const spider = new WordsSpider(Object.keys(PAGES).map((sku) => server.url(`/p/${sku}`)));
    const { summary, items } = await crawlInProcess(spider, storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false } });
    expect(items.map((item) => `${item.sku} ${item.price} ${item.currency}`).sort()).toEqual(['MEMBER-NOTE 89.00 USD', 'TEXT-SET 29.00 USD']);
    expect(summary.items.dropped).toEqual({
      'price/login-required': 2,
      'price/in-cart': 1,
      'price/reference-only': 2,
      'price/not-a-price': 1,
    });
  });
});
