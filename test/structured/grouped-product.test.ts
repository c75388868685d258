// A grouped product (a page selling several products, each at its own price and quantity): its data's price is a child's.
import { describe, expect, it } from 'vitest';
import { productItem } from '../../src/items/product-item';
import { structuredItem } from '../../src/items/structured-item';
import { htmlResponse } from '../support/html-response';

const url = 'https://shop.example/product/logo-collection/';
const ld = (data: object) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org/', ...data })}</script>`;
const seller = { '@type': 'Organization', name: 'Shop', url: 'https://shop.example' };

/** WooCommerce core (9.x) for a grouped product: one Offer whose specification is the cheapest child's price. */
const wooCore = ld({ '@type': 'Product', '@id': `${url}#product`, name: 'Logo Collection', url, sku: 'logo-collection', offers: [{ '@type': 'Offer',
  priceSpecification: [{ '@type': 'UnitPriceSpecification', price: '18.00', priceCurrency: 'EUR', valueAddedTaxIncluded: true, validThrough: '2030-12-31' }],
  priceValidUntil: '2030-12-31', availability: 'https://schema.org/InStock', url, seller }] });
/** Rank Math: the grouped product's get_price(), which WooCommerce keeps at its cheapest child's. */
const rankMath = ld({ '@graph': [{ '@type': 'Product', name: 'Logo Collection', sku: '', mainEntityOfPage: { '@id': `${url}#webpage` },
  offers: { '@type': 'Offer', price: '18.00', priceCurrency: 'EUR', priceValidUntil: '2030-12-31', availability: 'https://schema.org/InStock', itemCondition: 'NewCondition', url, seller } }] });

const child = (id: number, name: string, shown: string) => `<tr id="product-${id}" class="woocommerce-grouped-product-list-item product type-product post-${id} status-publish instock product-type-simple">
<td class="woocommerce-grouped-product-list-item__quantity"><div class="quantity"><label class="screen-reader-text" for="quantity_${id}">${name} Menge</label><input type="number" id="quantity_${id}" class="input-text qty text" name="quantity[${id}]" value="" min="0" step="1" /></div></td>
<td class="woocommerce-grouped-product-list-item__label"><label for="product-${id}"><a href="https://shop.example/product/${name.toLowerCase()}/">${name}</a></label></td>
<td class="woocommerce-grouped-product-list-item__price"><span class="woocommerce-Price-amount amount"><bdi>${shown}&nbsp;<span class="woocommerce-Price-currencySymbol">&euro;</span></bdi></span></td></tr>`;
/** Storefront's single product summary for a grouped product: the children's range, then the grouped form. */
const wooBody = (summary: string, rows: string) => `<div id="product-25" class="product type-product post-25 status-publish first instock product_cat-clothing has-post-thumbnail shipping-taxable product-type-grouped">
<div class="summary entry-summary"><h1 class="product_title entry-title">Logo Collection</h1><p class="price">${summary}</p>
<form class="cart grouped_form" action="${url}" method="post" enctype='multipart/form-data'><table cellspacing="0" class="woocommerce-grouped-product-list group_table"><tbody>${rows}</tbody></table>
<input type="hidden" name="add-to-cart" value="25" /><button type="submit" class="single_add_to_cart_button button alt">In den Warenkorb</button></form></div></div>`;
const amount = (shown: string) => `<span class="woocommerce-Price-amount amount"><bdi>${shown}&nbsp;<span class="woocommerce-Price-currencySymbol">&euro;</span></bdi></span>`;
const twoPrices = wooBody(`${amount('18,00')} &ndash; ${amount('45,00')}`, child(26, 'Beanie', '18,00') + child(27, 'Hoodie', '45,00'));
const onePrice = wooBody(amount('18,00'), child(26, 'Beanie', '18,00') + child(28, 'Cap', '18,00'));
const page = (head: string, body: string) => `<html><head>${head}</head><body class="product-template-default single single-product postid-25 woocommerce">${body}</body></html>`;

function read(html: string) {
  const res = htmlResponse(html, {}, url);
  const product = res.structuredProduct();
  const item = productItem(res);
  const bare = product && structuredItem(product, url);
  return { price: product?.price?.toFixed(2) ?? null, refusal: product?.priceRefusal?.reason ?? null, item: [item?.price?.toString() ?? null, item?.priceRefusal ?? null], structuredItem: [bare?.price?.toString() ?? null, bare?.priceRefusal ?? null] };
}
const refused = { price: null, refusal: 'price/grouped', item: [null, 'price/grouped'], structuredItem: [null, 'price/grouped'] };

describe('a WooCommerce grouped product: the data states its cheapest child\'s price', () => {
  it('WooCommerce\'s own JSON-LD: no price of the group (18.00, the beanie\'s, was stored)', () => {
    expect(read(page(wooCore, twoPrices))).toEqual(refused);
  });

  it('Rank Math\'s JSON-LD, and children at one price (the page shows that one price: still each child\'s, not the group\'s)', () => {
    expect(read(page(rankMath, twoPrices))).toEqual(refused);
    expect(read(page(rankMath, onePrice))).toEqual(refused);
  });

  it('the reason names the children\'s quantity fields', () => {
    const detail = htmlResponse(page(wooCore, twoPrices), {}, url).structuredProduct()?.priceRefusal?.detail;
    expect(detail).toBe('a grouped product: the page sells 2 products, each at its own price (quantity[26], quantity[27]); the data\'s 18.00 EUR is one of theirs, none is the group\'s');
  });

  it('a simple product\'s page (one quantity field) keeps its price', () => {
    const simple = `<form class="cart" action="${url}" method="post"><div class="quantity"><input type="number" name="quantity" value="1" /></div><button type="submit" name="add-to-cart" value="25">Add</button></form>`;
    expect(read(page(wooCore, `<h1>Logo Collection</h1><p class="price">${amount('18,00')}</p>${simple}`))).toMatchObject({ price: '18.00', refusal: null, item: ['18', null] });
  });
});

describe('Magento 2\'s grouped product (Luma): the "Starting at" microdata Offer is the cheapest child\'s', () => {
  const row = (id: number, name: string, price: string) => `<tr><td data-th="Product Name" class="col item"><strong class="product-item-name">${name}</strong>
<div class="price-box price-final_price" data-role="priceBox" data-product-id="${id}"><span class="price-container price-final_price tax weee"><span id="product-price-${id}" data-price-amount="${price}" data-price-type="finalPrice" class="price-wrapper "><span class="price">$${price}</span></span></span></div></td>
<td data-th="Qty" class="col qty"><div class="control qty"><input type="number" name="super_group[${id}]" data-selector="super_group[${id}]" value="0" title="Qty" class="input-text qty" data-validate="{&quot;validate-grouped-qty&quot;:&quot;#super-product-table&quot;}" data-no-validation-for-zero-qty="true" data-errors-message-box="#validation-message-box"/></div></td></tr>`;
  const luma = `<html><body data-container="body" itemtype="http://schema.org/Product" itemscope="itemscope" class="page-product-grouped catalog-product-view product-set-of-sprite-yoga-straps page-layout-1column">
<h1 class="page-title"><span class="base" data-ui-id="page-title-wrapper" itemprop="name">Set of Sprite Yoga Straps</span></h1>
<div class="product-info-price"><div class="price-box price-final_price" data-role="priceBox" data-product-id="45"><p class="minimal-price"><span class="price-container price-final_price tax weee" itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span class="price-label">Starting at</span>
<span id="product-price-45" data-price-amount="14" data-price-type="finalPrice" class="price-wrapper "><span class="price">$14.00</span></span><meta itemprop="price" content="14" /><meta itemprop="priceCurrency" content="USD" /></span></p></div></div>
<form data-product-sku="24-WG085_Group" action="https://shop.example/checkout/cart/add/product/45/" method="post" id="product_addtocart_form"><input type="hidden" name="product" value="45" />
<div class="table-wrapper grouped"><table class="table data grouped" id="super-product-table"><tbody>${row(33, 'Sprite Yoga Strap 6 foot', '14.00')}${row(34, 'Sprite Yoga Strap 8 foot', '17.00')}${row(35, 'Sprite Yoga Strap 10 foot', '21.00')}</tbody></table></div></form></body></html>`;

  it('no price of the group, also without the page to check against', () => {
    expect(read(luma)).toEqual(refused);
  });
});

describe('a product whose offers are other products\' (itemOffered naming each child)', () => {
  const offered = (name: string, sku: string, price: string) => ({ '@type': 'Offer', price, priceCurrency: 'EUR', itemOffered: { '@type': 'Product', name, sku, url: `https://shop.example/product/${sku}/` } });
  const data = ld({ '@type': 'Product', name: 'Logo Collection', url, offers: [offered('Beanie', 'beanie', '18.00'), offered('Hoodie', 'hoodie', '45.00')] });

  it('gives no price of its own (the cheapest, 18.00, was the price beside a range)', () => {
    expect(read(page(data, '<h1>Logo Collection</h1>'))).toEqual({ ...refused, refusal: 'price/grouped' });
  });

  it('another syntax\'s price (OpenGraph\'s, the cheapest child\'s too) does not stand in for the group\'s', () => {
    const og = '<meta property="product:price:amount" content="18.00"><meta property="product:price:currency" content="EUR">';
    expect(read(page(data + og, '<h1>Logo Collection</h1>'))).toEqual(refused);
  });

  it('a bundle\'s one offer of its members together is the bundle\'s own (it was refused as another product\'s)', () => {
    const bundle = ld({ '@type': 'Product', name: 'Logo Collection', sku: 'logo', url, offers: { '@type': 'Offer', price: '49.99', priceCurrency: 'EUR', itemOffered: [{ '@type': 'Product', name: 'Beanie', sku: 'beanie' }, { '@type': 'Product', name: 'Hoodie', sku: 'hoodie' }] } });
    expect(read(page(bundle, '<h1>Logo Collection</h1>'))).toMatchObject({ price: '49.99', refusal: null });
  });

  it('offers of its variants (itemOffered naming the group they vary) are its own: the spread stands', () => {
    const variant = (sku: string, price: string) => ({ '@type': 'Offer', price, priceCurrency: 'EUR', itemOffered: { '@type': 'Product', name: `Logo ${sku}`, sku, inProductGroupWithID: 'logo' } });
    const variants = ld({ '@type': 'Product', name: 'Logo', sku: 'logo', url, offers: [variant('logo-s', '18.00'), variant('logo-l', '20.00')] });
    expect(read(page(variants, '<h1>Logo</h1>'))).toMatchObject({ price: '18.00', refusal: null });
  });

  it('an offer of the product itself (itemOffered naming it) stands', () => {
    const own = ld({ '@type': 'Product', name: 'Logo Collection', sku: 'logo', url, offers: { '@type': 'Offer', price: '18.00', priceCurrency: 'EUR', itemOffered: { '@type': 'Product', name: 'Logo Collection', sku: 'logo' } } });
    expect(read(page(own, '<h1>Logo Collection</h1>'))).toMatchObject({ price: '18.00', refusal: null });
  });
});
