// Markup real shops emit around the product's data: inert templates (a quick view's product), <noscript>.
import { describe, expect, it } from 'vitest';
import { htmlResponse } from '../support/html-response';

const product = (name: string, sku: string, price: string) =>
  JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name, sku, offers: { '@type': 'Offer', price, priceCurrency: 'EUR' } });
const ld = (json: string) => `<script type="application/ld+json">${json}</script>`;

function read(head: string, body = '') {
  const product = htmlResponse(`<html><head>${head}</head><body>${body}</body></html>`).structuredProduct();
  return product && { name: product.name, price: product.price?.toFixed(2) ?? null, low: product.priceRange?.low.toFixed(2) ?? null, refusal: product.priceRefusal?.reason ?? null };
}

describe('data inside a <template> (a quick-view or cart drawer the page fills in later)', () => {
  it('is inert: another product\'s JSON-LD or microdata there is no rival of the page\'s', () => {
    const quickView = `<template id="quick-view">${ld(product('Descaler', 'D1', '4.99'))}</template>`;
    expect(read(ld(product('Kettle', 'K1', '19.99')), quickView)).toMatchObject({ name: 'Kettle', price: '19.99' });
    const card = '<template><div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Descaler</span><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="4.99"><meta itemprop="priceCurrency" content="EUR"></div></div></template>';
    expect(read(ld(product('Kettle', 'K1', '19.99')), card)).toMatchObject({ name: 'Kettle', price: '19.99' });
    // Alone it is no product of the page either.
    expect(read('', quickView)).toBeNull();
  });

  it('a <noscript> block is the page\'s data for clients without scripts, and read', () => {
    expect(read('', `<noscript>${ld(product('Kettle', 'K1', '19.99'))}</noscript>`)).toMatchObject({ name: 'Kettle', price: '19.99' });
  });
});
