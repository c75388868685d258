import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { findJsonLdNode, flattenJsonLd, productOffer, readJsonLdBlocks, schemaEnumName } from '../../spiders/support/json-ld';
import { cleanText } from '../../spiders/support/page-text';

const ld = (json: string) => `<script type="application/ld+json">${json}</script>`;

describe('JSON-LD support', () => {
  it('skips malformed and empty blocks instead of throwing', () => {
    const $ = cheerio.load(`<head>${ld('{"@type":"BreadcrumbList",}')}${ld('  ')}${ld('{"@type":"Product","sku":"A1"}')}</head>`);
    expect(readJsonLdBlocks($)).toEqual([{ '@type': 'Product', sku: 'A1' }]);
    expect(findJsonLdNode($, 'Product')?.sku).toBe('A1');
  });

  it('flattens @graph and top-level arrays and matches @type lists and prefixed types', () => {
    const nodes = flattenJsonLd([{ '@graph': [{ '@type': 'Organization' }, { '@type': ['Thing', 'schema:Product'], sku: 'G' }] }, [{ '@type': 'http://schema.org/Offer' }]]);
    expect(nodes).toHaveLength(3);
    const $ = cheerio.load(ld(JSON.stringify({ '@graph': [{ '@type': 'Organization' }, { '@type': ['Thing', 'Product'], sku: 'G' }] })));
    expect(findJsonLdNode($, 'Product')?.sku).toBe('G');
    expect(findJsonLdNode($, 'Offer')).toBeNull();
  });

  it('reads Offer, Offer lists and AggregateOffer lowPrice as the exact source strings', () => {
    expect(productOffer({ offers: { '@type': 'Offer', price: '1299.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' } })).toEqual({ priceText: '1299.00', currency: 'USD', availability: 'InStock', listPriceText: null });
    expect(productOffer({ offers: [{ '@type': 'Offer', price: '5.10', priceSpecification: [{ priceType: 'https://schema.org/StrikethroughPrice', price: '7.00' }] }] })?.listPriceText).toBe('7.00');
    expect(productOffer({ offers: { '@type': 'AggregateOffer', lowPrice: '10.00', highPrice: '19.00' } })?.priceText).toBe('10.00');
    expect(productOffer({ name: 'no offers' })).toBeNull();
  });

  it('refuses numeric JSON prices (they went through a float) so the caller falls back to page text', () => {
    expect(productOffer({ offers: { '@type': 'Offer', price: 12.3, priceCurrency: 'EUR' } })?.priceText).toBeNull();
  });

  it('normalises schema enums and whitespace', () => {
    expect(schemaEnumName('http://schema.org/OutOfStock')).toBe('OutOfStock');
    expect(schemaEnumName('')).toBeNull();
    expect(cleanText('  1.234,56\u00a0€ \n')).toBe('1.234,56 €');
    expect(cleanText(' \u00a0 ')).toBeNull();
  });
});
