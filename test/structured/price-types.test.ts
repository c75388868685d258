// priceType in every spelling pages use (URL, prefixed, bare, a JSON-LD @id node) and unit prices: never the price paid.
import { describe, expect, it } from 'vitest';
import { htmlResponse } from '../support/html-response';

const page = (offers: object) =>
  `<html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle', sku: 'K1', offers })}</script></head><body></body></html>`;

function read(offers: object) {
  const p = htmlResponse(page(offers)).structuredProduct()!;
  return { price: p.price?.toFixed(2) ?? null, regular: p.regularPrice?.toFixed(2) ?? null, sale: p.salePrice?.toFixed(2) ?? null, unit: p.pricing.unitPrice?.amount.toFixed(2) ?? null };
}

const spec = (price: string, extra: object = {}) => ({ '@type': 'UnitPriceSpecification', price, priceCurrency: 'EUR', ...extra });
const struckNode = { '@id': 'https://schema.org/StrikethroughPrice' };

describe('priceType written as a JSON-LD node ({"@id": "https://schema.org/StrikethroughPrice"}, as an enumeration is)', () => {
  it('a struck price alone is no current price', () => {
    expect(read({ '@type': 'Offer', priceSpecification: spec('99.00', { priceType: struckNode }) })).toMatchObject({ price: null });
    expect(read({ '@type': 'Offer', priceSpecification: spec('99.00', { priceType: { '@type': 'PriceTypeEnumeration', '@id': 'schema:ListPrice' } }) })).toMatchObject({ price: null });
  });

  it('beside the offer\'s price or a plain specification, it is the regular price of a sale', () => {
    const sale = { price: '79.00', regular: '99.00', sale: '79.00' };
    expect(read({ '@type': 'Offer', price: '79.00', priceCurrency: 'EUR', priceSpecification: spec('99.00', { priceType: struckNode }) })).toMatchObject(sale);
    expect(read({ '@type': 'Offer', priceSpecification: [spec('99.00', { priceType: struckNode }), spec('79.00')] })).toMatchObject(sale);
  });
});

describe('unit prices', () => {
  it('a specification per unit named in words (unitText "kg", "100 ml") is no price of the product', () => {
    expect(read({ '@type': 'Offer', priceSpecification: spec('2.60', { unitText: 'kg' }) })).toMatchObject({ price: null });
    expect(read({ '@type': 'Offer', price: '1.95', priceCurrency: 'EUR', priceSpecification: spec('2.60', { unitText: '100 ml' }) })).toMatchObject({ price: '1.95' });
    // A price per piece is the price of one.
    expect(read({ '@type': 'Offer', priceSpecification: spec('2.60', { unitText: 'Stück' }) })).toMatchObject({ price: '2.60' });
  });
});

describe('an offer whose only price is not what everyone pays now', () => {
  const refusal = (offers: object) => htmlResponse(page(offers)).structuredProduct()?.priceRefusal?.reason ?? null;

  it('only a struck or list price (in any spelling): price/reference-only, where the item said only that no price was found', () => {
    for (const priceType of ['https://schema.org/StrikethroughPrice', 'http://schema.org/ListPrice', 'MSRP', 'schema:SRP']) {
      expect(refusal({ '@type': 'Offer', priceSpecification: spec('99.00', { priceType }) })).toBe('price/reference-only');
    }
    expect(refusal({ '@type': 'Offer', priceSpecification: spec('99.00', { priceType: struckNode }) })).toBe('price/reference-only');
  });

  it('only a loyalty tier\'s price: price/member-only', () => {
    expect(refusal({ '@type': 'Offer', priceSpecification: spec('79.00', { validForMemberTier: { '@type': 'MemberProgramTier', '@id': '#gold' } }) })).toBe('price/member-only');
  });
});
