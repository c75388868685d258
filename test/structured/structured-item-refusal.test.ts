// structuredItem (the demo JSON-LD and microdata spiders' item): offers that state prices none of which could be chosen give the reason.
import { describe, expect, it } from 'vitest';
import { structuredItem } from '../../src/items/structured-item';
import { htmlResponse } from '../support/html-response';

const page = (offers: object[]) =>
  `<html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle', sku: 'K1', offers })}</script></head><body><h1>Kettle</h1></body></html>`;

describe('structuredItem without a price', () => {
  it('carries the offers\' refusal, so the pipeline drops the item for it rather than as price/missing', () => {
    const currencies = htmlResponse(page([{ '@type': 'Offer', price: '19.99', priceCurrency: 'USD' }, { '@type': 'Offer', price: '17.99', priceCurrency: 'EUR' }]));
    expect(structuredItem(currencies.structuredProduct()!, currencies.url)).toMatchObject({ price: null, priceRefusal: 'price/ambiguous' });
    const ended = htmlResponse(page([{ '@type': 'Offer', price: '14.99', priceCurrency: 'EUR', priceValidUntil: '2020-01-31' }]));
    const product = ended.structuredData({ atMs: Date.parse('2025-06-01T00:00:00Z') }).product!;
    expect(structuredItem(product, ended.url)).toMatchObject({ price: null, priceRefusal: 'price/expired' });
  });
});
