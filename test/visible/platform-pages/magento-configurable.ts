// Magento 2 configurable products as Luma renders them: the price box (with its microdata Offer) shows the cheapest
// child's price, unlabelled, until the shopper picks options; the children's prices sit in the x-magento-init scripts.
import type { PlatformPage } from './page-kit';

type Child = { final: string; base?: string; old?: string };
const optionPrices = (children: Child[]) =>
  `{${children.map((c, i) => `"${101 + i}":{"oldPrice":{"amount":${c.old ?? c.final}},"basePrice":{"amount":${c.base ?? c.final}},"finalPrice":{"amount":${c.final}},"tierPrices":[],"msrpPrice":{"amount":0}}`).join(',')}}`;
/** The configurable widget's spConfig (Luma's product form), or the swatch renderer's jsonConfig. */
const initScript = (children: Child[], widget: 'configurable' | 'swatches') => {
  const config = `{"attributes":{"144":{"id":"144","code":"size","label":"Size","options":[]}},"template":"$<%- data.price %>","optionPrices":${optionPrices(children)},"prices":{"finalPrice":{"amount":${children[0].final}}},"productId":"12","chooseText":"Choose an Option..."}`;
  const init = widget === 'configurable' ? `{"#product_addtocart_form":{"configurable":{"spConfig":${config},"gallerySwitchStrategy":"replace"}}}` : `{"[data-role=swatch-options]":{"Magento_Swatches/js/swatch-renderer":{"jsonConfig":${config},"jsonSwatchConfig":{}}}}`;
  return `<script type="text/x-magento-init">${init}</script>`;
};
/** Luma's price box with its microdata Offer; `old` adds the struck regular price of a special price. */
const priceBox = (shown: string, amount: string, old?: string) => `<div class="product-info-price"><div class="price-box price-final_price" data-role="priceBox" data-product-id="12">
${old ? `<span class="old-price"><span class="price-container"><span data-price-type="oldPrice" class="price-wrapper"><span class="price">${old}</span></span></span></span>` : ''}
<span class="normal-price"><span class="price-container price-final_price tax weee" itemprop="offers" itemscope itemtype="http://schema.org/Offer">
<span id="product-price-12" data-price-amount="${amount}" data-price-type="finalPrice" class="price-wrapper"><span class="price">${shown}</span></span>
<meta itemprop="price" content="${amount}"><meta itemprop="priceCurrency" content="USD"></span></span></div></div>`;
const form = `<div class="product-add-form"><form data-product-sku="MH01" id="product_addtocart_form"><div class="field configurable required"><label class="label"><span>Size</span></label>
<div class="control"><select name="super_attribute[144]" class="super-attribute-select"><option value="">Choose an Option...</option></select></div></div></form></div>`;
const page = (box: string, script: string) => `<div class="product-info-main" itemscope itemtype="http://schema.org/Product"><h1 class="page-title"><span itemprop="name">Chaz Kangeroo Hoodie</span></h1>${box}${form}${script}</div>`;

export const PAGES: PlatformPage[] = [
  // The children cost different amounts: the box shows the cheapest one's (30.00 was stored, from the page and from the microdata)
  { name: 'Magento configurable, children at $30 and $45, nothing picked', lang: 'en-US', visible: 'price/range', stored: 'price/range', body: page(priceBox('$30.00', '30'), initScript([{ final: '30' }, { final: '45' }], 'configurable')) },
  { name: 'Magento configurable with swatches, children at $30.50 and $45', lang: 'en-US', visible: 'price/range', stored: 'price/range', body: page(priceBox('$30.50', '30.5'), initScript([{ final: '30.5' }, { final: '45' }], 'swatches')) },
  { name: 'Magento configurable, the cheapest child on special price beside its struck price', lang: 'en-US', visible: 'price/range', stored: 'price/range', body: page(priceBox('$30.00', '30', '$40.00'), initScript([{ final: '30', old: '40' }, { final: '45' }], 'configurable')) },
  { name: 'Magento configurable showing prices with tax, the children\'s base prices without', lang: 'en-US', visible: 'price/range', stored: 'price/range', body: page(priceBox('$30.00', '30'), initScript([{ final: '32.40', base: '30' }, { final: '48.60', base: '45' }], 'configurable')) },
  // Every child at one price: the box shows it for each, the price of the product
  { name: 'Magento configurable, every child at $30', lang: 'en-US', visible: '30.00 USD', stored: '30.00 USD structured', body: page(priceBox('$30.00', '30'), initScript([{ final: '30' }, { final: '30' }], 'configurable')) },
  { name: 'Magento simple product (no options script)', lang: 'en-US', visible: '30.00 USD', stored: '30.00 USD structured', body: page(priceBox('$30.00', '30'), '') },
  { name: 'Magento configurable whose options script does not parse', lang: 'en-US', visible: '30.00 USD', stored: '30.00 USD structured', body: page(priceBox('$30.00', '30'), '<script type="text/x-magento-init">{"#product_addtocart_form":{"configurable":{"spConfig":{"optionPrices":{"101":</script>') },
];
