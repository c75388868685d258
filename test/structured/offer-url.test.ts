// An Offer's `url` is where it is bought (schema.org): one naming another page prices that page's product, not this one's.
// Markup as Shopify, WooCommerce, a Magento SEO extension and Google's product-snippet example write it (written for these tests).
import { describe, expect, it } from 'vitest';
import { productItem } from '../../src/items/product-item';
import { htmlResponse } from '../support/html-response';
import { ld, offer, page, read } from '../support/offer-page';

describe('offers whose url is the page itself, as shop platforms write it: read as before', () => {
  it('Shopify (request.origin + variant.url): the variant\'s ?variant= URL, at the product\'s path or under a collection with its canonical', () => {
    const tee = { '@type': 'Product', name: 'Tee', url: 'https://shop.example/products/tee', offers: [offer('19.99', 'https://shop.example/products/tee?variant=41'), offer('24.99', 'https://shop.example/products/tee?variant=42')] };
    expect(read(page(ld(tee)), 'https://shop.example/products/tee')).toBe('19.99 (19.99–24.99)');
    expect(read(page(ld(tee)), 'https://shop.example/products/tee?variant=42')).toBe('24.99');
    const canonical = '<link rel="canonical" href="https://shop.example/products/tee">';
    expect(read(page(canonical + ld({ ...tee, url: undefined })), 'https://shop.example/collections/summer/products/tee')).toBe('19.99 (19.99–24.99)');
  });

  it('WooCommerce (the permalink with its trailing slash), fetched over http, at www., in a locale folder, with a query', () => {
    const beanie = { '@type': 'Product', name: 'Beanie', offers: [{ ...offer('18.00', 'https://shop.example/product/beanie/'), priceValidUntil: '2027-12-31', seller: { '@type': 'Organization', name: 'Shop', url: 'https://shop.example' } }] };
    for (const url of ['https://shop.example/product/beanie/', 'http://www.shop.example/product/beanie', 'https://shop.example/en/product/beanie/', 'https://shop.example/product/beanie/?utm_source=feed']) {
      expect(read(page(ld(beanie)), url)).toBe('18.00');
    }
  });

  it('Magento with category paths: the offer names the canonical short URL, the page is fetched under its category', () => {
    const head = '<link rel="canonical" href="https://shop.example/joust-duffle-bag.html">' + ld({ '@type': 'Product', name: 'Joust Duffle Bag', sku: '24-MB01', offers: offer('34.00', 'https://shop.example/joust-duffle-bag.html') });
    expect(read(page(head), 'https://shop.example/gear/bags/joust-duffle-bag.html')).toBe('34.00');
  });

  it('Google\'s product snippet example, fetched at its own URL; an offer at the shop\'s root (a theme\'s placeholder) names no other product', () => {
    const anvil = { '@type': 'Product', name: 'Executive Anvil', sku: '0446310786', offers: { ...offer('119.99', 'https://example.com/anvil'), priceValidUntil: '2030-11-20' } };
    expect(read(page(ld(anvil)), 'https://example.com/anvil')).toBe('119.99');
    expect(read(page(ld({ ...anvil, offers: offer('119.99', 'https://example.com/') })), 'https://example.com/anvil')).toBe('119.99');
    expect(read(page(ld({ ...anvil, offers: offer('119.99', 'javascript:void(0)') })), 'https://example.com/anvil')).toBe('119.99');
  });

  it('a ProductGroup whose variants have paths of their own: each variant\'s offer is the group\'s', () => {
    const variant = (path: string, price: string) => ({ '@type': 'Product', name: `Coat ${path}`, url: `https://shop.example/${path}`, offers: offer(price) });
    const coat = { '@type': 'ProductGroup', name: 'Coat', url: 'https://shop.example/coat', hasVariant: [variant('coat-green', '80.00'), variant('coat-blue', '90.00')] };
    expect(read(page(ld(coat)), 'https://shop.example/coat')).toBe('80.00 (80.00–90.00)');
  });
});

describe('offers whose url is another page: no price of this one (one was stored, two gave the lowest with a range)', () => {
  it('a marketplace listing whose offer is at the seller\'s page on another host', () => {
    const listing = { '@type': 'Product', name: 'Lamp', url: 'https://market.example/listing/9', offers: { ...offer('25.00', 'https://seller.example/item/9'), seller: { '@type': 'Organization', name: 'Seller' } } };
    expect(read(page(ld(listing)), 'https://market.example/listing/9')).toBe('price/other-page: structured offers are for other pages (url https://seller.example/item/9), none for this one');
  });

  it('a bundle whose offers are its components\' pages; beside the product\'s own offer, only its own counts', () => {
    const parts = [offer('19.99', '/p/kettle'), offer('4.99', '/p/descaler')];
    const kit = { '@type': 'Product', name: 'Starter kit', url: 'https://shop.example/p/starter-kit', offers: parts };
    expect(read(page(ld(kit)), 'https://shop.example/p/starter-kit')).toBe('price/other-page: structured offers are for other pages (url https://shop.example/p/kettle, https://shop.example/p/descaler), none for this one');
    expect(read(page(ld({ ...kit, offers: [offer('22.00', '/p/starter-kit'), ...parts] })), 'https://shop.example/p/starter-kit')).toBe('22.00');
    expect(read(page(ld({ ...kit, offers: [offer('22.00'), ...parts] })), 'https://shop.example/p/starter-kit')).toBe('22.00');
  });

  it('a related product\'s block naming no product URL is that page\'s product: never this page\'s, alone or beside its own', () => {
    const descaler = ld({ '@type': 'Product', name: 'Descaler', sku: 'D1', offers: offer('4.99', 'https://shop.example/p/descaler') });
    const alone = htmlResponse(page(descaler, '<h1>Kettle</h1><p class="price">$19.99</p>'), {}, 'https://shop.example/p/kettle');
    expect(alone.structuredProduct()).toBeNull();
    // Still listed with its own price: its offer is at its page.
    expect(alone.structuredData().products.map((p) => `${p.name} ${p.price?.toFixed(2)}`)).toEqual(['Descaler 4.99']);
    expect(productItem(alone)).toMatchObject({ sku: 'https://shop.example/p/kettle', name: 'Kettle', source: 'visible' });
    expect(productItem(alone)?.price?.toString()).toBe('19.99');
    // The page's own product in microdata, written after the block (Magento's Luma template: an offer with no url).
    const luma = '<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Kettle</span><meta itemprop="sku" content="K1"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="19.99"><meta itemprop="priceCurrency" content="USD"></div></div>';
    const beside = htmlResponse(page(descaler, `<h1>Kettle</h1>${luma}`), {}, 'https://shop.example/p/kettle');
    expect(beside.structuredProduct()).toMatchObject({ name: 'Kettle', sku: 'K1' });
    // With OpenGraph the page's only description of itself, it is the product.
    const og = htmlResponse(page(`${descaler}<meta property="og:title" content="Kettle"><meta property="product:price:amount" content="19.99"><meta property="product:price:currency" content="USD">`), {}, 'https://shop.example/p/kettle');
    expect(og.structuredProduct()?.price?.toFixed(2)).toBe('19.99');
  });

  it('a listing\'s items naming no URL, each offer at the item\'s page: each keeps its price, none is the page\'s', () => {
    const item = (position: number, name: string, price: string) => ({ '@type': 'ListItem', position, item: { '@type': 'Product', name, offers: offer(price, `/p/${name.toLowerCase()}`) } });
    const list = htmlResponse(page(ld({ '@type': 'ItemList', itemListElement: [item(1, 'Kettle', '19.99'), item(2, 'Toaster', '29.99')] })), {}, 'https://shop.example/c/kitchen');
    expect(list.structuredProduct()).toBeNull();
    expect(list.structuredData().products.map((p) => `${p.name} ${p.price?.toFixed(2)}`)).toEqual(['Kettle 19.99', 'Toaster 29.99']);
  });
});
