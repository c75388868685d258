// Offers named by url beyond a product's own offers: an AggregateOffer's sellers (marketplaces, price comparison sites), cart
// links, and Magento's category paths. Markup as Idealo/PriceRunner-style comparison pages, an Amazon-like marketplace,
// WooCommerce, Shopify, Magento 2 and PrestaShop write it (written for these tests).
import { describe, expect, it } from 'vitest';
import { productItem } from '../../src/items/product-item';
import { structuredItem } from '../../src/items/structured-item';
import { htmlResponse } from '../support/html-response';
import { ld, offer, page, read } from '../support/offer-page';

const seller = (name: string, price: string, url: string) => ({ ...offer(price, url), priceCurrency: 'EUR', seller: { '@type': 'Organization', name } });

describe('an AggregateOffer\'s nested offers are checked against the page as single offers are', () => {
  // A comparison page: every offer is bought at the shop's page, reached through the site's relocator.
  const comparisonUrl = 'https://www.compare.example/preisvergleich/OffersOfProduct/201234_-wh-1000xm5-sony.html';
  const headphones = {
    '@type': 'Product', name: 'Sony WH-1000XM5', gtin13: '4548736132610', url: comparisonUrl,
    offers: {
      '@type': 'AggregateOffer', priceCurrency: 'EUR', lowPrice: '279.00', highPrice: '349.00', offerCount: 3,
      offers: [
        seller('ShopA', '279.00', 'https://www.compare.example/relocator/relocate?offerKey=a1'),
        seller('ShopB', '299.00', 'https://www.compare.example/relocator/relocate?offerKey=b2'),
        seller('ShopC', '349.00', 'https://shop-c.example/sony-wh1000xm5'),
      ],
    },
  };

  it('a comparison page whose sellers\' offers are all at other pages: no structured price, price/other-page naming them', () => {
    const res = htmlResponse(page(ld(headphones), '<h1>Sony WH-1000XM5</h1><p>ab 279,00 €</p>'), {}, comparisonUrl);
    expect(read(page(ld(headphones)), comparisonUrl)).toBe(
      'price/other-page: structured offers are for other pages (url https://www.compare.example/relocator/relocate?offerKey=a1, https://www.compare.example/relocator/relocate?offerKey=b2, https://shop-c.example/sony-wh1000xm5), none for this one',
    );
    // structuredItem has no page to ask: the lowPrice, the cheapest seller's, was stored as the page's price.
    expect(structuredItem(res.structuredProduct()!, res.url)).toMatchObject({ price: null, priceRefusal: 'price/other-page' });
  });

  it('a marketplace listing whose own offer sits among its sellers\': the page\'s own offer is the price, not the lowPrice', () => {
    const listing = 'https://market.example/dp/B0C1234567';
    const own = { ...offer('24.99', listing), priceCurrency: 'EUR', seller: { '@type': 'Organization', name: 'Market' } };
    const lamp = {
      '@type': 'Product', name: 'Desk lamp', sku: 'B0C1234567',
      offers: { '@type': 'AggregateOffer', priceCurrency: 'EUR', lowPrice: '22.00', highPrice: '26.00', offerCount: 3, offers: [own, seller('Lampenwelt', '22.00', 'https://market.example/gp/offer-listing/B0C1234567?seller=A1'), seller('Lux', '26.00', 'https://market.example/gp/offer-listing/B0C1234567?seller=B2')] },
    };
    const res = htmlResponse(page(ld(lamp)), {}, listing);
    expect(read(page(ld(lamp)), listing)).toBe('24.99');
    expect(structuredItem(res.structuredProduct()!, res.url)).toMatchObject({ priceLow: null, priceHigh: null });
    expect(structuredItem(res.structuredProduct()!, res.url).price?.toString()).toBe('24.99');
  });

  it('nested offers naming no URL (a variable product\'s variants, sellers on this page) read as before', () => {
    const shirt = { '@type': 'Product', name: 'Shirt', offers: { '@type': 'AggregateOffer', priceCurrency: 'USD', lowPrice: '18.00', highPrice: '22.00', offers: [offer('18.00'), offer('22.00')] } };
    expect(read(page(ld(shirt)), 'https://shop.example/product/shirt/')).toBe('18.00 (18.00–22.00)');
  });
});

describe('an offer whose url is a cart or checkout link is the page\'s own: where it is bought, naming no other page', () => {
  const beanie = (url: string) => ({ '@type': 'Product', name: 'Beanie', sku: 'woo-beanie', offers: offer('18.00', url) });
  it.each([
    ['WooCommerce add-to-cart on the shop page', 'https://shop.example/shop/?add-to-cart=15'],
    ['Shopify cart/add', 'https://shop.example/cart/add?id=41234567'],
    ['a Shopify cart permalink', 'https://shop.example/cart/41234567:1'],
    ['Magento checkout/cart/add', 'https://shop.example/checkout/cart/add/uenc/aHR0cHM6Ly9zaG9wLmV4YW1wbGUv/product/1234/'],
    ['a checkout page', 'https://shop.example/checkout/'],
    ['PrestaShop\'s cart controller', 'https://shop.example/index.php?controller=cart&add=1&id_product=7'],
    ['OpenCart\'s cart route', 'https://shop.example/index.php?route=checkout/cart/add&product_id=42'],
  ])('%s', (_platform, url) => {
    expect(read(page(ld(beanie(url))), 'https://shop.example/product/beanie/')).toBe('18.00');
  });
});

describe('Magento\'s category paths: the same product at /shirt.html and /women/tops/shirt.html, no canonical', () => {
  const luma = (offerUrl: string) => ({ '@type': 'Product', name: 'Breathe-Easy Tank', sku: 'WT09', offers: { ...offer('34.00', offerUrl), priceCurrency: 'USD' } });

  it('the offer names the category path, the page is the short one (or the other way): the product and its sku are the page\'s', () => {
    for (const [offerUrl, pageUrl] of [['https://shop.example/women/tops-women/tanks-women/breathe-easy-tank.html', 'https://shop.example/breathe-easy-tank.html'], ['https://shop.example/breathe-easy-tank.html', 'https://shop.example/women/tops-women/breathe-easy-tank.html']]) {
      const res = htmlResponse(page(ld(luma(offerUrl)), '<h1>Breathe-Easy Tank</h1><span class="price">$34.00</span>'), {}, pageUrl);
      expect(res.structuredProduct()).toMatchObject({ sku: 'WT09', name: 'Breathe-Easy Tank' });
      expect(productItem(res)).toMatchObject({ sku: 'WT09', source: 'structured' });
      expect(productItem(res)?.price?.toString()).toBe('34');
    }
  });

  it('a related product\'s block under the same category stays another page\'s product', () => {
    const related = ld({ '@type': 'Product', name: 'Nora Practice Tank', sku: 'WT03', offers: offer('39.00', 'https://shop.example/women/tops-women/nora-practice-tank.html') });
    const res = htmlResponse(page(related, '<h1>Breathe-Easy Tank</h1><span class="price">$34.00</span>'), {}, 'https://shop.example/breathe-easy-tank.html');
    expect(res.structuredProduct()).toBeNull();
  });
});

describe('sellers\' offers on this page (a marketplace listing naming no offer URLs)', () => {
  const listing = 'https://market.example/dp/B0C7654321';
  const onPage = (name: string, price: string) => ({ '@type': 'Offer', price, priceCurrency: 'EUR', seller: { '@type': 'Organization', name } });
  const kettle = { '@type': 'Product', name: 'Kettle', sku: 'B0C7654321', offers: { '@type': 'AggregateOffer', priceCurrency: 'EUR', lowPrice: '22.00', highPrice: '26.00', offerCount: 3, offers: [onPage('Market', '24.99'), onPage('Lampenwelt', '22.00'), onPage('Lux', '26.00')] } };

  it('structuredItem, with no page to ask which is the buy box, stores none of them (the cheapest seller\'s was the price)', () => {
    const res = htmlResponse(page(ld(kettle)), {}, listing);
    expect(structuredItem(res.structuredProduct()!, res.url)).toMatchObject({ price: null, priceRefusal: 'price/range', priceLow: '22.00', priceHigh: '26.00' });
  });

  it('productItem: the page\'s buy box, one of the offers, is the price', () => {
    const res = htmlResponse(page(ld(kettle), '<h1>Kettle</h1><div class="buybox"><span class="price">24,99 €</span></div>'), {}, listing);
    expect(productItem(res, { defaultCurrency: 'EUR' })?.price?.toString()).toBe('24.99');
  });

  it('one shop\'s variants (no seller, or one) keep their lowest with the range, as before', () => {
    const one = { ...kettle, offers: { ...kettle.offers, offers: kettle.offers.offers.map((o) => ({ ...o, seller: { '@type': 'Organization', name: 'Market' } })) } };
    const res = htmlResponse(page(ld(one)), {}, listing);
    expect(structuredItem(res.structuredProduct()!, res.url)).toMatchObject({ priceLow: '22.00', priceHigh: '26.00' });
    expect(structuredItem(res.structuredProduct()!, res.url).price?.toString()).toBe('22');
  });
});
