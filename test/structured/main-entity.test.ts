// The page's own product named by its data: WebPage.mainEntity, Product.mainEntityOfPage, against a rival without a URL.
import { describe, expect, it } from 'vitest';
import { htmlResponse } from '../support/html-response';

const URL = 'https://shop.example/p/kettle';
const ld = (...blocks: object[]) => blocks.map((block) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...block })}</script>`).join('');
const offer = (price: string) => ({ '@type': 'Offer', price, priceCurrency: 'EUR' });
const kettle = { '@type': 'Product', name: 'Kettle', offers: offer('19.99') };
// An accessory's block, as an upsell app writes it: no URL, a price of its own, not named by the page.
const descaler = { '@type': 'Product', name: 'Descaler', offers: offer('4.99') };

function chosen(head: string, url = URL): string | null {
  const product = htmlResponse(`<html><head>${head}</head><body><h1>Our kettles</h1></body></html>`, {}, url).structuredProduct();
  return product ? `${product.name} ${product.price?.toFixed(2)}` : null;
}

describe('a product the page\'s data names its main entity', () => {
  it('WebPage.mainEntity of this page (or of a WebPage naming no other) beats an unnamed rival, before or after it', () => {
    expect(chosen(ld({ '@type': 'WebPage', url: URL, mainEntity: kettle }, descaler))).toBe('Kettle 19.99');
    expect(chosen(ld(descaler, { '@type': 'ItemPage', mainEntity: kettle }))).toBe('Kettle 19.99');
    expect(chosen(ld({ '@graph': [descaler, { '@type': 'WebPage', '@id': `${URL}#webpage`, mainEntity: { '@id': `${URL}#product` } }, { ...kettle, '@id': `${URL}#product` }] }))).toBe('Kettle 19.99');
  });

  it('Product.mainEntityOfPage this page, as a URL or a WebPage node (Yoast\'s @id reference)', () => {
    expect(chosen(ld(descaler, { ...kettle, mainEntityOfPage: URL }))).toBe('Kettle 19.99');
    expect(chosen(ld(descaler, { ...kettle, mainEntityOfPage: { '@type': 'WebPage', '@id': URL } }))).toBe('Kettle 19.99');
    expect(chosen(ld({ '@graph': [{ '@type': 'WebPage', '@id': `${URL}#webpage`, url: URL }, descaler, { ...kettle, mainEntityOfPage: { '@id': `${URL}#webpage` } }] }))).toBe('Kettle 19.99');
  });

  it('a main entity of another page names nothing here: the rivals stay unresolved', () => {
    expect(chosen(ld(descaler, { ...kettle, mainEntityOfPage: 'https://shop.example/p/other' }))).toBeNull();
    expect(chosen(ld({ '@type': 'WebPage', url: 'https://shop.example/p/other', mainEntity: kettle }, descaler))).toBeNull();
    // Data that contradicts itself (the main entity's URL is another page, a rival's is this one) decides nothing either.
    const elsewhere = { ...kettle, url: 'https://shop.example/p/other' };
    expect(chosen(ld({ '@type': 'WebPage', mainEntity: elsewhere }, { ...descaler, url: URL }))).toBeNull();
  });

  it('a product whose JSON-LD @id is this page\'s URL with a fragment (WooCommerce\'s, Yoast\'s `…#product`) in a @graph of several', () => {
    const descalerAt = { ...descaler, '@id': 'https://shop.example/p/descaler#product' };
    expect(chosen(ld({ '@graph': [descalerAt, { ...kettle, '@id': `${URL}#product` }] }))).toBe('Kettle 19.99');
    expect(chosen(ld({ '@graph': [{ ...kettle, '@id': `${URL}/#product` }, descalerAt] }), `${URL}/`)).toBe('Kettle 19.99');
    // A fragment alone names a node in the document, not a page: every product would be this page's.
    expect(chosen(ld({ '@graph': [{ ...descaler, '@id': '#related' }, { ...kettle, '@id': '#product' }] }))).toBeNull();
  });
});
