// Offers of the product in another condition (used, refurbished, damaged) beside the new one: never the price of the new one.
import { describe, expect, it } from 'vitest';
import { structuredItem } from '../../src/items/structured-item';
import { htmlResponse } from '../support/html-response';

const url = 'https://shop.example/p/1';
const offer = (price: string, itemCondition?: string) => ({ '@type': 'Offer', price, priceCurrency: 'USD', ...(itemCondition ? { itemCondition } : {}) });
const ld = (offers: unknown) => `<html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Camera', sku: 'C1', offers })}</script></head><body><h1>Camera</h1></body></html>`;

function read(html: string) {
  const product = htmlResponse(html, {}, url).structuredProduct();
  return product && { price: product.price?.toFixed(2) ?? null, range: product.priceRange && [product.priceRange.low.toFixed(2), product.priceRange.high?.toFixed(2) ?? null], stored: structuredItem(product, url).price?.toString() ?? null };
}

describe('offers in several conditions', () => {
  it('a used offer beside the new one is left out (the used 60.00 was the price, beside a range to 100.00)', () => {
    expect(read(ld([offer('100.00', 'https://schema.org/NewCondition'), offer('60.00', 'https://schema.org/UsedCondition')]))).toEqual({ price: '100.00', range: null, stored: '100' });
  });

  it('so is a refurbished or damaged one beside an offer stating no condition (new, as Google reads it), in any spelling', () => {
    expect(read(ld([offer('100.00'), offer('70.00', 'RefurbishedCondition'), offer('50.00', 'http://schema.org/DamagedCondition')]))).toEqual({ price: '100.00', range: null, stored: '100' });
    const microdata = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Camera</h1>
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><link itemprop="itemCondition" href="https://schema.org/NewCondition"><meta itemprop="price" content="100.00"><meta itemprop="priceCurrency" content="USD"></div>
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><link itemprop="itemCondition" href="https://schema.org/UsedCondition"><meta itemprop="price" content="60.00"><meta itemprop="priceCurrency" content="USD"></div></div>`;
    expect(read(microdata)).toEqual({ price: '100.00', range: null, stored: '100' });
  });

  it('a shop of used goods keeps its offers (nothing new beside them)', () => {
    expect(read(ld([offer('60.00', 'https://schema.org/UsedCondition'), offer('65.00', 'https://schema.org/UsedCondition')]))).toEqual({ price: '60.00', range: ['60.00', '65.00'], stored: '60' });
  });
});
