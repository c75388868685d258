// Shopify's product JSON (data-product-json, #ProductJson-…) read from a loopback shop through productItem: amounts in hundredths
// whatever the currency (¥1,000 is 100000), one offer per variant at its ?variant= URL, the compare-at price struck. Before, a
// page whose price its script fills in gave OpenGraph's og:price:amount, Shopify's product.price (the cheapest variant's), as
// the price of a ?variant= page showing a dearer one; the JSON was not read at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../support/fixture-server';
import { htmlResponse } from '../support/html-response';
import { productPage as page, productPageShop, ProductPageSpider } from '../support/product-page-shop';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

type Variant = { id: number; price: number | string; compare_at_price?: number | null; available?: boolean };
/** A theme's head (Shopify's currency script, OpenGraph from product.price) and its product JSON; the price box left to the script. */
const shopify = (currency: string | null, ogAmount: string, variants: Variant[], attribute = 'data-product-json') =>
  page('en', `${currency ? `<script>var Shopify = Shopify || {};\nShopify.currency = {"active":"${currency}","rate":"1.0"};</script>` : ''}<meta property="og:price:amount" content="${ogAmount}">`,
    `<script type="application/json" ${attribute}>${JSON.stringify({ id: 7, title: 'Thing', handle: 'thing', variants })}</script><div class="price" data-product-price></div>`);

const TWO_SIZES: Variant[] = [{ id: 11, price: 1999, available: true }, { id: 22, price: 2499, compare_at_price: 2999, available: true }];
const PAGES: Record<string, string> = {
  'VARIANT-22': shopify('USD', '19.99', TWO_SIZES),
  'VARIANT-11': shopify('USD', '19.99', TWO_SIZES, 'id="ProductJson-product-template"'),
  'NO-VARIANT': shopify('USD', '19.99', TWO_SIZES),
  'ONE-VARIANT': shopify('EUR', '19,99', [{ id: 11, price: 1999, compare_at_price: 1999 }]),
  YEN: shopify('JPY', '1,000', [{ id: 11, price: 100000 }]),
  'YEN-FRACTION': shopify('JPY', '1,000', [{ id: 11, price: 100050 }]),
  DINAR: shopify('KWD', '', [{ id: 11, price: 1500 }]),
  'NO-CURRENCY': shopify(null, '', [{ id: 11, price: 1999 }]),
  'PRE-DIVIDED': shopify('USD', '', [{ id: 11, price: '19.99' }]),
};
const path = (sku: string) => ({ 'VARIANT-22': `/p/${sku}?variant=22`, 'VARIANT-11': `/p/${sku}?variant=11` })[sku] ?? `/p/${sku}`;

describe('Shopify product JSON through a whole crawl', { timeout: 90_000 }, () => {
  let server: FixtureServer;
  const storage = tempStorageDir('shopify-json');
  beforeAll(async () => {
    ({ server } = await productPageShop(PAGES));
  });
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('stores the page\'s variant in the shop\'s currency, reads hundredths as Shopify writes them, refuses what it cannot know', async () => {
    const urls = Object.keys(PAGES).map((sku) => server.url(path(sku)));
    const { items, summary } = await crawlInProcess(new ProductPageSpider('shopify-json', urls), storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false } });
    expect(Object.fromEntries(items.map((item) => [item.sku, `${item.price} ${item.currency} list ${item.data.listPrice}`]))).toEqual({
      'VARIANT-22': '24.99 USD list 29.99',
      'VARIANT-11': '19.99 USD list null',
      'ONE-VARIANT': '19.99 EUR list null',
      YEN: '1000 JPY list null',
    });
    // NO-VARIANT: two prices and no page to pick one; YEN-FRACTION: ¥1,000.50, no yen has; PRE-DIVIDED: no hundredths.
    // DINAR and NO-CURRENCY give no product at all (their JSON is skipped, below), so the spider yields nothing.
    expect(summary.items.dropped).toEqual({ 'price/range': 1, 'price/ambiguous': 1, 'price/not-found': 1 });
  });

  // Two url-less products and a heading naming neither gave no product at all before: the handle says which is the page's.
  it('a featured product\'s JSON (another handle) is never the page\'s product, whichever comes first', () => {
    const featured = `<script type="application/json" id="ProductJson-featured">${JSON.stringify({ title: 'Gift card', handle: 'gift-card', variants: [{ id: 5, price: 500 }] })}</script>`;
    const own = `<script type="application/json" id="ProductJson-product-template">${JSON.stringify({ title: 'Thing', handle: 'thing', variants: [{ id: 11, price: 1999 }] })}</script>`;
    const html = page('en', '<script>Shopify.currency = {"active":"USD","rate":"1.0"};</script>', `${featured}${own}`).replace(/Thing<\/(h1|title)>/g, 'Black edition</$1>');
    const product = htmlResponse(html, {}, 'https://shop.example/products/thing').structuredProduct();
    expect([product?.name, product?.price?.toFixed(2), product?.currency]).toEqual(['Thing', '19.99', 'USD']);
  });

  it('skips the JSON with a reason where the currency, or its hundredths, are unknown', () => {
    const skipped = (sku: string) => htmlResponse(PAGES[sku], {}, `https://shop.example${path(sku)}`).structuredData().skipped.map((block) => `${block.syntax} ${block.reason}`);
    expect([skipped('DINAR'), skipped('NO-CURRENCY'), skipped('YEN')]).toEqual([['shopify shopify/minor-unit-unknown'], ['shopify shopify/currency-unknown'], []]);
  });
});
