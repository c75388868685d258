// Graduated prices in structured data: a tier valid only from a quantity above one piece is never the price of one.
import { describe, expect, it } from 'vitest';
import { htmlResponse } from '../support/html-response';

const ld = (offers: unknown) =>
  `<html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Screw', sku: 'S1', offers })}</script></head><body></body></html>`;
const from = (minValue: number | string) => ({ '@type': 'QuantitativeValue', minValue });

function read(html: string) {
  const product = htmlResponse(html).structuredProduct();
  return product && { price: product.price?.toFixed(2) ?? null, range: product.priceRange && [product.priceRange.low.toFixed(2), product.priceRange.high?.toFixed(2) ?? null], refusal: product.priceRefusal };
}

describe('an AggregateOffer over quantity tiers (lowPrice the bulk tier\'s, highPrice the single piece\'s)', () => {
  it('with tiers among its offers, its stated lowPrice is no unit price: the single piece\'s offer is', () => {
    const tiers = [{ '@type': 'Offer', price: '10.00', eligibleQuantity: from(1) }, { '@type': 'Offer', price: '8.00', eligibleQuantity: from(11) }];
    expect(read(ld({ '@type': 'AggregateOffer', lowPrice: '8.00', highPrice: '10.00', offerCount: 2, priceCurrency: 'EUR', offers: tiers }))).toEqual({ price: '10.00', range: null, refusal: null });
    // The offers are the product's quantity tiers, as tier specifications are (they were none).
    const pricing = htmlResponse(ld({ '@type': 'AggregateOffer', lowPrice: '8.00', highPrice: '10.00', priceCurrency: 'EUR', offers: tiers })).structuredProduct()?.pricing;
    expect(pricing?.tiers.map((t) => [t.minQuantity, t.price.toFixed(2), t.currency])).toEqual([[1, '10.00', 'EUR'], [11, '8.00', 'EUR']]);
    // The tier stated on the nested offer's specification, as Magento and plugins write it.
    const specTier = [{ '@type': 'Offer', price: '10.00' }, { '@type': 'Offer', priceSpecification: { '@type': 'UnitPriceSpecification', price: '8.00', eligibleQuantity: from('11') } }];
    expect(read(ld({ '@type': 'AggregateOffer', lowPrice: '8.00', highPrice: '10.00', priceCurrency: 'EUR', offers: specTier }))).toEqual({ price: '10.00', range: null, refusal: null });
  });

  it('with only tiers above one piece, no price, and the reason names them', () => {
    const tiers = [{ '@type': 'Offer', price: '9.00', eligibleQuantity: from(5) }, { '@type': 'Offer', price: '8.00', eligibleQuantity: { '@type': 'QuantitativeValue', value: 11 } }];
    const read1 = read(ld({ '@type': 'AggregateOffer', lowPrice: '8.00', highPrice: '9.00', priceCurrency: 'EUR', offers: tiers }));
    expect(read1).toMatchObject({ price: null, refusal: { reason: 'price/ambiguous' } });
    expect(read1?.refusal?.detail).toBe('structured offers state only quantity tiers above one piece: 9 EUR from 5, 8 EUR from 11');
    // The aggregate itself valid from 10 pieces.
    expect(read(ld({ '@type': 'AggregateOffer', lowPrice: '8.00', highPrice: '9.00', priceCurrency: 'EUR', eligibleQuantity: from(10) }))).toMatchObject({ price: null, refusal: { reason: 'price/ambiguous' } });
  });
});

describe('an Offer and its tier specifications', () => {
  it('an offer price equal to a bulk tier\'s specification is that tier\'s: the single piece\'s specification is the price', () => {
    const specs = [{ '@type': 'UnitPriceSpecification', price: '10.00', eligibleQuantity: from(1) }, { '@type': 'UnitPriceSpecification', price: '8.00', eligibleQuantity: from(10) }];
    expect(read(ld({ '@type': 'Offer', price: '8.00', priceCurrency: 'EUR', priceSpecification: specs }))).toEqual({ price: '10.00', range: null, refusal: null });
  });

  it('offers of tiers above one piece only give no price and say why (they said nothing)', () => {
    const own = read(ld([{ '@type': 'Offer', price: '8.00', priceCurrency: 'EUR', eligibleQuantity: from(10) }]));
    expect(own).toEqual({ price: null, range: null, refusal: { reason: 'price/ambiguous', detail: 'structured offers state only quantity tiers above one piece: 8 EUR from 10' } });
    const spec = read(ld({ '@type': 'Offer', priceCurrency: 'EUR', priceSpecification: { '@type': 'UnitPriceSpecification', price: '8.00', eligibleQuantity: from(10) } }));
    expect(spec).toEqual({ price: null, range: null, refusal: { reason: 'price/ambiguous', detail: 'structured offers state only quantity tiers above one piece: 8 EUR from 10' } });
  });

  it('an eligibleQuantity written as a bare number (not a QuantitativeValue) is a tier too (it was the price of one)', () => {
    expect(read(ld([{ '@type': 'Offer', price: '10.00', priceCurrency: 'EUR', eligibleQuantity: 1 }, { '@type': 'Offer', price: '8.00', priceCurrency: 'EUR', eligibleQuantity: '10' }]))).toEqual({ price: '10.00', range: null, refusal: null });
  });

  it('a tier from one piece (minValue 1 or 1.0) is the price of one', () => {
    expect(read(ld([{ '@type': 'Offer', price: '10.00', priceCurrency: 'EUR', eligibleQuantity: from('1.0') }, { '@type': 'Offer', price: '8.00', priceCurrency: 'EUR', eligibleQuantity: from(10) }]))).toEqual({ price: '10.00', range: null, refusal: null });
  });
});

describe('a price specification valid only from an order value (eligibleTransactionVolume)', () => {
  const volume = { '@type': 'PriceSpecification', minPrice: '100.00', priceCurrency: 'EUR' };

  it('is no price for one piece: beside the plain one it neither contradicts it (refused before) nor stands alone as the price', () => {
    const specs = [{ '@type': 'UnitPriceSpecification', price: '10.00', priceCurrency: 'EUR' }, { '@type': 'UnitPriceSpecification', price: '8.00', priceCurrency: 'EUR', eligibleTransactionVolume: volume }];
    expect(read(ld({ '@type': 'Offer', price: '10.00', priceCurrency: 'EUR', priceSpecification: specs }))).toEqual({ price: '10.00', range: null, refusal: null });
    const alone = read(ld({ '@type': 'Offer', priceCurrency: 'EUR', priceSpecification: specs[1] }));
    expect(alone).toEqual({ price: null, range: null, refusal: { reason: 'price/ambiguous', detail: 'an offer states only prices for orders from a value: 8 EUR' } });
    // A volume from 0 conditions nothing: that specification is the price.
    const fromZero = { ...specs[1], eligibleTransactionVolume: { ...volume, minPrice: '0' } };
    expect(read(ld({ '@type': 'Offer', priceCurrency: 'EUR', priceSpecification: fromZero }))).toEqual({ price: '8.00', range: null, refusal: null });
  });

  it('on a struck or list price it is still that reference price, never dropped with the cart-spend ones', () => {
    const struck = { '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/StrikethroughPrice', price: '12.00', priceCurrency: 'EUR', eligibleTransactionVolume: volume };
    const sale = (offer: object) => htmlResponse(ld({ '@type': 'Offer', priceCurrency: 'EUR', ...offer })).structuredProduct();
    // The offer's price is the current one and the struck spec its regular price (the struck spec was lost: no sale).
    const onSale = sale({ price: '10.00', priceSpecification: struck });
    expect([onSale?.salePrice?.toFixed(2), onSale?.regularPrice?.toFixed(2)]).toEqual(['10.00', '12.00']);
    // `price` equal to the struck one beside a lower plain spec: the plain spec is current (refused as a contradiction before).
    expect(read(ld({ '@type': 'Offer', price: '12.00', priceCurrency: 'EUR', priceSpecification: [struck, { '@type': 'UnitPriceSpecification', price: '10.00', priceCurrency: 'EUR' }] }))).toEqual({ price: '10.00', range: null, refusal: null });
    // Alone it is a reference price, not a cart-spend price.
    expect(read(ld({ '@type': 'Offer', priceCurrency: 'EUR', priceSpecification: struck }))?.refusal?.reason).toBe('price/reference-only');
  });

  it('on the Offer itself it is a minimum order value, and the offer\'s price stands', () => {
    expect(read(ld({ '@type': 'Offer', price: '10.00', priceCurrency: 'EUR', eligibleTransactionVolume: volume }))).toEqual({ price: '10.00', range: null, refusal: null });
  });
});
