// A loopback shop crawled through the whole pipeline whose structured data a script-filled page relies on: a theme's url-less
// microdata without the sku beside an app's url-less JSON-LD with it, and a priceCurrency in market data's pence ("GBp").
// Before, the two blocks made two rival products and the page no item at all (no price, no reason), and 1299 pence were
// stored as 1299.00 GBP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../support/fixture-server';
import { productPage as page, productPageShop, ProductPageSpider } from '../support/product-page-shop';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const ld = (node: object) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Thing', ...node })}</script>`;
const microdata = (price: string) =>
  `<div itemscope itemtype="https://schema.org/Product"><meta itemprop="name" content="Thing"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="${price}"><meta itemprop="priceCurrency" content="USD"></div></div>`;
/** Where a script writes the price: nothing to read on the page itself. */
const scripted = '<div class="product-price" data-js-price></div>';

/** sku → page; what each must become is in the test. */
const PAGES: Record<string, string> = {
  'BLOCKS-AGREE': page('en-US', ld({ sku: 'BLOCKS-AGREE', offers: { '@type': 'Offer', price: '80.00', priceCurrency: 'USD' } }), scripted + microdata('80.00')),
  'BLOCKS-DIFFER': page('en-US', ld({ sku: 'BLOCKS-DIFFER', offers: { '@type': 'Offer', price: '80.00', priceCurrency: 'USD' } }), scripted + microdata('100.00')),
  PENCE: page('en-GB', ld({ sku: 'PENCE', offers: { '@type': 'Offer', price: '1299', priceCurrency: 'GBp' } }), scripted),
  POUNDS: page('en-GB', ld({ sku: 'POUNDS', offers: { '@type': 'Offer', price: '12.99', priceCurrency: 'gbp' } }), scripted),
};

describe('structured data alone prices a script-filled page, through a whole crawl', { timeout: 60_000 }, () => {
  let server: FixtureServer;
  let urls: () => string[];
  const storage = tempStorageDir('structured-blocks');
  beforeAll(async () => {
    ({ server, urls } = await productPageShop(PAGES));
  });
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('stores the price two descriptions of one product agree on, refuses them when they differ, and never reads pence as pounds', async () => {
    const spider = new ProductPageSpider('structured-blocks', urls());
    const { summary, items } = await crawlInProcess(spider, storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false }, pipeline: { defaultCurrency: 'GBP' } });
    expect(items.map((item) => `${item.sku} ${item.price} ${item.currency}`).sort()).toEqual(['BLOCKS-AGREE 80.00 USD', 'POUNDS 12.99 GBP']);
    expect(summary.items.dropped).toEqual({ 'price/ambiguous': 1, 'price/currency-unknown': 1 });
  });
});
