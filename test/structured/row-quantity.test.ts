// Quantity tiers whose count stands only in the row's text (Shopware 6's block-price table): never the price of one piece.
import { describe, expect, it } from 'vitest';
import { productItem } from '../../src/items/product-item';
import { htmlResponse } from '../support/html-response';

type Row = { quantity: string; price: string; shown: string };

/** Shopware 6's buy widget as its storefront templates write it: an AggregateOffer around one Offer per table row. */
function shopware(rows: Row[], cell: (quantity: string) => string) {
  const prices = rows.map((row) => row.price);
  const body = rows
    .map((row) => `<tr class="product-block-prices-row" itemprop="offers" itemscope itemtype="https://schema.org/Offer">
<th scope="row" class="product-block-prices-cell product-block-prices-cell-thin"><meta itemprop="priceCurrency" content="EUR" /><meta itemprop="price" content="${row.price}" /><link itemprop="availability" href="https://schema.org/InStock" />
${cell(row.quantity)}</th>
<td class="product-block-prices-cell"><div class="product-block-prices-cell-price">${row.shown}&nbsp;€*</div></td>
<td class="product-block-prices-cell product-block-prices-cell-thin">39,98&nbsp;€* / 1 Liter</td></tr>`)
    .join('\n');
  return `<html><body><div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Leinöl 0,5 l</h1>
<div itemprop="offers" itemscope itemtype="http://schema.org/AggregateOffer"><meta itemprop="url" content="https://shop.example/p/1"/>
<meta itemprop="lowPrice" content="${prices.at(-1)}"/><meta itemprop="highPrice" content="${prices[0]}"/><meta itemprop="offerCount" content="${rows.length}"/><meta itemprop="priceCurrency" content="EUR"/>
<div class="product-detail-price-container"><div class="product-block-prices"><table class="table product-block-prices-grid">
<thead class="product-block-prices-head"><tr class="product-block-prices-row"><th scope="col" class="product-block-prices-cell">Anzahl</th><th scope="col" class="product-block-prices-cell">Stückpreis</th><th scope="col" class="product-block-prices-cell">Grundpreis</th></tr></thead>
<tbody class="product-block-prices-body">${body}</tbody></table></div></div></div>
<span class="product-detail-ordernumber" itemprop="sku">SW10001</span></div></body></html>`;
}
/** Shopware 6.5 and later: the word, then the count in a span of its own. */
const split = (quantity: string) => { const [word, count] = quantity.split(' '); return `${word} <span class="product-block-prices-quantity">${count}</span>`; };
/** Shopware 6.4: word and count in one div. */
const joined = (quantity: string) => `<div class="product-block-prices-quantity">${quantity}</div>`;

function read(html: string) {
  const product = htmlResponse(html).structuredProduct();
  return product && { price: product.price?.toFixed(2) ?? null, range: product.priceRange && [product.priceRange.low.toFixed(2), product.priceRange.high?.toFixed(2) ?? null], refusal: product.priceRefusal?.reason ?? null, detail: product.priceRefusal?.detail ?? null };
}

const two: Row[] = [{ quantity: 'Bis 9', price: '19.99', shown: '19,99' }, { quantity: 'Ab 10', price: '17.99', shown: '17,99' }];
const three: Row[] = [{ quantity: 'To 9', price: '19.99', shown: '19,99' }, { quantity: 'To 19', price: '18.99', shown: '18,99' }, { quantity: 'From 20', price: '17.99', shown: '17,99' }];

describe('Shopware 6 block prices in microdata (the row\'s count is its text, not an eligibleQuantity)', () => {
  it('the first row ("Bis 9") is the price of one piece; the bulk row is no price (17.99 was stored, lowPrice)', () => {
    expect(read(shopware(two, split))).toEqual({ price: '19.99', range: null, refusal: null, detail: null });
    expect(read(shopware(two, joined))).toEqual({ price: '19.99', range: null, refusal: null, detail: null });
  });

  it('three rows in English ("To 9", "To 19", "From 20"): the middle row starts after the first one ends', () => {
    expect(read(shopware(three, split))).toEqual({ price: '19.99', range: null, refusal: null, detail: null });
  });

  it('Shopware 5\'s table ("bis 9", then "ab 10", "ab 20" with the word in a span of its own) reads the same', () => {
    const row = (word: string, count: string, price: string) => `<tr class="block-prices--row" itemprop="offers" itemscope itemtype="http://schema.org/Offer"><td class="block-prices--cell"><meta itemprop="priceCurrency" content="EUR" /><meta itemprop="price" content="${price}" /><link itemprop="availability" href="http://schema.org/InStock" /><span class="block-prices--quantity">${word}</span> ${count}</td><td class="block-prices--cell">${price.replace('.', ',')}&nbsp;€&nbsp;*</td></tr>`;
    const html = `<div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Leinöl</h1><div itemprop="offers" itemscope itemtype="http://schema.org/AggregateOffer"><meta itemprop="priceCurrency" content="EUR"/><meta itemprop="lowPrice" content="16.99"/><meta itemprop="highPrice" content="19.99"/><table class="block-prices--table"><tbody>${row('bis', '9', '19.99')}${row('ab', '10', '17.99')}${row('ab', '20', '16.99')}</tbody></table></div></div>`;
    expect(read(html)).toEqual({ price: '19.99', range: null, refusal: null, detail: null });
  });

  it('rows whose quantity words are not read are refused, never the lowest row, saying which words (it said "quantity tiers above one piece", "Enintään 9" among them)', () => {
    const finnish: Row[] = [{ quantity: 'Enintään 9', price: '19.99', shown: '19,99' }, { quantity: 'Vähintään 10', price: '17.99', shown: '17,99' }];
    const html = shopware(finnish, joined);
    expect(read(html)).toEqual({ price: null, range: null, refusal: 'price/tiers-unread',
      detail: 'quantity tier rows whose count words are not read ("Enintään 9": 19.99 EUR, "Vähintään 10": 17.99 EUR), so which row prices one piece is unknown: add the words to row-quantity.ts, or read the price in the spider' });
    expect(productItem(htmlResponse(html))?.priceRefusal).toBe('price/tiers-unread');
  });

  it('the rows are the product\'s quantity tiers (pricing.tiers and the item\'s tiers; they were empty)', () => {
    const tiers = (html: string) => htmlResponse(html).structuredProduct()?.pricing.tiers.map((t) => [t.minQuantity, t.price.toFixed(2), t.forQuantity, t.currency]);
    expect(tiers(shopware(two, split))).toEqual([[1, '19.99', 1, 'EUR'], [10, '17.99', 1, 'EUR']]);
    expect(tiers(shopware(three, joined))).toEqual([[1, '19.99', 1, 'EUR'], [10, '18.99', 1, 'EUR'], [20, '17.99', 1, 'EUR']]);
    expect(productItem(htmlResponse(shopware(two, split)))?.tiers).toEqual([{ minQuantity: 1, price: '19.99', forQuantity: 1, currency: 'EUR' }, { minQuantity: 10, price: '17.99', forQuantity: 1, currency: 'EUR' }]);
    // Offers that are no tiers (variants by size) make none.
    const variants = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Shoe</h1><table><tr itemprop="offers" itemscope itemtype="https://schema.org/Offer"><td itemprop="name">Size 42</td><td><meta itemprop="priceCurrency" content="EUR"><span itemprop="price" content="59.00">59,00 €</span></td></tr></table></div>`;
    expect(tiers(variants)).toEqual([]);
  });

  it('a row whose count starts above one ("ab 10 Stück") in a table of its own is a tier, and a lone one refuses', () => {
    const lone = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Schraube</h1><table><tr itemprop="offers" itemscope itemtype="https://schema.org/Offer"><td>ab 10 Stück</td><td><meta itemprop="priceCurrency" content="EUR"><span itemprop="price" content="8.00">8,00 €</span></td></tr></table></div>`;
    expect(read(lone)).toMatchObject({ price: null, refusal: 'price/ambiguous' });
  });

  it('offers that are no quantity rows (variants named by size) keep their spread', () => {
    const variants = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Shoe</h1><table>
<tr itemprop="offers" itemscope itemtype="https://schema.org/Offer"><td itemprop="name">Size 42</td><td><meta itemprop="priceCurrency" content="EUR"><span itemprop="price" content="59.00">59,00 €</span></td></tr>
<tr itemprop="offers" itemscope itemtype="https://schema.org/Offer"><td itemprop="name">Size 44</td><td><meta itemprop="priceCurrency" content="EUR"><span itemprop="price" content="64.00">64,00 €</span></td></tr></table></div>`;
    expect(read(variants)).toMatchObject({ price: '59.00', range: ['59.00', '64.00'] });
  });
});
