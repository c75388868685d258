// A loopback shop crawled through the whole pipeline whose themes say with their own <style> sheets which price is struck
// or hidden, and put other prices beside the product's: a compound rule striking the named "was" price, a hidden price
// template, a mini-bag's total, a bundle under a heading set in a wrapper. Before, three stored a wrong number (the struck
// 100.00, the hidden 30.00, the bag's 120.00) and the bundle page was refused as ambiguous; an old price in a holder whose
// class word no list holds (`price--full`), beside the unnamed sale price in the next line of its block, was stored as the price,
// and so was a closed quick-view <dialog>'s 120.00, and a named price a linked sheet (never fetched) strikes;
// a definition list's "RRP" term was never read as its value's label (refused).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../support/fixture-server';
import { productPage as page, productPageShop, ProductPageSpider } from '../support/product-page-shop';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const style = (css: string) => `<style>${css}</style>`;

/** sku → page; the spider reads each whole page through productItem. */
const PAGES: Record<string, string> = {
  'STRUCK-COMPOUND': page('en-US', style('.c-price.is-muted{color:#767676;text-decoration:line-through}'),
    '<div class="pricing"><div><span class="c-price is-muted">$100.00</span></div><div><strong class="now">$80.00</strong></div></div>'),
  'HIDDEN-TEMPLATE': page('en-US', style('.js-price-template{display:none}'),
    '<div class="js-price-template"><span class="price">$30.00</span></div><div><b>$25.00</b></div>'),
  'SHOWN-AGAIN': page('en-US', style('.variant-price{display:none}.variant-price.is-active{display:block}'),
    '<div class="prices"><span class="price variant-price is-active">$25.00</span><span class="price variant-price">$30.00</span></div>'),
  'OLD-NAMED': page('en-US', '',
    '<div class="pricing"><div><span class="price price--full">$100.00</span></div><div><strong class="now">$80.00</strong></div></div>'),
  // The theme's linked sheet strikes `.c-price--muted`; the reader never fetches it, and the named 100.00 was stored.
  'LINKED-SHEET': page('en-US', '<link rel="stylesheet" href="/cdn/theme.css">',
    '<div class="p1"><div><span class="product-price c-price--muted">$100.00</span></div></div><div class="p2"><div><strong>$80.00</strong></div></div>'),
  // A definition list labels each value by its term: the dd's "RRP" was never read, and the page was refused.
  'DT-RRP': page('en-GB', '', '<dl class="prices"><dt>RRP</dt><dd>£40.00</dd><dt>Our price</dt><dd class="price">£30.00</dd></dl>'),
  'QUICK-VIEW': page('en-US', '',
    '<div class="product__info"><p>$45.00</p></div><dialog class="quick-add-modal"><div class="product__info"><p class="price">$120.00</p></div></dialog>'),
  'MINI-BAG': page('en-US', '',
    '<div class="pdp"><p class="pdp-cost">$45.00</p></div><div class="mini-bag" role="region"><span class="price">$120.00</span></div>'),
  'BUNDLE': page('en-US', '',
    '<div id="apex"><span class="a-price"><span class="a-offscreen">$19.99</span></span></div><div id="sims-fbt"><div class="a-section"><h2>Frequently bought together</h2></div><div class="a-row">Total price: <span class="a-price">$57.98</span></div><ul><li>Descaler <span class="a-price">$37.99</span></li></ul></div>'),
};

describe('theme style sheets and blocks beside the product, through a whole crawl', { timeout: 60_000 }, () => {
  let server: FixtureServer;
  let urls: () => string[];
  const storage = tempStorageDir('theme-styles');
  beforeAll(async () => {
    ({ server, urls } = await productPageShop(PAGES));
  });
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('stores the price a shopper sees and refuses the pages that leave two prices shown', async () => {
    const spider = new ProductPageSpider('theme-styles', urls());
    const { summary, items } = await crawlInProcess(spider, storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false } });
    expect(items.map((item) => `${item.sku} ${item.price} ${item.currency}`).sort()).toEqual([
      'BUNDLE 19.99 USD',
      'DT-RRP 30.00 GBP',
      'HIDDEN-TEMPLATE 25.00 USD',
      'MINI-BAG 45.00 USD',
      'QUICK-VIEW 45.00 USD',
      'STRUCK-COMPOUND 80.00 USD',
    ]);
    expect(summary.items.dropped).toEqual({ 'price/ambiguous': 3 });
    // The reader reads the page's bytes alone: no request for a sheet goes to the shop outside the crawl's slots.
    expect(server.requestsTo('/cdn/theme.css')).toEqual([]);
  });
});
