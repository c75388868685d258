// A shop whose pages show a currency sign that several currencies share ("$", "¥", "kr") or that names none we know
// (`priceCurrency: "AUD$"`), crawled with `pipeline.defaultCurrency: EUR`: the default must never stand in for a currency
// the page rules out. Before, the page reader left those prices without a currency and the price-coercion stage filled
// in the project's default, so "¥199" was stored as 199 EUR, "$24.99" as 24.99 EUR and "299 kr" as 299 EUR.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../support/fixture-server';
import { productPage as page, productPageShop, ProductPageSpider } from '../support/product-page-shop';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const ld = (node: object) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Thing', ...node })}</script>`;

/** sku → page; what each must become is in the test. */
const PAGES: Record<string, string> = {
  YEN: page('en', '', '<p class="price">¥199</p>'),
  DOLLAR: page('en', '', '<p class="price">$24.99</p>'),
  KRONER: page('en', '', '<p class="price">299 kr</p>'),
  'AUD-DOLLAR': page('en', ld({ sku: 'AUD-DOLLAR', offers: { '@type': 'Offer', price: '24.99', priceCurrency: 'AUD$' } }), ''),
  'DOLLAR-NAMED': page('en', ld({ sku: 'DOLLAR-NAMED', offers: { '@type': 'Offer', price: '24.99', priceCurrency: 'CAD' } }), '<p class="price">$24.99</p>'),
  'EURO-SIGN': page('en', '', '<p class="price">24,99 €</p>'),
  'DOLLAR-CA': page('en-CA', '', '<p class="price">$24.99</p>'),
  'BARE-NUMBER': page('en', ld({ sku: 'BARE-NUMBER', offers: { '@type': 'Offer', price: '24.99' } }), ''),
};

describe('a shared currency sign nothing on the page resolves, under a project default currency', { timeout: 60_000 }, () => {
  let server: FixtureServer;
  let urls: () => string[];
  const storage = tempStorageDir('open-currency');
  beforeAll(async () => {
    ({ server, urls } = await productPageShop(PAGES));
  });
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('drops them as price/currency-unknown instead of storing them in the default; stores the determined ones', async () => {
    const spider = new ProductPageSpider('open-sign', urls());
    const { summary, items } = await crawlInProcess(spider, storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false }, pipeline: { defaultCurrency: 'EUR' } });
    expect(items.map((item) => `${item.sku} ${item.price} ${item.currency}`).sort()).toEqual([
      'BARE-NUMBER 24.99 EUR',
      'DOLLAR-CA 24.99 CAD',
      'DOLLAR-NAMED 24.99 CAD',
      'EURO-SIGN 24.99 EUR',
    ]);
    expect(summary.items.dropped).toEqual({ 'price/currency-unknown': 4 });
    // No stored row keeps the reader's open codes: they only decide whether the default may stand in.
    for (const item of items) expect(item.data).not.toHaveProperty('currencyCandidates');
  });
});
