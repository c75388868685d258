// Validity inside an offer: an AggregateOffer's nested offers and an offer's price specifications lapse as offers do.
import { describe, expect, it } from 'vitest';
import { htmlResponse } from '../support/html-response';

const AT = Date.parse('2025-06-01T00:00:00Z');
const page = (offers: object) =>
  `<html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle', sku: 'K1', offers })}</script></head><body></body></html>`;

function read(offers: object) {
  const p = htmlResponse(page(offers)).structuredData({ atMs: AT }).product!;
  const fixed = (d: typeof p.price) => d?.toFixed(2) ?? null;
  return { price: fixed(p.price), regular: fixed(p.regularPrice), sale: fixed(p.salePrice), range: p.priceRange && [fixed(p.priceRange.low), fixed(p.priceRange.high)], refusal: p.priceRefusal?.reason ?? null };
}

const offer = (price: string, validity: object = {}) => ({ '@type': 'Offer', price, priceCurrency: 'EUR', ...validity });
const ended = { priceValidUntil: '2020-01-31' };
const aggregate = (offers: object[], stated: object = {}) => ({ '@type': 'AggregateOffer', priceCurrency: 'EUR', ...stated, offers });

describe('an AggregateOffer\'s nested offers', () => {
  it('an ended one is no longer among them: neither the price nor the range\'s end', () => {
    expect(read(aggregate([offer('10.00', ended), offer('15.00'), offer('18.00')]))).toEqual({ price: '15.00', regular: '15.00', sale: null, range: ['15.00', '18.00'], refusal: null });
  });

  it('the stated lowPrice and highPrice summarise offers of which one ended: the spread of those in force stands instead', () => {
    expect(read(aggregate([offer('10.00', ended), offer('15.00')], { lowPrice: '10.00', highPrice: '15.00', offerCount: 2 }))).toMatchObject({ price: '15.00', range: null });
  });

  it('all ended (or not begun): no price but price/expired, as for a lone offer', () => {
    expect(read(aggregate([offer('10.00', ended), offer('12.00', { validFrom: '2030-01-01' })]))).toMatchObject({ price: null, refusal: 'price/expired' });
    expect(read(aggregate([offer('10.00', ended)], { lowPrice: '10.00', highPrice: '10.00' }))).toMatchObject({ price: null, refusal: 'price/expired' });
  });
});

describe('price specifications with a validity of their own', () => {
  const spec = (price: string, extra: object) => ({ '@type': 'UnitPriceSpecification', price, priceCurrency: 'EUR', ...extra });

  it('a SalePrice whose validThrough passed, or whose validFrom is ahead, is no sale: the offer\'s price is paid', () => {
    expect(read({ ...offer('99.00'), priceSpecification: spec('79.00', { priceType: 'https://schema.org/SalePrice', validThrough: '2025-05-30T23:59:59+02:00' }) })).toEqual({ price: '99.00', regular: '99.00', sale: null, range: null, refusal: null });
    expect(read({ ...offer('99.00'), priceSpecification: spec('79.00', { priceType: 'SalePrice', validFrom: '2025-07-01' }) })).toMatchObject({ price: '99.00', sale: null });
    // In force, it is the sale as before.
    expect(read({ ...offer('99.00'), priceSpecification: spec('79.00', { priceType: 'SalePrice', validFrom: '2025-05-01', validThrough: '2025-06-30' }) })).toMatchObject({ price: '79.00', regular: '99.00', sale: '79.00' });
  });

  it('an ended plain specification no longer contradicts the offer\'s price, nor a current one beside it', () => {
    expect(read({ ...offer('99.00'), priceSpecification: spec('79.00', { validThrough: '2025-05-01' }) })).toMatchObject({ price: '99.00', refusal: null });
    expect(read({ '@type': 'Offer', priceSpecification: [spec('79.00', { validThrough: '2025-05-01' }), spec('99.00', {})] })).toMatchObject({ price: '99.00', refusal: null });
  });

  it('an ended struck price is no regular price any more', () => {
    expect(read({ ...offer('79.00'), priceSpecification: spec('99.00', { priceType: 'https://schema.org/StrikethroughPrice', validThrough: '2025-05-01' }) })).toMatchObject({ price: '79.00', regular: '79.00', sale: null });
  });

  it('the only price in an ended specification gives price/expired', () => {
    expect(read({ '@type': 'Offer', priceSpecification: spec('79.00', { validThrough: '2025-05-01' }) })).toMatchObject({ price: null, refusal: 'price/expired' });
  });
});
