// Prices a page's data states twice or as placeholders: two OpenGraph price tags that disagree, a zero offer beside priced ones.
import { describe, expect, it } from 'vitest';
import { htmlResponse } from '../support/html-response';
import { Decimal } from '../../src/core/money';

const ld = (json: string) => `<script type="application/ld+json">${json}</script>`;

function read(head: string) {
  const product = htmlResponse(`<html><head>${head}</head><body></body></html>`).structuredProduct();
  return product && { price: product.price?.toFixed(2) ?? null, low: product.priceRange?.low.toFixed(2) ?? null, refusal: product.priceRefusal?.reason ?? null };
}

describe('OpenGraph price tags that disagree', () => {
  it('product:price:amount 24.99 beside og:price:amount 19.99 (two plugins, one stale): neither is chosen', () => {
    const tags = '<meta property="og:title" content="Kettle"><meta property="product:price:amount" content="24.99"><meta property="og:price:amount" content="19.99"><meta property="og:price:currency" content="EUR">';
    expect(read(tags)).toMatchObject({ price: null, refusal: 'price/ambiguous' });
    // The same amount written twice, in two spellings, is one price.
    const same = '<meta property="og:title" content="Kettle"><meta property="product:price:amount" content="19.99"><meta property="og:price:amount" content="19,99"><meta property="og:price:currency" content="EUR">';
    expect(read(same)).toMatchObject({ price: '19.99', refusal: null });
  });
});

describe('a zero offer beside priced ones', () => {
  it('is a placeholder (an unpriced variant, "price on request"), never the lowest price: 0.00 made the product unstorable', () => {
    const offers = (prices: string[]) => ld(JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle', sku: 'K1', offers: prices.map((price) => ({ '@type': 'Offer', price, priceCurrency: 'EUR' })) }));
    expect(read(offers(['0.00', '19.99', '24.99']))).toMatchObject({ price: '19.99', low: '19.99' });
    const nested = ld(JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle', sku: 'K1', offers: { '@type': 'AggregateOffer', priceCurrency: 'EUR', offers: [{ '@type': 'Offer', price: 0 }, { '@type': 'Offer', price: '19.99' }] } }));
    expect(read(nested)).toMatchObject({ price: '19.99' });
    // Zero alone stays zero: the pipeline refuses it as price/zero with its reason.
    expect(read(offers(['0']))).toMatchObject({ price: '0.00' });
  });
});

describe('one offer stating its price twice', () => {
  const microdata = (prices: string) =>
    `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Kettle</h1><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="EUR">${prices}</div></div>`;

  it('the same amount in two spellings (a meta for machines, the shown "19,99 €") is one price', () => {
    expect(read(microdata('<meta itemprop="price" content="19.99"><span itemprop="price">19,99 €</span>'))).toMatchObject({ price: '19.99', refusal: null });
    expect(read(ld(JSON.stringify({ '@type': 'Product', name: 'Kettle', offers: { '@type': 'Offer', price: ['19.99', '19,99'], priceCurrency: 'EUR' } })))).toMatchObject({ price: '19.99' });
  });

  it('two amounts (the struck one marked up as price too), or one that reads as none, stay refused', () => {
    expect(read(microdata('<meta itemprop="price" content="19.99"><span itemprop="price">24,99 €</span>'))).toMatchObject({ price: null, refusal: 'price/ambiguous' });
    expect(read(microdata('<meta itemprop="price" content="19.99"><span itemprop="price">on request</span>'))).toMatchObject({ price: null, refusal: 'price/ambiguous' });
  });
});

describe('a price element whose content attribute and shown text differ', () => {
  const microdata = (price: string) =>
    `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Kettle</h1><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="EUR">${price}</div></div>`;
  const rdfa = (price: string) =>
    `<div vocab="https://schema.org/" typeof="Product"><h1 property="name">Kettle</h1><div property="offers" typeof="Offer"><meta property="priceCurrency" content="EUR">${price}</div></div>`;

  it('states two prices: no price (the content attribute\'s was taken, whatever the shopper was shown)', () => {
    expect(read(microdata('<span itemprop="price" content="19.99">24,99 €</span>'))).toMatchObject({ price: null, refusal: 'price/ambiguous' });
    expect(read(rdfa('<span property="price" content="19.99">24,99 €</span>'))).toMatchObject({ price: null, refusal: 'price/ambiguous' });
    const detail = htmlResponse(microdata('<span itemprop="price" content="19.99">24,99 €</span>')).structuredProduct()?.priceRefusal?.detail;
    expect(detail).toBe('an offer states several prices: 19.99, shown 24,99 €');
  });

  it('the same amount shown as shops print it is one price (PrestaShop, Shopware 5, thousands, raised cents)', () => {
    for (const [content, shown] of [['19.9', '19,90&nbsp;€'], ['19.99', '19,99&nbsp;€&nbsp;*'], ['1299.00', '1.299,00 €'], ['19.99', '19<sup>99</sup> €'], ['19.99', '<span class="currency">€</span> 19,99']]) {
      expect(read(microdata(`<span itemprop="price" content="${content}">${shown}</span>`))).toMatchObject({ price: new Decimal(content).toFixed(2), refusal: null });
    }
    // Text with no amount in it (an icon, a label) says nothing against the content.
    expect(read(microdata('<span itemprop="price" content="19.99"><i class="icon-tag"></i></span>'))).toMatchObject({ price: '19.99', refusal: null });
  });
});

describe('a structured price written as a word', () => {
  it('"Free", "Gratis", "kostenlos" are no number: refused as price/not-a-price saying so (they read as 0.00)', () => {
    const offer = (price: string) => ld(JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle', sku: 'K1', offers: { '@type': 'Offer', price, priceCurrency: 'EUR' } }));
    for (const word of ['Free', 'gratis', 'Kostenlos', 'FREE!']) {
      expect(read(offer(word))).toEqual({ price: null, low: null, refusal: 'price/not-a-price' });
    }
    const detail = htmlResponse(`<html><head>${offer('Free')}</head></html>`).structuredProduct()?.priceRefusal?.detail;
    expect(detail).toBe('the structured price "Free" is a word, not a number: schema.org states a price in digits');
    const og = '<meta property="og:title" content="Kettle"><meta property="product:price:amount" content="Gratis"><meta property="product:price:currency" content="EUR">';
    expect(read(og)).toEqual({ price: null, low: null, refusal: 'price/not-a-price' });
    // A written zero stays zero, for the pipeline to refuse as price/zero.
    expect(read(offer('0'))).toMatchObject({ price: '0.00' });
  });
});
