// An AggregateOffer whose stated ends give no price says why: a zero lowPrice beside a dearer offer, a highPrice alone, an unreadable end.
import { describe, expect, it } from 'vitest';
import { htmlResponse } from '../support/html-response';

const aggregate = (fields: object) =>
  `<html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle', sku: 'K1', offers: { '@type': 'AggregateOffer', priceCurrency: 'EUR', ...fields } })}</script></head><body></body></html>`;

function read(html: string) {
  const product = htmlResponse(html).structuredProduct();
  return product && { price: product.price?.toFixed(2) ?? null, refusal: product.priceRefusal };
}

describe('AggregateOffer ends that state no lowest price', () => {
  it('lowPrice 0 beside a dearer highPrice is an unpriced offer\'s placeholder: no price (0.00 was the price), with the reason', () => {
    expect(read(aggregate({ lowPrice: 0, highPrice: '24.99' }))).toEqual({
      price: null,
      refusal: { reason: 'price/zero', detail: 'an AggregateOffer\'s lowPrice is 0 beside highPrice 24.99: a placeholder, the lowest priced offer is not stated' },
    });
    // Its nested offers still state the lowest priced one.
    const nested = aggregate({ lowPrice: '0.00', highPrice: '24.99', offers: [{ '@type': 'Offer', price: '0' }, { '@type': 'Offer', price: '19.99' }, { '@type': 'Offer', price: '24.99' }] });
    expect(read(nested)).toEqual({ price: '19.99', refusal: null });
  });

  it('a highPrice alone is the dearest offer\'s, not the price: refused as a range with its reason (it said nothing)', () => {
    expect(read(aggregate({ highPrice: '24.99', offerCount: 3 }))).toEqual({
      price: null,
      refusal: { reason: 'price/range', detail: 'an AggregateOffer states only its highPrice 24.99 (the dearest offer\'s), no lowPrice' },
    });
  });

  it('an unreadable or negative lowPrice says what its text is', () => {
    expect(read(aggregate({ lowPrice: '-5', highPrice: '24.99' }))?.refusal).toEqual({ reason: 'price/not-a-price', detail: 'the structured price "-5" is negative' });
    expect(read(aggregate({ lowPrice: 'ab 19,99 €', highPrice: '24.99' }))?.refusal?.reason).toBe('price/range');
  });

  it('a lowPrice of 0 alone stays zero, for the pipeline to refuse as price/zero', () => {
    expect(read(aggregate({ lowPrice: '0.00', offerCount: 3 }))).toEqual({ price: '0.00', refusal: null });
  });
});
