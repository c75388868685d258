// structuredProduct(): property names in any case, OpenGraph sale/standard prices, marked sale prices, and the pricing fields of offers.
import { describe, expect, it } from 'vitest';
import type { Decimal } from '../../src/core/money';
import { productItem } from '../../src/items/product-item';
import { htmlResponse } from '../support/html-response';

const fixed = (value: Decimal | null | undefined) => (value ? value.toFixed(2) : null);

function prices(html: string) {
  const product = htmlResponse(html).structuredProduct();
  return product && { price: fixed(product.price), currency: product.currency, regular: fixed(product.regularPrice), sale: fixed(product.salePrice) };
}

const jsonLd = (offer: object) => `<html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle', sku: 'K1', offers: offer })}</script></head><body></body></html>`;

describe('structuredProduct(): prices real pages mark in other ways', () => {
  it('an Offer written around its product (itemOffered) is that product\'s offer, in JSON-LD and microdata', () => {
    const ld = `<html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Offer', price: '19.99', priceCurrency: 'EUR', itemOffered: { '@type': 'Product', name: 'Kettle', sku: 'K1' } })}</script></head><body></body></html>`;
    expect(prices(ld)).toEqual({ price: '19.99', currency: 'EUR', regular: '19.99', sale: null });
    expect(htmlResponse(ld).structuredProduct()?.sku).toBe('K1');
    const md = `<div itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="24.90"><meta itemprop="priceCurrency" content="EUR">
      <div itemprop="itemOffered" itemscope itemtype="https://schema.org/Product"><span itemprop="name">Kettle</span></div></div>`;
    expect(prices(md)).toEqual({ price: '24.90', currency: 'EUR', regular: '24.90', sale: null });
  });

  it('reads microdata property names in any letter case', () => {
    const html = `<div itemscope itemtype="http://schema.org/product"><span itemprop="Name">Kettle</span>
      <div itemprop="OFFERS" itemscope itemtype="http://schema.org/Offer"><span itemprop="Price" content="24.90">24,90 €</span><meta itemprop="PriceCurrency" content="EUR"></div></div>`;
    expect(prices(html)).toEqual({ price: '24.90', currency: 'EUR', regular: '24.90', sale: null });
  });

  it('reads RDFa property names in any letter case', () => {
    const html = `<div vocab="https://schema.org/" typeof="Product"><span property="name">Kettle</span>
      <div property="Offers" typeof="Offer"><span property="schema:PRICE" content="19.50">$19.50</span><span property="priceCURRENCY" content="USD"></span></div></div>`;
    expect(prices(html)).toEqual({ price: '19.50', currency: 'USD', regular: '19.50', sale: null });
  });

  it('OpenGraph: og:price:standard_amount is the regular price beside og:price:amount', () => {
    const html = '<html><head><meta property="og:title" content="Kettle"><meta property="og:price:amount" content="80.00"><meta property="og:price:standard_amount" content="100.00"><meta property="og:price:currency" content="EUR"></head></html>';
    expect(prices(html)).toEqual({ price: '80.00', currency: 'EUR', regular: '100.00', sale: '80.00' });
  });

  it('OpenGraph: bare product:sale_price beats product:price', () => {
    const html = '<html><head><meta property="product:price" content="100.00"><meta property="product:sale_price" content="79.00"><meta property="product:price:currency" content="GBP"></head></html>';
    expect(prices(html)).toEqual({ price: '79.00', currency: 'GBP', regular: '100.00', sale: '79.00' });
  });

  it('a price text whose own sign contradicts priceCurrency gives no price, and says why (not "no price on the page")', () => {
    const html = jsonLd({ '@type': 'Offer', price: '£19.99', priceCurrency: 'USD' });
    expect(prices(html)).toEqual({ price: null, currency: null, regular: null, sale: null });
    expect(htmlResponse(html).structuredProduct()?.priceRefusal).toEqual({ reason: 'price/ambiguous', detail: 'the structured price "£19.99" is in GBP, its priceCurrency says USD' });
    const item = productItem(htmlResponse(html.replace('<body></body>', '<body><h1>Kettle</h1></body>')));
    expect([item?.price, item?.priceRefusal]).toEqual([null, 'price/ambiguous']);
  });

  it('OpenGraph: a sale price above the listed one is no sale, and no price (which one is paid is not said)', () => {
    const html = '<html><head><meta property="product:price:amount" content="80.00"><meta property="product:sale_price:amount" content="100.00"><meta property="product:price:currency" content="USD"></head></html>';
    expect(prices(html)).toEqual({ price: null, currency: null, regular: null, sale: null });
    expect(htmlResponse(html).structuredProduct()?.priceRefusal).toMatchObject({ reason: 'price/ambiguous' });
    const below = html.replace('content="100.00"', 'content="70.00"');
    expect(prices(below)).toEqual({ price: '70.00', currency: 'USD', regular: '80.00', sale: '70.00' });
  });

  it('a price equal to the StrikethroughPrice loses to a lower plain specification', () => {
    const html = jsonLd({ '@type': 'Offer', price: '100.00', priceCurrency: 'USD', priceSpecification: [
      { '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/StrikethroughPrice', price: '100.00', priceCurrency: 'USD' },
      { '@type': 'UnitPriceSpecification', price: '80.00', priceCurrency: 'USD' },
    ] });
    expect(prices(html)).toEqual({ price: '80.00', currency: 'USD', regular: '100.00', sale: '80.00' });
  });

  it('ListPrice and SalePrice specifications: the sale price is current, the list price regular', () => {
    const html = jsonLd({ '@type': 'Offer', priceCurrency: 'EUR', priceSpecification: [
      { '@type': 'UnitPriceSpecification', priceType: 'ListPrice', price: '59.00' },
      { '@type': 'UnitPriceSpecification', priceType: 'SalePrice', price: '49.00' },
    ] });
    expect(prices(html)).toEqual({ price: '49.00', currency: 'EUR', regular: '59.00', sale: '49.00' });
  });

  it('a quantity tier or a unit price specification is never taken as the price', () => {
    const html = jsonLd({ '@type': 'Offer', priceCurrency: 'EUR', priceSpecification: [
      { '@type': 'UnitPriceSpecification', price: '2.60', referenceQuantity: { '@type': 'QuantitativeValue', value: '1', unitCode: 'KGM' } },
      { '@type': 'UnitPriceSpecification', price: '9.00', eligibleQuantity: { '@type': 'QuantitativeValue', minValue: '3' } },
      { '@type': 'UnitPriceSpecification', price: '10.00' },
    ] });
    expect(prices(html)?.price).toBe('10.00');
  });
});

describe('structuredProduct().pricing: tiers, unit price, shipping', () => {
  it('reads quantity tiers, the unit price and shipping terms exactly', () => {
    const html = jsonLd({ '@type': 'Offer', price: '10.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock',
      priceSpecification: [
        { '@type': 'UnitPriceSpecification', price: '9.00', eligibleQuantity: { '@type': 'QuantitativeValue', minValue: '3', unitCode: 'C62' } },
        { '@type': 'UnitPriceSpecification', price: '25.00', eligibleQuantity: { '@type': 'QuantitativeValue', minValue: '10' }, referenceQuantity: { '@type': 'QuantitativeValue', value: '3', unitCode: 'C62' } },
        { '@type': 'UnitPriceSpecification', price: '1.20', referenceQuantity: { '@type': 'QuantitativeValue', value: '100', unitCode: 'GRM' } },
        { '@type': 'DeliveryChargeSpecification', price: '0', priceCurrency: 'EUR', eligibleTransactionVolume: { '@type': 'PriceSpecification', minPrice: '50.00', priceCurrency: 'EUR' } },
      ],
      shippingDetails: { '@type': 'OfferShippingDetails', shippingRate: { '@type': 'MonetaryAmount', value: '4.95', currency: 'EUR' } },
    });
    const pricing = htmlResponse(html).structuredProduct()?.pricing;
    expect(pricing && {
      tiers: pricing.tiers.map((t) => [t.minQuantity, fixed(t.price), t.forQuantity, t.currency]),
      unit: pricing.unitPrice && [fixed(pricing.unitPrice.amount), pricing.unitPrice.quantity.toFixed(), pricing.unitPrice.unit],
      shipping: pricing.shipping && [fixed(pricing.shipping.cost), fixed(pricing.shipping.freeOver), pricing.shipping.currency],
      availability: pricing.availability,
      refused: pricing.refused,
    }).toEqual({
      tiers: [[3, '9.00', 1, 'EUR'], [10, '25.00', 3, 'EUR']],
      unit: ['1.20', '100', 'g'],
      shipping: ['4.95', '50.00', 'EUR'],
      availability: 'InStock',
      refused: {},
    });
  });

  it('shipping rates that differ per destination refuse rather than pick one', () => {
    const html = jsonLd({ '@type': 'Offer', price: '10.00', priceCurrency: 'EUR', shippingDetails: [
      { '@type': 'OfferShippingDetails', shippingRate: { '@type': 'MonetaryAmount', value: '4.95', currency: 'EUR' }, shippingDestination: { addressCountry: 'DE' } },
      { '@type': 'OfferShippingDetails', shippingRate: { '@type': 'MonetaryAmount', value: '9.95', currency: 'EUR' }, shippingDestination: { addressCountry: 'AT' } },
    ] });
    const pricing = htmlResponse(html).structuredProduct()?.pricing;
    expect([pricing?.shipping, pricing?.refused]).toEqual([null, { shipping: 'price/ambiguous' }]);
  });

  it('an offer that states two different prices has none: a struck price marked up as price beside the current one, a JSON-LD array', () => {
    const microdata = (inner: string) => `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Kettle</span>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">${inner}<meta itemprop="priceCurrency" content="USD"></div></div>`;
    // Read before as the first one: 49.99, the struck price.
    const struckFirst = htmlResponse(microdata('<del itemprop="price" content="49.99">$49.99</del> <span itemprop="price" content="29.99">$29.99</span>')).structuredProduct();
    expect([struckFirst?.price, struckFirst?.priceRefusal]).toEqual([null, { reason: 'price/ambiguous', detail: 'an offer states several prices: 49.99, 29.99' }]);
    expect(prices(jsonLd({ '@type': 'Offer', price: ['29.99', '19.99'], priceCurrency: 'USD' }))?.price).toBe(null);
    // The same price twice (a sticky bar repeats it) is one price.
    expect(prices(microdata('<span itemprop="price" content="29.99">$29.99</span><span itemprop="price" content="29.99">$29.99</span>'))?.price).toBe('29.99');
  });
});
