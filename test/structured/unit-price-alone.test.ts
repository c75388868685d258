// An offer whose only amount is a unit price (a UnitPriceSpecification per kg or litre with referenceQuantity, as German
// shops write their Grundpreis beside Google's unit pricing markup): no price of the product, and the reason says so.
import { describe, expect, it } from 'vitest';
import { structuredItem } from '../../src/items/structured-item';
import { htmlResponse } from '../support/html-response';
import { ld, page } from '../support/offer-page';

const perKg = { '@type': 'UnitPriceSpecification', price: '9.98', referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'KGM' } };
const coffee = (offer: object) => htmlResponse(page(ld({ '@type': 'Product', name: 'Espresso beans 500 g', sku: 'C500', offers: { '@type': 'Offer', priceCurrency: 'EUR', ...offer } })));

describe('a unit price alone', () => {
  it('gives no price but price/rate-only naming it, and the unit price in the offer\'s currency (it gave no reason, the currency unknown)', () => {
    const product = coffee({ priceSpecification: perKg }).structuredProduct()!;
    expect(product.price).toBeNull();
    expect(product.priceRefusal).toEqual({ reason: 'price/rate-only', detail: 'an offer states only a price per measure: 9.98 EUR per 1 kg' });
    expect(product.pricing.unitPrice).toMatchObject({ currency: 'EUR', unit: 'kg' });
    expect(structuredItem(product, 'https://shop.example/p/1')).toMatchObject({ price: null, priceRefusal: 'price/rate-only' });
  });

  it('beside the price, or equal to it (a 1 kg bag), the price stands as before', () => {
    expect(coffee({ price: '4.99', priceSpecification: [perKg] }).structuredProduct()?.price?.toFixed(2)).toBe('4.99');
    expect(coffee({ price: '9.98', priceSpecification: [perKg] }).structuredProduct()?.price?.toFixed(2)).toBe('9.98');
  });
});
