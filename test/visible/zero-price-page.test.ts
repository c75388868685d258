// Product pages showing a placeholder zero: the item carries the refusal `price/zero` instead of vanishing or reading free.
import { describe, expect, it } from 'vitest';
import type { PriceItem } from '../../src/core/item';
import { productItem } from '../../src/items/product-item';
import { htmlResponse } from '../support/html-response';

const page = (lang: string, body: string) => `<!doctype html><html lang="${lang}"><head><title>p</title></head><body><main>${body}</main></body></html>`;
const jsonLd = (price: string | number, currency: string) =>
  `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle', sku: 'K1', offers: { '@type': 'Offer', price, priceCurrency: currency } })}</script>`;
const microdata = (price: string, currency: string) =>
  `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Kettle</h1><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="${price}"><meta itemprop="priceCurrency" content="${currency}"><span class="price">${currency === 'EUR' ? '0,00 €' : '$0.00'}</span></div></div>`;

const read = (html: string, defaultCurrency?: string): PriceItem | null => productItem(htmlResponse(html), defaultCurrency ? { defaultCurrency } : {});
const outcome = (item: PriceItem | null) => (item === null ? 'no item' : item.price === null ? item.priceRefusal : `${String(item.price)} ${item.currency}`);

describe('a placeholder zero on a product page', () => {
  it.each([
    ['German shop, out of stock', page('de-DE', '<h1>Wasserkocher</h1><div class="product-price"><span class="price">0,00 €</span></div><p>Derzeit nicht verfügbar</p>')],
    ['Magento before its script fills the price', page('en-US', '<h1>Kettle</h1><div class="product-info-main"><span class="price-container"><span data-price-amount="0" data-price-type="finalPrice" class="price-wrapper"><span class="price">$0.00</span></span></span></div>')],
    ['WooCommerce with no price set', page('en-GB', '<h1>Kettle</h1><p class="price"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">£</span>0.00</bdi></span></p>')],
    ['Swedish kronor', page('sv-SE', '<h1>Vattenkokare</h1><span class="price">0 kr</span>')],
    ['yen', page('ja-JP', '<h1>電気ケトル</h1><span class="price">¥0</span>')],
    ['reais', page('pt-BR', '<h1>Chaleira</h1><span class="preco price">R$ 0,00</span>')],
    ['a data-price of zero', page('de-DE', '<h1>Wasserkocher</h1><span class="price" data-price="0">0,00 €</span>')],
    ['JSON-LD 0 beside the shown 0,00 €', page('de-DE', `${jsonLd('0.00', 'EUR')}<h1>Kettle</h1><span class="price">0,00 €</span>`)],
    ['JSON-LD numeric 0 beside $0.00', page('en-US', `${jsonLd(0, 'USD')}<h1>Kettle</h1><span class="price">$0.00</span>`)],
    ['microdata 0 beside its own zero', page('en-US', microdata('0', 'USD'))],
  ])('%s: refused as price/zero, never stored as 0 nor lost', (_name, html) => {
    const item = read(html, 'EUR');
    expect(outcome(item)).toBe('price/zero');
    expect(item?.source).toBeUndefined();
  });

  it('never reads a negative amount as the price: alone on the page it is a saving, and no price is found', () => {
    expect(outcome(read(page('de-DE', '<h1>Gutschein</h1><span class="price">-5,00 €</span>')))).toBe('no item');
  });

  it('keeps the structured price when the page shows a zero only until its script runs', () => {
    const item = read(page('en-US', `${jsonLd('19.99', 'USD')}<h1>Kettle</h1><div class="product-info-main"><span class="price">$0.00</span></div>`));
    expect(outcome(item)).toBe('19.99 USD');
  });

  it('reads the real price beside zeros that are no price: free shipping, 0% APR, 0 reviews, €0 down', () => {
    const html = page('en-US', '<h1>Kettle</h1><div class="price-box"><span class="price">$24.99</span></div><div class="financing"><p>0% APR for 12 months</p><p>$0 down</p></div><div class="perks"><p>Free shipping</p><p>Free gift with every order</p></div><div class="reviews">0 reviews</div>');
    expect(outcome(read(html))).toBe('24.99 USD');
  });

  it('reads a price that is a real one of a few cents', () => {
    expect(outcome(read(page('de-DE', '<h1>Tüte</h1><span class="price">0,05 €</span>')))).toBe('0.05 EUR');
  });

  it('leaves a page that calls the product free as before (no placeholder reason)', () => {
    expect(outcome(read(page('de-DE', '<h1>Katalog</h1><span class="price">Kostenlos</span>')))).toBe('no item');
  });
});
