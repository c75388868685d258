// Variant JSON beside a picker: Shopify's Dawn `<variant-selects>` script and Debut's ProductJson (prices in cents), a theme's
// `data-variants` (prices as amounts). The taken variant's price must agree with the price shown, settle a range, or refuse.
import type { PlatformPage } from './page-kit';

const SIZES = ['S', 'L', 'XL'];
const variantList = (prices: number[]) => prices.map((price, i) => ({ id: 100 + i, title: SIZES[i], option1: SIZES[i], option2: null, option3: null, price, compare_at_price: null, available: true }));
const options = (prices: unknown[], selected: number, value: (i: number) => string) => prices.map((_, i) => `<option value="${value(i)}"${i === selected ? ' selected="selected"' : ''}>${SIZES[i]}</option>`).join('');
const regular = (shown: string) => `<div class="price price--large"><div class="price__container"><div class="price__regular"><span class="visually-hidden visually-hidden--inline">Regular price</span><span class="price-item price-item--regular">${shown}</span></div></div></div>`;

/** Dawn: one select per option under `<variant-selects>`, the variants (prices in cents) in its JSON script. */
const dawn = (shown: string, selected: number, prices = [1000, 2000]) => `<div class="product__info-container"><div class="product__title"><h1>Hoodie</h1></div><div id="price-main" role="status">${regular(shown)}</div>
<variant-selects class="no-js-hidden" data-section="main" data-url="/products/hoodie"><div class="product-form__input product-form__input--dropdown"><label class="form__label" for="Option-main-0">Size</label>
<div class="select"><select id="Option-main-0" class="select__select" name="options[Size]" form="product-form-main">${options(prices, selected, (i) => SIZES[i])}</select></div></div>
<script type="application/json">${JSON.stringify(variantList(prices))}</script></variant-selects>
<product-form class="product-form"><form method="post" action="/cart/add" id="product-form-main" class="form" data-type="add-to-cart-form"><input type="hidden" name="id" value="${100 + selected}"><button type="submit" name="add" class="product-form__submit button">Add to cart</button></form></product-form></div>`;

/** Debut: `<select name="id">` of variant ids, the product (prices in cents) in the section's ProductJson script. */
const debut = (shown: string, selected: number, prices = [1000, 2000]) => `<div id="ProductSection-product-template" class="product-template__container"><div class="product-single__meta"><h1 class="product-single__title">Hoodie</h1>
<dl class="price" data-price><div class="price__regular"><dt><span class="visually-hidden">Regular price</span></dt><dd><span class="price-item price-item--regular" data-regular-price>${shown}</span></dd></div></dl>
<form method="post" action="/cart/add" class="product-form"><select name="id" id="ProductSelect-product-template" class="product-form__variants no-js">${options(prices, selected, (i) => String(100 + i))}</select>
<button type="submit" name="add" class="btn product-form__cart-submit">Add to cart</button></form></div>
<script type="application/json" id="ProductJson-product-template">${JSON.stringify({ id: 1, title: 'Hoodie', price: Math.min(...prices), variants: variantList(prices) })}</script></div>`;

/** A theme's own picker: the variants, prices as amounts, in the select's `data-variants`. */
const dataVariants = (shown: string, selected: number, prices: unknown[]) => `<div class="product"><h1>Hoodie</h1><span class="price">${shown}</span>
<select name="variant" data-variants='${JSON.stringify(prices.map((price, i) => ({ id: String(i + 1), price })))}'>${options(prices, selected, (i) => String(i + 1))}</select></div>`;

/** A related product's card further down with its own variant JSON: never read for the page's picker. */
const relatedJson = `<div class="related-products"><div class="card"><h3>Cap</h3><span class="price">$5.00</span><script type="application/json">${JSON.stringify([{ id: 101, price: 500, option1: 'L' }])}</script></div></div>`;

/** Dawn 15: options valued by option-value ids, the taken variant itself in a `data-selected-variant` script. */
const dawn15 = (shown: string, price: number) => dawn(shown, 1).replace(/<option value="(S|L)"/g, (_m, size: string) => `<option value="${size === 'S' ? 7001 : 7002}"`)
  .replace('<script type="application/json">', `<script type="application/json" data-selected-variant>${JSON.stringify({ id: 101, option1: 'L', price })}</script><script type="application/json" data-unused>`);

export const PAGES: PlatformPage[] = [
  { name: 'Dawn: taken "L" at 2000 cents, the page shows $20.00', lang: 'en-US', visible: '20.00 USD', stored: '20.00 USD visible', body: dawn('$20.00 USD', 1) },
  // The shown price was stored while the taken variant costs more (a theme printing the cheapest variant's, a stale box)
  { name: 'Dawn: taken "L" at 2000 cents, the page shows $10.00', lang: 'en-US', visible: 'price/ambiguous', stored: 'price/ambiguous', body: dawn('$10.00 USD', 1) },
  { name: 'Dawn 15: data-selected-variant at 2000 cents, the page shows $20.00', lang: 'en-US', visible: '20.00 USD', stored: '20.00 USD visible', body: dawn15('$20.00 USD', 2000) },
  { name: 'Dawn 15: data-selected-variant at 2000 cents, the page shows $10.00', lang: 'en-US', visible: 'price/ambiguous', stored: 'price/ambiguous', body: dawn15('$10.00 USD', 2000) },
  { name: 'Debut: <select name="id"> taken 101 at 2000 cents in ProductJson, the page shows $20.00', lang: 'en-US', visible: '20.00 USD', stored: '20.00 USD visible', body: debut('$20.00', 1) },
  { name: 'Debut: taken 101 at 2000 cents in ProductJson, the page shows $10.00', lang: 'en-US', visible: 'price/ambiguous', stored: 'price/ambiguous', body: debut('$10.00', 1) },
  { name: 'Debut: taken 100, the cheapest, the page shows $10.00', lang: 'en-US', visible: '10.00 USD', stored: '10.00 USD visible', body: debut('$10.00', 0) },
  { name: 'data-variants: taken "20.00", the page shows $20.00', lang: 'en-US', visible: '20.00 USD', stored: '20.00 USD visible', body: dataVariants('$20.00', 1, ['10.00', '20.00']) },
  { name: 'data-variants: taken "20.00", the page shows $10.00', lang: 'en-US', visible: 'price/ambiguous', stored: 'price/ambiguous', body: dataVariants('$10.00', 1, ['10.00', '20.00']) },
  // A range settles on the one reading of the taken price inside it: 2000 is $20.00 in cents, never $2,000.00
  { name: 'data-variants: taken 2000 beside the range $10.00 – $20.00', lang: 'en-US', visible: '20.00 USD', stored: '20.00 USD visible', body: dataVariants('$10.00 – $20.00', 1, [1000, 2000]) },
  { name: 'data-variants: taken 20 beside the range $10.00 – $20.00', lang: 'en-US', visible: '20.00 USD', stored: '20.00 USD visible', body: dataVariants('$10.00 – $20.00', 1, [10, 20]) },
  // "From $10.00" bounds nothing above: 2000 may be $20.00 or $2,000.00, and the cheapest variant is never taken for it
  { name: 'data-variants: taken 2000 beside "From $10.00"', lang: 'en-US', visible: 'price/range', stored: 'price/range', body: dataVariants('From $10.00', 1, [1000, 2000]) },
  { name: 'data-variants: nothing selected beside the range', lang: 'en-US', visible: 'price/range', stored: 'price/range', body: dataVariants('$10.00 – $20.00', -1, [1000, 2000]) },
  { name: 'Debut: a related card\'s JSON names variant 101 at 500; the page\'s own JSON is absent', lang: 'en-US', visible: '10.00 USD', stored: '10.00 USD visible', body: debut('$10.00', 1).replace(/<script type="application\/json" id="ProductJson[^]*?<\/script>/, '') + relatedJson },
];
