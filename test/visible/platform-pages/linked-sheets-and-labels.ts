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
  { name: 'linked sheet: a named price in a template the unread sheet hides, the shown price unnamed far below, refused', lang: 'en-US', visible: 'price/ambiguous', stored: 'price/ambiguous', head: LINK,
    body: box('<div class="variant-area"><div class="js-price-template"><span class="price">$30.00</span></div></div><section class="buy"><div><div><b>$25.00</b></div></div></section>') },
  { name: 'linked sheet: an unnamed amount above the named price changes nothing (a sheet striking it makes it the "was" price)', lang: 'en-US', visible: '80.00 USD', stored: '80.00 USD visible', head: LINK,
    body: box('<div class="pricing"><div class="a"><div><span class="product-price">$80.00</span></div></div><div class="b"><div><span class="tw-line">$100.00</span></div></div></div>') },
  { name: 'linked sheet: a lower amount in a sentence beside the named price stays prose', lang: 'en-US', visible: '30.00 USD', stored: '30.00 USD visible', head: LINK,
    body: box('<div class="pricing"><p class="price">$30.00</p></div><div class="bundle"><p>Bought together with the <b>$5.00</b> case.</p></div>') },
  // The measured cost: of the 679 platform pages, read again with a linked sheet added, this is the one that changes.
  { name: 'linked sheet: a bare lower amount in a promo box beside the named price refuses too (the rule\'s cost)', lang: 'en-US', visible: 'price/ambiguous', stored: 'price/ambiguous', head: LINK,
    body: box('<div class="pricing"><span class="price">$80.00</span></div><div class="promo"><p><span>$5.00</span></p></div>') },
  { name: 'linked sheet: a struck tag needs no sheet', lang: 'en-US', visible: '80.00 USD was 100.00', stored: '80.00 USD visible', head: LINK,
    body: box('<div class="pricing"><div><del class="product-price">$100.00</del></div></div><div class="p2"><div><strong class="price">$80.00</strong></div></div>') },
];
