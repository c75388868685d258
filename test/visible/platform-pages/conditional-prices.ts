// Prices not everyone pays beside the one everyone does: Amazon's buy box with Subscribe & Save and Prime, a coupon to clip,
// a promo code, an app-only price, a price shown only in the cart. None of them is the product's price.
import { ld, type PlatformPage } from './page-kit';

const item = (inner: string) => `<div class="product-info"><h1>Item</h1>${inner}</div>`;
/** Amazon-like buy box: the one-time purchase and the Subscribe & Save row, each with its own price. */
const buyBox = (subscribe: string) =>
  `<div id="buybox"><div id="oneTimeBuyBox" class="a-box"><span class="a-text-bold">One-time purchase:</span> <span class="a-price"><span class="a-offscreen">$19.99</span></span></div>${subscribe}</div>`;

export const PAGES: PlatformPage[] = [
  { name: 'Amazon-like buy box: one-time purchase beside a Subscribe & Save row', lang: 'en-US', visible: '19.99 USD', stored: '19.99 USD visible', body: item(buyBox('<div id="snsAccordionRowMiddle" class="a-box"><span class="a-text-bold">Subscribe &amp; Save:</span> <span class="a-price"><span class="a-offscreen">$17.99</span></span> <span>Save 10% on repeat deliveries</span></div>')) },
  { name: 'Amazon-like buy box: the Subscribe & Save price written after its amount', lang: 'en-US', visible: '19.99 USD', stored: '19.99 USD visible', body: item(buyBox('<div id="snsAccordionRowMiddle" class="a-box"><span class="a-price"><span class="a-offscreen">$17.99</span></span> <span>with Subscribe &amp; Save</span></div>')) },
  { name: 'Prime price block beside the price', lang: 'en-US', visible: '34.99 USD', stored: '34.99 USD visible', body: item('<div class="product-price"><span class="price">$34.99</span></div><div class="prime-badge"><span class="price">$29.99 with Prime</span></div>') },
  { name: 'Coupon badge with its price beside the price', lang: 'en-US', visible: '34.99 USD', stored: '34.99 USD visible', body: item('<div class="product-price"><span class="price">$34.99</span></div><div class="coupon"><label><input type="checkbox"> Clip coupon: <span class="price">$29.99</span></label></div>') },
  { name: 'Promo-code price beside the price', lang: 'de-DE', visible: '24.99 EUR', stored: '24.99 EUR visible', body: item('<div class="product-price"><span class="price">24,99 €</span></div><div class="voucher-badge"><span class="price">19,99 € mit Gutscheincode</span> <code>SOMMER</code></div>') },
  { name: 'App-only price beside the price', lang: 'en-US', visible: '12.99 USD', stored: '12.99 USD visible', body: item('<div class="product-price"><span class="price">$12.99</span></div><div class="app-deal"><span class="price">$9.99 in app</span></div>') },
  // MAP pricing: the page names the price only in the cart. The JSON-LD (and the struck list price) hold the advertised
  // amount, not what the cart charges: before, the structured 249.99 was stored as the price.
  { name: 'MAP: "See price in cart" link beside the list price, JSON-LD with the advertised price', lang: 'en-US', visible: 'price/in-cart', stored: 'price/in-cart', head: ld({ '@type': 'Product', name: 'Espresso machine', sku: 'EM-1', offers: { '@type': 'Offer', price: '249.99', priceCurrency: 'USD' } }), body: item('<div class="product-price"><span class="list-price">List: <s>$299.99</s></span> <a class="map-link" href="/cart/add?sku=EM-1">See price in cart</a></div>') },
  { name: 'MAP: Amazon-like "To see our price, add this item to your cart."', lang: 'en-US', visible: 'price/in-cart', stored: 'price/in-cart', head: ld({ '@type': 'Product', name: 'Camera', sku: 'C-9', offers: { '@type': 'Offer', price: '899.00', priceCurrency: 'USD' } }), body: item('<div id="price"><span class="a-text-strike">$999.00</span><div id="map_help_pop">To see our price, add this item to your cart.</div></div>') },
  { name: 'MAP: "Preis im Warenkorb" with a structured price', lang: 'de-DE', visible: 'price/in-cart', stored: 'price/in-cart', head: ld({ '@type': 'Product', name: 'Kaffeemaschine', sku: 'K-1', offers: { '@type': 'Offer', price: '199.00', priceCurrency: 'EUR' } }), body: item('<div class="product-price"><span class="map-hint">Preis im Warenkorb</span></div>') },
];
