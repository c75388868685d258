// Grouped products and tier tables crawled from a loopback shop through productItem, as a price spider reads a page: a
// WooCommerce grouped product is dropped as price/grouped (its cheapest child's 18.00 was stored), and a Shopware block-price
// table's rows are stored as the item's tiers beside the single piece's price (they were empty).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../support/fixture-server';
import { productPage as page, productPageShop, ProductPageSpider } from '../support/product-page-shop';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const jsonLd = (offers: object) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org/', '@type': 'Product', name: 'Thing', offers })}</script>`;
const child = (id: number, shown: string) => `<tr class="woocommerce-grouped-product-list-item"><td class="woocommerce-grouped-product-list-item__quantity"><input type="number" class="input-text qty text" name="quantity[${id}]" value="" min="0" /></td>
<td class="woocommerce-grouped-product-list-item__label"><a href="/p/child-${id}">Child ${id}</a></td><td class="woocommerce-grouped-product-list-item__price"><span class="woocommerce-Price-amount amount"><bdi>${shown}&nbsp;€</bdi></span></td></tr>`;
const grouped = (summary: string, rows: string) => `<p class="price">${summary}</p><form class="cart grouped_form" method="post"><table class="woocommerce-grouped-product-list group_table"><tbody>${rows}</tbody></table><button type="submit" name="add-to-cart" value="25">In den Warenkorb</button></form>`;
const row = (quantity: string, price: string) => `<tr class="product-block-prices-row" itemprop="offers" itemscope itemtype="https://schema.org/Offer"><th scope="row"><meta itemprop="priceCurrency" content="EUR" /><meta itemprop="price" content="${price}" /><div class="product-block-prices-quantity">${quantity}</div></th><td>${price.replace('.', ',')}&nbsp;€*</td></tr>`;
const shopware = `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Thing</span><div itemprop="offers" itemscope itemtype="http://schema.org/AggregateOffer"><meta itemprop="lowPrice" content="17.99"/><meta itemprop="highPrice" content="19.99"/><meta itemprop="priceCurrency" content="EUR"/><table><tbody>${row('Bis 9', '19.99')}${row('Ab 10', '17.99')}</tbody></table></div></div>`;

const PAGES: Record<string, string> = {
  'GROUPED-RANGE': page('de-DE', jsonLd({ '@type': 'Offer', price: '18.00', priceCurrency: 'EUR' }), grouped('18,00&nbsp;€ – 45,00&nbsp;€', child(26, '18,00') + child(27, '45,00'))),
  'GROUPED-ONE-PRICE': page('de-DE', jsonLd({ '@type': 'Offer', price: '18.00', priceCurrency: 'EUR' }), grouped('18,00&nbsp;€', child(26, '18,00') + child(28, '18,00'))),
  SIMPLE: page('de-DE', jsonLd({ '@type': 'Offer', price: '18.00', priceCurrency: 'EUR' }), '<p class="price">18,00&nbsp;€</p><form class="cart"><input type="number" name="quantity" value="1" /></form>'),
  TIERS: page('de-DE', '', shopware),
};

describe('grouped products and tier tables, crawled', { timeout: 90_000 }, () => {
  let server: FixtureServer;
  let urls: () => string[];
  const storage = tempStorageDir('grouped-tiers');
  beforeAll(async () => {
    ({ server, urls } = await productPageShop(PAGES));
  });
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('drops the grouped products as price/grouped and stores the tier table as tiers', async () => {
    const { items, summary } = await crawlInProcess(new ProductPageSpider('grouped', urls()), storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false } });
    expect(Object.fromEntries(items.map((item) => [item.sku, `${item.price} ${item.currency} ${item.data.source}`]))).toEqual({ SIMPLE: '18.00 EUR structured', TIERS: '19.99 EUR structured' });
    expect(items.find((item) => item.sku === 'TIERS')?.data.tiers).toEqual([{ minQuantity: 1, price: '19.99', forQuantity: 1, currency: 'EUR' }, { minQuantity: 10, price: '17.99', forQuantity: 1, currency: 'EUR' }]);
    expect(summary.items.dropped).toEqual({ 'price/grouped': 2 });
  });
});
