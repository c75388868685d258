// Structured price amounts and availability values: exact digits, schema.org's "." convention, enum mapping.
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { normalizeAvailability } from '../../src/structured/availability';
import { readJsonLd } from '../../src/structured/json-ld';
import { readStructuredAmount, structuredAmount } from '../../src/structured/structured-amount';
import { extractStructuredData } from '../../src/structured/structured-data';

const ld = (json: string) => `<script type="application/ld+json">${json}</script>`;

describe('structured values', () => {
  it('keeps JSON numbers as their written digits (no float on the way)', () => {
    const $ = cheerio.load(ld('{"@type":"Product","sku":"X","offers":{"@type":"Offer","price":999999999999999.99,"priceCurrency":"usd"}}'));
    const { product } = extractStructuredData($, 'http://shop.test/p/x');
    expect(product?.price?.toFixed()).toBe('999999999999999.99');
    expect(product?.currency).toBe('USD');
    expect(readJsonLd($, 'http://shop.test/p/x').nodes[0].props.offers).toHaveLength(1);
  });

  it('resolves @id references against the page: "#offer" and the page URL\'s #offer are one node', () => {
    const graph = { '@context': 'https://schema.org', '@graph': [{ '@type': 'Product', name: 'Kettle', offers: { '@id': 'http://shop.test/p/x#offer' } }, { '@type': 'Offer', '@id': '#offer', price: '19.99', priceCurrency: 'EUR' }] };
    const { product } = extractStructuredData(cheerio.load(ld(JSON.stringify(graph))), 'http://shop.test/p/x');
    expect([product?.price?.toFixed(), product?.currency]).toEqual(['19.99', 'EUR']);
    // Another page's #offer is another node.
    const elsewhere = extractStructuredData(cheerio.load(ld(JSON.stringify(graph))), 'http://shop.test/p/y').product;
    expect(elsewhere?.price ?? null).toBeNull();
  });

  it('reads plain "3.350" with schema.org\'s decimal point, other texts through the price parser', () => {
    expect(structuredAmount('3.350', 'KWD')?.amount.toFixed()).toBe('3.35');
    expect(structuredAmount('1.234', null)?.amount.toFixed()).toBe('1.234');
    expect(structuredAmount('1.234,56 €', null)).toMatchObject({ currency: 'EUR' });
    expect(structuredAmount('1.234,56 €', null)?.amount.toFixed()).toBe('1234.56');
    expect(structuredAmount('£1,299.00', 'GBP')?.amount.toFixed()).toBe('1299');
    expect(structuredAmount('call us', 'GBP')).toBeNull();
    expect(structuredAmount(null, 'GBP')).toBeNull();
  });

  it('refuses a plain amount its currency is never printed with: "1.299" EUR is 1299 to the shop that wrote it, 1.299 to schema.org', () => {
    expect(structuredAmount('1.299', 'EUR')).toBeNull();
    expect(structuredAmount('1.234', 'USD')).toBeNull();
    expect(structuredAmount('12.5', 'JPY')).toBeNull();
    expect(structuredAmount('12.500', 'IQD')).toBeNull();
    expect(structuredAmount('12.3456', 'EUR')).toBeNull();
    // Not only the plain form: "12,50" in a yen offer is no amount of yen either (read 12.5 JPY).
    expect(structuredAmount('12,50', 'JPY')).toBeNull();
    expect(structuredAmount('1 980,50', 'JPY')).toBeNull();
    // At the currency's scale, or zeros past it (platforms print "29.9900"): the amount stands.
    expect(structuredAmount('29.9900', 'EUR')?.amount.toFixed()).toBe('29.99');
    expect(structuredAmount('1980.0', 'JPY')?.amount.toFixed()).toBe('1980');
    expect(structuredAmount('12.500', 'OMR')?.amount.toFixed()).toBe('12.5');
    expect(structuredAmount('12.5', 'eur')?.amount.toFixed()).toBe('12.5');
  });

  it('says why it refuses three decimals off the currency\'s scale ("1299.000" EUR gave no reason: the item said no price was found)', () => {
    expect(readStructuredAmount('1299.000', 'EUR')).toEqual({ reason: 'price/ambiguous', detail: 'the structured price "1299.000" has three decimals, which EUR is never printed with: 1299.000 to schema.org, or thousands the page wrote' });
    const $ = cheerio.load(ld('{"@type":"Product","name":"Kettle","offers":{"@type":"Offer","price":"1299.000","priceCurrency":"EUR"}}'));
    expect(extractStructuredData($, 'https://shop.example/p/1').product?.priceRefusal?.reason).toBe('price/ambiguous');
  });

  it('refuses a price text whose own currency contradicts priceCurrency, and takes no default for a priceCurrency it does not know', () => {
    expect(structuredAmount('£12.99', 'USD', 'USD')).toBeNull();
    expect(structuredAmount('$12.99', 'EUR', 'USD')).toBeNull();
    expect(structuredAmount('12,99 €', '€', 'USD')).toMatchObject({ currency: 'EUR' });
    expect(structuredAmount('12.99', 'AUD$', 'USD')).toMatchObject({ currency: null });
    const $ = cheerio.load(ld('{"@type":"Product","sku":"X","offers":{"@type":"AggregateOffer","lowPrice":"12.99","highPrice":"19.99","priceCurrency":"Dollar (AU)"}}'));
    const { product } = extractStructuredData($, 'http://shop.test/p/x', { defaultCurrency: 'USD' });
    expect([product?.price?.toFixed(), product?.currency]).toEqual(['12.99', null]);
  });

  it('reads no currency in market data\'s spelling of a hundredth ("GBp" pence, "USd" cents): upper-cased, 1299 pence were 1299 pounds', () => {
    expect(structuredAmount('1299', 'GBp', 'GBP')).toMatchObject({ currency: null });
    for (const code of ['GBp', 'USd']) {
      const $ = cheerio.load(ld(`{"@type":"Product","sku":"X","offers":{"@type":"Offer","price":"1299","priceCurrency":"${code}"}}`));
      const { product } = extractStructuredData($, 'http://shop.test/p/x', { defaultCurrency: 'GBP' });
      expect([product?.price?.toFixed(), product?.currency, product?.currencyCandidates]).toEqual(['1299', null, []]);
    }
    // A specification's own currency, and a unit price's, are read the same way.
    const spec = cheerio.load(ld('{"@type":"Product","sku":"X","offers":{"@type":"Offer","priceSpecification":[{"@type":"UnitPriceSpecification","price":"1299","priceCurrency":"GBp"},{"@type":"UnitPriceSpecification","price":"260","priceCurrency":"GBp","referenceQuantity":{"@type":"QuantitativeValue","value":1,"unitCode":"KGM"}}]}}'));
    const { product } = extractStructuredData(spec, 'http://shop.test/p/x', { defaultCurrency: 'GBP' });
    expect([product?.currency, product?.pricing.unitPrice?.currency]).toEqual([null, null]);
    // Lower case throughout is the ISO code still, as platforms write it.
    const lower = cheerio.load(ld('{"@type":"Product","sku":"X","offers":{"@type":"Offer","price":"12.99","priceCurrency":"gbp"}}'));
    expect(extractStructuredData(lower, 'http://shop.test/p/x', {}).product?.currency).toBe('GBP');
  });

  it('reads no price in an ISO 4217 code of no money: XXX ("no currency", a platform\'s unset currency), a metal, the test code', () => {
    for (const code of ['XXX', 'XAU', 'XTS']) {
      const $ = cheerio.load(ld(`{"@type":"Product","sku":"X","offers":{"@type":"Offer","price":"1200","priceCurrency":"${code}"}}`));
      const { product } = extractStructuredData($, 'http://shop.test/p/x', { defaultCurrency: 'USD' });
      expect([product?.price ?? null, product?.currency ?? null]).toEqual([null, null]);
    }
    // The CFA and CFP francs and the East Caribbean dollar are money, X codes as they are.
    const $ = cheerio.load(ld('{"@type":"Product","sku":"X","offers":{"@type":"Offer","price":"12990","priceCurrency":"XOF"}}'));
    expect(extractStructuredData($, 'http://shop.test/p/x', {}).product?.currency).toBe('XOF');
  });

  it('reads no price from microdata or RDFa text whose cents are raised: "12<sup>99</sup>" was a price of 1299', () => {
    const offer = (price: string, currency: string) =>
      `<div itemscope itemtype="https://schema.org/Product"><meta itemprop="sku" content="X"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">${price}</span><meta itemprop="priceCurrency" content="${currency}"></div></div>`;
    const read = (html: string) => extractStructuredData(cheerio.load(html), 'http://shop.test/p/x', {}).product;
    expect(read(offer('12<sup>99</sup>', 'EUR'))?.price ?? null).toBeNull();
    expect(read(offer('$12<sup>99</sup>', 'USD'))?.price ?? null).toBeNull();
    const rdfa = '<div vocab="https://schema.org/" typeof="Product"><div property="offers" typeof="Offer"><span property="price">12<sup>99</sup> €</span><meta property="priceCurrency" content="EUR"></div></div>';
    expect(read(rdfa)?.price ?? null).toBeNull();
    // A raised footnote after the cents stays a footnote; split elements without <sup> read as written.
    expect(read(offer('$12.99<sup>1</sup>', 'USD'))?.price?.toFixed()).toBe('12.99');
    expect(read(offer('<span>12</span>,<span>99</span>', 'EUR'))?.price?.toFixed()).toBe('12.99');
  });

  it('a SalePrice specification below the offer price is the price; the offer price becomes regular', () => {
    const $ = cheerio.load(ld('{"@type":"Product","offers":{"@type":"Offer","price":"99.00","priceCurrency":"EUR","priceSpecification":{"@type":"PriceSpecification","priceType":"SalePrice","price":"79.00"}}}'));
    const { product } = extractStructuredData($, 'http://shop.test/p/y');
    expect([product?.price?.toFixed(), product?.regularPrice?.toFixed(), product?.salePrice?.toFixed()]).toEqual(['79', '99', '79']);
  });

  it('a price only in a plain priceSpecification, and a zero-length offers list, still read', () => {
    const $ = cheerio.load(ld('[{"@type":"Product","name":"A","offers":{"@type":"Offer","priceSpecification":{"@type":"UnitPriceSpecification","price":"4.20","priceCurrency":"CHF"}}},{"@type":"Product","name":"B","url":"/b","offers":[]}]'));
    const { products } = extractStructuredData($, 'http://shop.test/a');
    expect(products.map((p) => [p.name, p.price?.toFixed() ?? null, p.currency])).toEqual([['A', '4.2', 'CHF'], ['B', null, null]]);
  });

  it('compares offers in several currencies only within the shop currency, and gives no price without one', () => {
    const html = ld('{"@type":"Product","sku":"M","offers":[{"@type":"Offer","price":"12.99","priceCurrency":"USD"},{"@type":"Offer","price":"11.99","priceCurrency":"EUR"},{"@type":"Offer","price":"10.49","priceCurrency":"GBP"}]}');
    const read = (defaultCurrency?: string) => extractStructuredData(cheerio.load(html), 'http://shop.test/m', { defaultCurrency }).product;
    const inUsd = read('USD');
    // One offer is left: no range spanning 10.49 (GBP) to 12.99 (USD).
    expect([inUsd?.price?.toFixed(), inUsd?.currency, inUsd?.priceRange ?? null]).toEqual(['12.99', 'USD', null]);
    expect(read()?.price ?? null).toBeNull();
    expect(read('CHF')?.price ?? null).toBeNull();
    // Why there is none, for the item's refusal: the offers had prices, none in a currency to choose.
    expect(read('CHF')?.priceRefusal).toEqual({ reason: 'price/ambiguous', detail: 'structured offers in EUR, GBP, USD; none in the shop currency CHF' });
    expect(read()?.priceRefusal?.detail).toBe('structured offers in EUR, GBP, USD; the spider names no shop currency');
    expect(inUsd?.priceRefusal).toBeNull();
  });

  it('normalises availability from URLs, names and OpenGraph words', () => {
    expect(normalizeAvailability('https://schema.org/InStock')).toBe('InStock');
    expect(normalizeAvailability('http://schema.org/outofstock')).toBe('OutOfStock');
    expect(normalizeAvailability('schema:PreOrder')).toBe('PreOrder');
    expect(normalizeAvailability('in stock')).toBe('InStock');
    expect(normalizeAvailability('out_of_stock')).toBe('OutOfStock');
    expect(normalizeAvailability('available for order')).toBe('BackOrder');
    expect(normalizeAvailability('maybe')).toBeNull();
    expect(normalizeAvailability(null)).toBeNull();
  });
});
