// Offers whose validity ended (priceValidUntil, validThrough) or has not begun (validFrom), crawled from a loopback shop
// through productItem as a price spider reads a page: a lapsed offer beside a current one is dropped, lapsed offers alone
// give no structured price (`price/expired`) and the page's visible price, what it shows now, stands if it shows one.
// Before, an ended sale's JSON-LD price was stored as current, and beside the regular offer made the page a range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../support/fixture-server';
import { productPage as page, productPageShop, ProductPageSpider } from '../support/product-page-shop';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const PAST = '2020-01-31';
const FUTURE = '2999-12-31';
const jsonLd = (offers: object | object[]) =>
  `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Thing', offers })}</script>`;
const offer = (price: string, validity: object = {}) => ({ '@type': 'Offer', price, priceCurrency: 'EUR', ...validity });

const PAGES: Record<string, string> = {
  // A sale that ended, alone in the data, on a page whose price its script fills in: nothing current to store.
  'ENDED-ALONE': page('de-DE', jsonLd(offer('14.99', { priceValidUntil: PAST })), '<p class="price"></p>'),
  'ENDED-THROUGH': page('de-DE', jsonLd(offer('14.99', { validThrough: `${PAST}T23:59:59+01:00` })), ''),
  'NOT-YET': page('de-DE', jsonLd(offer('14.99', { validFrom: FUTURE })), ''),
  // The ended sale's offer beside the regular one: the regular one is the price (was price/range).
  'ENDED-BESIDE': page('de-DE', jsonLd([offer('14.99', { priceValidUntil: PAST }), offer('19.99')]), ''),
  'ENDED-BESIDE-SHOWN': page('de-DE', jsonLd([offer('14.99', { priceValidUntil: PAST }), offer('19.99', { priceValidUntil: FUTURE })]), '<p class="price">19,99 €</p>'),
  // A date left stale in a theme while the page shows the same price: the page's price, from what it shows now.
  'STALE-DATE-SHOWN': page('de-DE', jsonLd(offer('19.99', { priceValidUntil: PAST })), '<p class="price">19,99 €</p>'),
  // The sale ended, the page shows the regular price again (was price/disagree: the data's 14.99 against the page's 19.99).
  'ENDED-PAGE-REGULAR': page('de-DE', jsonLd(offer('14.99', { priceValidUntil: PAST })), '<p class="price">19,99 €</p>'),
  'VALID': page('de-DE', jsonLd(offer('19.99', { priceValidUntil: FUTURE, validFrom: PAST })), ''),
  'UNREADABLE-DATE': page('de-DE', jsonLd(offer('19.99', { priceValidUntil: '31.01.2020' })), ''),
};

describe('offers in force when the page was fetched', { timeout: 90_000 }, () => {
  let server: FixtureServer;
  let urls: () => string[];
  const storage = tempStorageDir('offer-validity');
  beforeAll(async () => {
    ({ server, urls } = await productPageShop(PAGES));
  });
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('stores the current offer, the page\'s own price, or drops the page as price/expired', async () => {
    const { items, summary } = await crawlInProcess(new ProductPageSpider('validity', urls()), storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false } });
    expect(Object.fromEntries(items.map((item) => [item.sku, `${item.price} ${item.currency} ${item.data.source}`]))).toEqual({
      'ENDED-BESIDE': '19.99 EUR structured',
      'ENDED-BESIDE-SHOWN': '19.99 EUR structured',
      'STALE-DATE-SHOWN': '19.99 EUR visible',
      'ENDED-PAGE-REGULAR': '19.99 EUR visible',
      VALID: '19.99 EUR structured',
      'UNREADABLE-DATE': '19.99 EUR structured',
    });
    expect(summary.items.dropped).toEqual({ 'price/expired': 3 });
  });
});
