// A loopback shop crawled through the whole pipeline whose pages put words beside or instead of the price: a B2B note that
// prices show after signing in (beside a JSON-LD placeholder), a MAP link, what a set is worth, a deal's counts, a delivery's
// kind. Before, each stored a wrong number: the placeholder 0.01 EUR, the advertised 999 USD, the worth 50, 2 EUR for "Buy 2",
// the 3.99 of "Standard delivery £3.99".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../support/fixture-server';
import { productPage as page, productPageShop, ProductPageSpider } from '../support/product-page-shop';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const placeholder = (price: string, currency: string) =>
  `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Thing', offers: { '@type': 'Offer', price, priceCurrency: currency } })}</script>`;

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

describe('words beside or instead of the price, through a whole crawl', { timeout: 60_000 }, () => {
  let server: FixtureServer;
  let urls: () => string[];
  const storage = tempStorageDir('words-around-price');
  beforeAll(async () => {
    ({ server, urls } = await productPageShop(PAGES));
  });
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('stores only the prices the pages determine and drops the others with their reasons', async () => {
    // A spider that takes the price box's text as shown, in its shop's currency, as many do.
    const spider = new ProductPageSpider('words-around-price', urls(), (sku) => (sku === 'TEXT-DELIVERY' ? 'GBP' : 'USD'));
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
