// Two descriptions of one product that state different prices: JSON-LD written in cents by a theme beside OpenGraph's
// amount, a stale app block beside the theme's, JSON-LD beside microdata, amounts in two currencies; with and without
// a page that shows one of them; a theme's microdata without the sku beside an app's JSON-LD with it, neither with a url.
import { ld, type PlatformPage } from './page-kit';
const url = 'https://shop.example/p/1';
/** A product page whose price a script fills in: only the structured data can price it. */
const js = '<div class="product-info"><h1>Kettle</h1><div class="product-price" data-js-price></div></div>';
const shown = (price: string) => `<div class="product-info"><h1>Kettle</h1><p class="price">${price}</p></div>`;
const prod = (price: unknown, currency = 'USD') => ld({ '@type': 'Product', name: 'Kettle', url, sku: 'K1', offers: { '@type': 'Offer', price, priceCurrency: currency } });
const og = (amount: string, currency = 'USD') => `<meta property="og:type" content="product"><meta property="og:title" content="Kettle"><meta property="product:price:amount" content="${amount}"><meta property="product:price:currency" content="${currency}">`;
const microdata = (price: string) => `<div itemscope itemtype="https://schema.org/Product"><meta itemprop="sku" content="K1"><meta itemprop="name" content="Kettle"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="${price}"><meta itemprop="priceCurrency" content="USD"></div></div>`;
/** The same product with no url in either: an app's JSON-LD with the sku, the theme's microdata without it (Shopify themes write so). */
const appBlock = (price: string) => ld({ '@type': 'Product', name: 'Kettle', sku: 'K1', offers: { '@type': 'Offer', price, priceCurrency: 'USD' } });
const themeMicrodata = (price: string) => `<div itemscope itemtype="https://schema.org/Product"><meta itemprop="name" content="Kettle"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="${price}"><meta itemprop="priceCurrency" content="USD"></div></div>`;
export const PAGES: PlatformPage[] = [
  { name: 'JSON-LD price in cents (Liquid {{ product.price }}) beside OpenGraph 19.99, price by script', lang: 'en-US', visible: 'price/not-found', stored: 'price/ambiguous', head: prod(1999) + og('19.99'), body: js },
  { name: 'JSON-LD price in cents beside OpenGraph 19.99, page shows $19.99', lang: 'en-US', visible: '19.99 USD', stored: '19.99 USD visible', head: prod(1999) + og('19.99'), body: shown('$19.99') },
  { name: 'JSON-LD 80.00 beside OpenGraph 100.00 (a stale tag), price by script', lang: 'en-US', visible: 'price/not-found', stored: 'price/ambiguous', head: prod('80.00') + og('100.00'), body: js },
  { name: 'JSON-LD 80.00 beside OpenGraph 80.00, price by script', lang: 'en-US', visible: 'price/not-found', stored: '80.00 USD structured', head: prod('80.00') + og('80.00'), body: js },
  { name: 'JSON-LD 80.00 USD beside OpenGraph 74.00 EUR, price by script', lang: 'en-US', visible: 'price/not-found', stored: 'price/ambiguous', head: prod('80.00') + og('74.00', 'EUR'), body: js },
  { name: 'JSON-LD 80.00 beside microdata 100.00 of the same sku, price by script', lang: 'en-US', visible: 'price/not-found', stored: 'price/ambiguous', head: prod('80.00'), body: js + microdata('100.00') },
  { name: 'Two JSON-LD blocks of the same sku, 80.00 and 100.00 (theme and review app), price by script', lang: 'en-US', visible: 'price/not-found', stored: 'price/ambiguous', head: prod('80.00') + prod('100.00'), body: js },
  { name: 'Two JSON-LD blocks of the same sku, page shows $100.00', lang: 'en-US', visible: '100.00 USD', stored: '100.00 USD visible', head: prod('80.00') + prod('100.00'), body: shown('$100.00') },
  { name: 'url-less JSON-LD with the sku beside url-less microdata without it, both 80.00, price by script', lang: 'en-US', visible: 'price/not-found', stored: '80.00 USD structured', head: appBlock('80.00'), body: js + themeMicrodata('80.00') },
  { name: 'url-less JSON-LD with the sku 80.00 beside url-less microdata without it 100.00, price by script', lang: 'en-US', visible: 'price/not-found', stored: 'price/ambiguous', head: appBlock('80.00'), body: js + themeMicrodata('100.00') },
  { name: 'url-less JSON-LD with the sku 80.00 beside url-less microdata without it 100.00, page shows $100.00', lang: 'en-US', visible: '100.00 USD', stored: '100.00 USD visible', head: appBlock('80.00'), body: shown('$100.00') + themeMicrodata('100.00') },
];
