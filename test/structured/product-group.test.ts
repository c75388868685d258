// A ProductGroup's variants (Google's product-variant markup): which variant's offer is the page's.
import { describe, expect, it } from 'vitest';
import { htmlResponse } from '../support/html-response';

const coat = 'https://shop.example/coat';
type Variant = { sku: string; price: string; url?: string; offerUrl?: string };
const variant = ({ sku, price, url, offerUrl }: Variant) => ({ '@type': 'Product', sku, name: `Coat ${sku}`, ...(url ? { url } : {}), offers: { '@type': 'Offer', price, priceCurrency: 'USD', ...(offerUrl ? { url: offerUrl } : {}) } });
const page = (variants: Variant[]) =>
  `<html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'ProductGroup', name: 'Coat', productGroupID: 'C1', url: coat, variesBy: ['https://schema.org/size'], hasVariant: variants.map(variant) })}</script></head><body><h1>Coat</h1></body></html>`;

function read(html: string, url: string) {
  const product = htmlResponse(html, {}, url).structuredProduct();
  return product && { price: product.price?.toFixed(2) ?? null, range: product.priceRange && [product.priceRange.low.toFixed(2), product.priceRange.high?.toFixed(2) ?? null] };
}

describe('a ProductGroup fetched at one variant\'s URL', () => {
  it('the variant whose offer names the page is the page\'s', () => {
    const variants = [{ sku: 'S', price: '39.99', offerUrl: `${coat}?size=s` }, { sku: 'L', price: '49.99', offerUrl: `${coat}?size=l` }];
    expect(read(page(variants), `${coat}?size=l`)).toEqual({ price: '49.99', range: null });
  });

  it('so is the variant whose own url names the page, its offer stating none (the small coat\'s 39.99 was the price, beside a range)', () => {
    const variants = [{ sku: 'S', price: '39.99', url: `${coat}?size=s` }, { sku: 'L', price: '49.99', url: `${coat}?size=l` }];
    expect(read(page(variants), `${coat}?size=l`)).toEqual({ price: '49.99', range: null });
    // At the group's own URL no variant is chosen: the spread stands.
    expect(read(page(variants), coat)).toEqual({ price: '39.99', range: ['39.99', '49.99'] });
  });
});
