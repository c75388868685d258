// Structured-data extraction on saved real-looking pages with distractors (related products, struck prices, ranges, broken blocks).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { CrawlResponse } from '../../src/core/response';
import type { Decimal } from '../../src/core/money';
import { toCurrencyScale } from '../../src/prices/iso-currencies';
import type { StructuredProduct } from '../../src/structured/structured-types';

const FIXTURES = join(import.meta.dirname, '../fixtures/structured');

function page(file: string, url: string): CrawlResponse {
  const text = readFileSync(join(FIXTURES, file), 'utf8');
  const body = Buffer.from(text);
  return new CrawlResponse({ request: new CrawlRequest({ url }), url, status: 200, headers: {}, body, text, encoding: 'utf-8', timings: { startedAtMs: 0, finishedAtMs: 0 } });
}

/** Decimals as their exact text, so expectations read like the page. */
function plain(product: StructuredProduct | null) {
  if (!product) return null;
  const d = (value: Decimal | null) => (value ? toCurrencyScale(value, product.currency) : null);
  return {
    ...product,
    price: d(product.price),
    regularPrice: d(product.regularPrice),
    salePrice: d(product.salePrice),
    priceRange: product.priceRange ? { low: d(product.priceRange.low), high: d(product.priceRange.high) } : null,
    statedPrices: product.statedPrices.map((stated) => ({ ...stated, price: d(stated.price) })),
    offerPrices: product.offerPrices.map(d),
  };
}

describe('structuredProduct() on saved pages', () => {
  it('JSON-LD @graph, lower-case @type, numeric prices kept exact, strikethrough = regular; related products and a broken block ignored', () => {
    const res = page('jsonld-graph-sale.html', 'https://www.soundhouse.example/p/sony-wh-1000xm5?ref=home');
    const data = res.structuredData();
    expect(plain(data.product)).toEqual({
      name: 'Sony WH-1000XM5 Wireless Headphones – Black & Silver',
      sku: 'SH-88412',
      gtin: '4548736132610',
      brand: 'Sony',
      category: null,
      url: 'https://www.soundhouse.example/p/sony-wh-1000xm5',
      price: '1299.00',
      currency: 'USD',
      availability: 'InStock',
      regularPrice: '1499.00',
      salePrice: '1299.00',
      priceRange: null,
      pricing: { unitPrice: null, tiers: [], shipping: null, availability: 'InStock', refused: {} },
      statedPrices: [{ source: 'json-ld', price: '1299.00', currency: 'USD' }, { source: 'opengraph', price: '1299.00', currency: 'USD' }],
      offerPrices: ['1299.00', '1299.00'],
      priceRefusal: null,
      sources: { name: 'json-ld', sku: 'json-ld', gtin: 'json-ld', brand: 'json-ld', url: 'json-ld', price: 'json-ld', currency: 'json-ld', availability: 'json-ld' },
      // Its @id is this page's URL with #product.
      mainEntityOf: 'https://www.soundhouse.example/p/sony-wh-1000xm5',
    });
    expect(data.skipped).toEqual([{ syntax: 'json-ld', index: 0, reason: 'json-ld/malformed', detail: expect.any(String) }]);
    // The "customers also bought" ItemList is on the page too: listed, never the page's product.
    expect(data.products.map((p) => p.sku)).toEqual(['SH-88412', 'SH-90210', 'SH-77001']);
  });

  it('AggregateOffer by @id reference from WebPage.mainEntity, inside CDATA: low price and range, no sale', () => {
    const res = page('jsonld-aggregate.html', 'https://preise.example/p/4059952513218');
    expect(plain(res.structuredProduct())).toMatchObject({
      name: 'Bosch Professional GSR 12V-15 Akku-Bohrschrauber',
      gtin: '4059952513218',
      brand: 'Bosch Professional',
      price: '89.90',
      currency: 'EUR',
      availability: 'InStock',
      regularPrice: '89.90',
      salePrice: null,
      priceRange: { low: '89.90', high: '134.50' },
    });
    expect(res.structuredData().skipped).toEqual([{ syntax: 'json-ld', index: 1, reason: 'json-ld/empty' }]);
  });

  it('microdata: the main item scope, nested offer and ListPrice specification; related items and review text ignored', () => {
    const res = page('microdata-related.html', 'https://harbourfinch.example/product/oak-ash-side-table');
    expect(plain(res.structuredProduct())).toMatchObject({
      name: 'Oak & Ash Side Table',
      sku: 'HF-10442',
      gtin: '5056123400442',
      brand: 'Nordhavn',
      url: null,
      price: '24.99',
      currency: 'GBP',
      availability: 'OutOfStock',
      regularPrice: '39.99',
      salePrice: '24.99',
      sources: { price: 'microdata', name: 'microdata' },
    });
    expect(res.structuredProducts().map((p) => p.url)).toEqual([null, 'https://harbourfinch.example/product/birch-lamp', 'https://harbourfinch.example/product/linen-throw']);
  });

  it('RDFa with vocab/typeof/property, OpenGraph filling the gaps (brand), entities decoded', () => {
    const product = page('rdfa-opengraph.html', 'https://maison-lumiere.example/produit/cafetiere-1-5').structuredProduct();
    expect(plain(product)).toMatchObject({ name: 'Cafetière à piston 1,5 L', sku: 'ML-2207', brand: 'Lumière', price: '1234.50', currency: 'EUR', availability: 'LimitedAvailability', salePrice: null });
    expect(product?.sources).toMatchObject({ name: 'rdfa', price: 'rdfa', brand: 'opengraph', url: 'opengraph' });
  });

  it('OpenGraph alone: sale_price is the price, the listed amount the regular one', () => {
    const product = page('opengraph-only.html', 'https://butik.example/kanken-16').structuredProduct();
    expect(plain(product)).toMatchObject({ name: 'Fjällräven Kånken 16 L – Frost Green', sku: 'F23510-664', price: '699.00', currency: 'SEK', regularPrice: '899.00', salePrice: '699.00', availability: 'InStock' });
    expect(product?.sources.price).toBe('opengraph');
  });

  it('a listing: no single product; ItemList and microdata cards merged by sku; several offers give the lowest and a range', () => {
    const res = page('listing-itemlist.html', 'https://trail.example/c/running');
    expect(res.structuredProduct()).toBeNull();
    const products = res.structuredProducts().map(plain);
    expect(products.map((p) => [p?.sku, p?.url, p?.price, p?.availability])).toEqual([
      ['TR-1', 'https://trail.example/p/pegasus-trail-5', '139.95', 'InStock'],
      ['TR-2', 'https://trail.example/p/speedgoat-6', '154.95', 'PreOrder'],
      ['TR-3', 'https://trail.example/p/cloudmonster-2', '169.99', null],
    ]);
    expect(products[1]?.sources).toMatchObject({ price: 'json-ld', availability: 'microdata' });
    expect(products[2]?.priceRange).toEqual({ low: '169.99', high: '179.99' });
  });

  it('a page without structured data has no product and skips nothing', () => {
    const res = new CrawlResponse({ request: new CrawlRequest({ url: 'http://x.test/' }), url: 'http://x.test/', status: 200, headers: {}, body: Buffer.from(''), text: '<p>$9.99</p>', encoding: 'utf-8', timings: { startedAtMs: 0, finishedAtMs: 0 } });
    expect(res.structuredData()).toEqual({ product: null, products: [], skipped: [] });
  });
});
