// Sold-out product pages that still show their price: the item keeps the price and carries the availability the page shows.
import { describe, expect, it } from 'vitest';
import { productItem } from '../../src/items/product-item';
import { htmlResponse } from '../support/html-response';
import { pageHtml } from './platform-pages/page-kit';

interface StockPage {
  name: string;
  lang: string;
  body: string;
  /** "49.99 OutOfStock": the stored price and availability (null when the page says nothing). */
  expect: string;
}

/** Dawn renders both badges on every page and shows them by its sheet (`.price--sold-out .price__badge-sold-out`). */
const dawn = (state: string, button: string) => `<div class="product__info-container"><h1>Kettle</h1><div class="price price--large${state} price--show-badge"><div class="price__container"><div class="price__regular"><span class="visually-hidden visually-hidden--inline">Regular price</span><span class="price-item price-item--regular">$49.99</span></div></div>
<span class="badge price__badge-sale color-accent-2">Sale</span><span class="badge price__badge-sold-out color-inverse">Sold out</span></div>
<fieldset class="product-form__input"><legend>Size</legend><input type="radio" id="s" name="Size" value="S" class="disabled"><label for="s">S<span class="visually-hidden label-unavailable">Variant sold out or unavailable</span></label><input type="radio" id="l" name="Size" value="L" checked><label for="l">L</label></fieldset>
<form method="post" action="/cart/add"><button type="submit" name="add" class="product-form__submit button"${button}</button></form></div>`;

const PAGES: StockPage[] = [
  { name: 'Dawn sold out: the price box\'s state and the disabled "Sold out" button', lang: 'en-US', expect: '49.99 OutOfStock', body: dawn(' price--sold-out', ' disabled><span>Sold out</span>') },
  { name: 'Dawn in stock: the sold-out badge its sheet hides and a sold-out variant\'s label say nothing', lang: 'en-US', expect: '49.99 null', body: dawn('', '><span>Add to cart</span>') },
  { name: 'BigCommerce: the submit input disabled as "Out of stock"', lang: 'en-US', expect: '49.99 OutOfStock', body: '<div class="productView-details"><h1 class="productView-title">Kettle</h1><div class="productView-price"><span data-product-price-without-tax class="price price--withoutTax">$49.99</span></div><input id="form-action-addToCart" class="button button--primary" type="submit" value="Out of stock" disabled></div>' },
  { name: 'Shopware 6: "Nicht mehr verfügbar" in the delivery information', lang: 'de-DE', expect: '49.99 OutOfStock', body: '<div class="product-detail-buy"><h1 class="product-detail-name">Kettle</h1><p class="product-detail-price">49,99 €*</p><div class="product-detail-delivery-information"><div class="delivery-information"><p class="delivery-soldout"><span class="delivery-status-indicator bg-danger"></span>Nicht mehr verfügbar</p></div></div></div>' },
  { name: 'a theme\'s disabled "Ausverkauft" button', lang: 'de-DE', expect: '49.99 OutOfStock', body: '<div class="product"><h1>Kettle</h1><span class="price">49,99 €</span><button type="submit" class="btn" disabled>Ausverkauft</button></div>' },
  { name: 'a product box in the sold-out state ("product--sold-out"), "Épuisé"', lang: 'fr-FR', expect: '49.99 OutOfStock', body: '<div class="product product--sold-out"><h1>Bouilloire</h1><span class="price">49,99 €</span><span class="badge">Épuisé</span></div>' },
  { name: 'a related product\'s disabled "Sold out" button and sold-out card', lang: 'en-US', expect: '49.99 null', body: '<div class="product"><h1>Kettle</h1><span class="price">$49.99</span></div><div class="related-products"><div class="card card--sold-out"><span class="price">$9.00</span><button disabled>Sold out</button></div></div>' },
  { name: 'an enabled "Sold out" button (a notify-me link drawn as one) is no state', lang: 'en-US', expect: '49.99 null', body: '<div class="product"><h1>Kettle</h1><span class="price">$49.99</span><button type="button">Sold out</button></div>' },
];

describe('sold-out pages keep their price and carry the availability', () => {
  it.each(PAGES.map((page) => [page.name, page] as const))('%s', (_name, page) => {
    const item = productItem(htmlResponse(pageHtml({ ...page, visible: '', stored: '' })));
    expect(item && `${String(item.price)} ${item.availability ?? null}`).toBe(page.expect);
  });
});
