// Product pages whose strike-through or hidden classes come from a linked stylesheet the reader never fetches, and prices
// set as label → value in definition lists, tables and label/value grids. Written for these tests.
import type { PlatformPage } from './page-kit';
const box = (inner: string) => `<div class="product-info"><h1>Item</h1>${inner}</div>`;
const LINK = '<link rel="stylesheet" href="/cdn/theme.css">';
export const PAGES: PlatformPage[] = [
  // The theme's sheet strikes `.c-price--muted`; unread, the named 100.00 outranked the unnamed sale price in the next box and was stored.
  { name: 'linked sheet: a named price (struck by the unread sheet) above an unnamed lower amount in another box, refused', lang: 'en-US', visible: 'price/ambiguous', stored: 'price/ambiguous', head: LINK,
    body: box('<div class="pricing"><div class="p1"><div><span class="product-price c-price--muted">$100.00</span></div></div><div class="p2"><div><strong>$80.00</strong></div></div></div>') },
  { name: 'linked sheet loaded late (rel=preload as=style): the same pair, refused', lang: 'en-US', visible: 'price/ambiguous', stored: 'price/ambiguous', head: '<link rel="preload" as="style" href="/cdn/theme.css" onload="this.rel=\'stylesheet\'">',
    body: box('<div class="pricing"><div class="p1"><div><span class="product-price c-price--muted">$100.00</span></div></div><div class="p2"><div><strong>$80.00</strong></div></div></div>') },
  { name: 'sheet @import-ed from an inline <style>: the same pair, refused', lang: 'en-US', visible: 'price/ambiguous', stored: 'price/ambiguous', head: '<style>@import url("/cdn/theme.css");</style>',
    body: box('<div class="pricing"><div class="p1"><div><span class="product-price c-price--muted">$100.00</span></div></div><div class="p2"><div><strong>$80.00</strong></div></div></div>') },
  // The theme's sheet hides the variant template; unread, its named 30.00 outranked the shown 25.00 and was stored.
  { name: 'linked sheet: the lower amount labelled only as the price to pay now ("Now $80.00") counts too, refused', lang: 'en-US', visible: 'price/ambiguous', stored: 'price/ambiguous', head: LINK,
    body: box('<div class="pricing"><div class="p1"><div><span class="product-price c-price--muted">$100.00</span></div></div><div class="p2"><div><strong>Now $80.00</strong></div></div></div>') },
  { name: 'linked sheet: "Sale price" in its own span before the lower amount, refused', lang: 'en-US', visible: 'price/ambiguous', stored: 'price/ambiguous', head: LINK,
    body: box('<div class="pricing"><div class="p1"><div><span class="product-price c-price--muted">$100.00</span></div></div><div class="p2"><span class="lbl">Sale price</span> <span>$80.00</span></div></div>') },
  { name: 'linked sheet: a named price in a template the unread sheet hides, the shown price unnamed far below, refused', lang: 'en-US', visible: 'price/ambiguous', stored: 'price/ambiguous', head: LINK,
    body: box('<div class="variant-area"><div class="js-price-template"><span class="price">$30.00</span></div></div><section class="buy"><div><div><b>$25.00</b></div></div></section>') },
  { name: 'linked sheet: an unnamed amount above the named price in another box, refused (the sheet may strike either)', lang: 'en-US', visible: 'price/ambiguous', stored: 'price/ambiguous', head: LINK,
    body: box('<div class="pricing"><div class="a"><div><span class="product-price">$80.00</span></div></div><div class="b"><div><span class="tw-line">$100.00</span></div></div></div>') },
  { name: 'linked sheet: a named price in a template the unread sheet hides, below the shown unnamed price, refused', lang: 'en-US', visible: 'price/ambiguous', stored: 'price/ambiguous', head: LINK,
    body: box('<div class="variant-area"><div class="js-price-template"><span class="price">$20.00</span></div></div><section class="buy"><div><div><b>$25.00</b></div></div></section>') },
  { name: 'linked sheet: a lower amount in a sentence beside the named price stays prose', lang: 'en-US', visible: '30.00 USD', stored: '30.00 USD visible', head: LINK,
    body: box('<div class="pricing"><p class="price">$30.00</p></div><div class="bundle"><p>Bought together with the <b>$5.00</b> case.</p></div>') },
  // The measured cost: of the 679 platform pages, read again with a linked sheet added, this is the one that changes.
  { name: 'linked sheet: a bare lower amount in a promo box beside the named price refuses too (the rule\'s cost)', lang: 'en-US', visible: 'price/ambiguous', stored: 'price/ambiguous', head: LINK,
    body: box('<div class="pricing"><span class="price">$80.00</span></div><div class="promo"><p><span>$5.00</span></p></div>') },
  { name: 'linked sheet: a struck tag needs no sheet', lang: 'en-US', visible: '80.00 USD was 100.00', stored: '80.00 USD visible', head: LINK,
    body: box('<div class="pricing"><div><del class="product-price">$100.00</del></div></div><div class="p2"><div><strong class="price">$80.00</strong></div></div>') },
  // A definition list, a table and a label/value grid label each value by the element before it; the dd's label was never read.
  { name: 'dt/dd: RRP then our price', lang: 'en-GB', visible: '29.99 GBP was 39.99', stored: '29.99 GBP visible', body: box('<dl class="product-prices"><dt>RRP</dt><dd>£39.99</dd><dt>Our price</dt><dd>£29.99</dd></dl>') },
  { name: 'dt/dd grouped in divs, the label with a colon', lang: 'en-US', visible: '19.99 USD was 29.99', stored: '19.99 USD visible', body: box('<dl><div class="row"><dt>List price:</dt><dd>$29.99</dd></div><div class="row"><dt>Price:</dt><dd class="price">$19.99</dd></div></dl>') },
  { name: 'dt/dd: "Unverbindliche Preisempfehlung" in German', lang: 'de-DE', visible: '19.99 EUR was 29.99', stored: '19.99 EUR visible', body: box('<dl><dt>Unverbindliche Preisempfehlung</dt><dd>29,99 €</dd><dt>Unser Preis</dt><dd>19,99 €</dd></dl>') },
  { name: 'dt/dd: the dt names a unit price', lang: 'de-DE', visible: '4.99 EUR', stored: '4.99 EUR visible', body: box('<dl><dt>Preis</dt><dd>4,99 €</dd><dt>Grundpreis</dt><dd>9,98 €</dd></dl>') },
  { name: 'table th Was / Now', lang: 'en-GB', visible: '19.99 GBP was 29.99', stored: '19.99 GBP visible', body: box('<table class="prices"><tr><th>Was</th><td>£29.99</td></tr><tr><th>Now</th><td class="price">£19.99</td></tr></table>') },
  { name: 'label/value grid of blocks: "Regular price" then "Sale price"', lang: 'en-US', visible: '19.99 USD was 29.99', stored: '19.99 USD visible', body: box('<div class="price-grid"><div class="price-grid__label">Regular price</div><div class="price-grid__value">$29.99</div><div class="price-grid__label">Sale price</div><div class="price-grid__value">$19.99</div></div>') },
  { name: 'label/value grid: a <label> block before its value', lang: 'en-US', visible: '19.99 USD was 24.99', stored: '19.99 USD visible', body: box('<div class="pricing"><div><label>Compare at</label><p>$24.99</p></div><div><label>Price</label><p>$19.99</p></div></div>') },
  { name: 'a heading before the price block is no label of it', lang: 'en-US', visible: '19.99 USD', stored: '19.99 USD visible', body: '<div class="product-info"><h1>Shipping box</h1><p class="price">$19.99</p></div>' },
  // Blocks of other products named only for screen readers (the WAI-ARIA carousel and region patterns), above the product's own box.
  { name: 'a carousel named by aria-roledescription above the product', lang: 'en-US', visible: '19.99 USD', stored: '19.99 USD visible', body: '<section aria-roledescription="carousel" aria-label="Similar items"><div role="group" aria-roledescription="slide"><a href="/p/2">Mug</a><span class="price">$9.99</span></div></section><div class="product"><h1>Kettle</h1><span class="price">$19.99</span></div>' },
  { name: 'a region whose aria-label says "Related products" above the product', lang: 'en-US', visible: '19.99 USD', stored: '19.99 USD visible', body: '<section aria-label="Related products"><ul><li><a href="/p/2">Mug</a><span class="price">$9.99</span></li></ul></section><div class="product"><h1>Kettle</h1><span class="price">$19.99</span></div>' },
  { name: 'a region labelled by its own "You may also like" line above the product', lang: 'en-US', visible: '19.99 USD', stored: '19.99 USD visible', body: '<section aria-labelledby="recs-title"><p id="recs-title" class="title">You may also like</p><ul><li><a href="/p/2">Mug</a><span class="price">$9.99</span></li></ul></section><div class="product"><h1>Kettle</h1><span class="price">$19.99</span></div>' },
  { name: 'the product\'s own region labelled by its name stays read', lang: 'en-US', visible: '19.99 USD', stored: '19.99 USD visible', body: '<section aria-labelledby="t"><h1 id="t">Kettle</h1><span class="price">$19.99</span></section>' },
  // A gauge's and a canvas's inner text is fallback content no browser draws: a free-shipping meter's amount was read as a price.
  { name: 'a <meter> whose fallback text holds an amount', lang: 'en-US', visible: '19.99 USD', stored: '19.99 USD visible', body: box('<p class="price">$19.99</p><div class="gauge"><meter class="level" value="24.99" max="50">$24.99</meter></div>') },
  { name: 'a <progress> and a <canvas> with amounts in their fallback text', lang: 'en-US', visible: '19.99 USD', stored: '19.99 USD visible', body: box('<p class="price">$19.99</p><progress class="price-progress" value="20" max="50">$20.00</progress><canvas class="price-chart">$24.99</canvas>') },
];
