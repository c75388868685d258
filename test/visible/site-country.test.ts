// A page whose language names another market than its country domain: WordPress's lang="en-US" on an Australian
// WooCommerce shop, a Swedish-language theme on a .no shop, a Japanese one on a .cn shop, German on a .ch shop.
// The language's region and one-country signs then decided the currency, and a shared sign or a bare number was
// stored in the language's country's currency. Now the sign stays open unless the text, the structured data or
// the spider's default settles it.
import { describe, expect, it } from 'vitest';
import { productItem } from '../../src/items/product-item';
import { toCurrencyScale } from '../../src/prices/iso-currencies';
import { Decimal } from '../../src/core/money';
import { currencyOfRegion, siteRegionOf } from '../../src/visible/site-country';
import { htmlResponse } from '../support/html-response';

const offer = (price: string, currency: string) =>
  `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle', sku: 'K1', offers: { '@type': 'Offer', price, priceCurrency: currency } })}</script>`;
const page = (lang: string, body: string, head = '') =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Kettle</title>${head}</head><body><main><h1>Kettle</h1>${body}</main></body></html>`;
const woo = (amount: string) => `<p class="price"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#36;</span>${amount}</bdi></span></p>`;

/** "49.95 AUD structured", "49.95 null visible (AUD, USD …)" or the refusal. */
function stored(url: string, html: string, defaultCurrency?: string): string {
  const item = productItem(htmlResponse(html, {}, url), { defaultCurrency });
  if (item === null) return 'none';
  if (item.price === null) return String(item.priceRefusal);
  const currency = typeof item.currency === 'string' ? item.currency : null;
  const open = item.currencyCandidates ? ` open: ${item.currencyCandidates.join(' ')}` : '';
  return `${toCurrencyScale(item.price as Decimal, currency)} ${currency} ${item.source}${open}`;
}

describe('a page language whose market the country domain contradicts', () => {
  it.each([
    // WordPress's default lang on an Australian WooCommerce shop: "$" was USD.
    ['https://kettles.com.au/p/1', page('en-US', woo('49.95')), /^49\.95 null visible open: USD CAD AUD .*$/],
    ['https://www.kettles.co.nz/p/1', page('en-US', woo('49.95')), /^49\.95 null visible open: USD .*NZD/],
    // A Swedish-language theme on a Norwegian shop: "kr" was SEK; a Japanese one on a Chinese shop: "¥" was JPY.
    ['https://kjeler.no/p/1', page('sv', '<span class="price">299 kr</span>'), /^299 null visible open: SEK NOK DKK ISK$/],
    ['https://shop.cn/p/1', page('ja', '<span class="price">¥199</span>'), /^199 null visible open: JPY CNY$/],
    // A bare number in a price holder took the language's region: EUR on a Swiss shop, GBP on an Irish one.
    ['https://kessel.ch/p/1', page('de-DE', '<span class="price">19,90</span>'), /^19.9 null visible$/],
    ['https://kettles.ie/p/1', page('en-GB', '<span class="price">19.90</span>'), /^19.9 null visible$/],
  ])('%s: the currency is left open', (url, html, expected) => {
    expect(stored(url, html)).toMatch(expected);
  });

  it('lets the structured priceCurrency settle the sign the language no longer resolves (it was price/disagree against the language\'s USD or SEK)', () => {
    expect(stored('https://kettles.com.au/p/1', page('en-US', woo('49.95'), offer('49.95', 'AUD')))).toBe('49.95 AUD structured');
    expect(stored('https://kjeler.no/p/1', page('sv', '<span class="price">299 kr</span>', offer('299', 'NOK')))).toBe('299.00 NOK structured');
    // A Mexican shop declaring only "es" writes "$1.299" with Mexico's decimal point; Spain's comma is not the market's.
    expect(stored('https://tienda.com.mx/p/1', page('es', '<span class="price">$1.299</span>', offer('1299', 'MXN')))).toBe('1299.00 MXN structured');
  });

  it('keeps what the text, the data or the spider states, and pages whose language and domain agree', () => {
    expect(stored('https://kettles.com.au/p/1', page('en-US', '<p class="price">US$49.95</p>'))).toBe('49.95 USD visible');
    expect(stored('https://kettles.com.au/p/1', page('en-US', woo('49.95')), 'AUD')).toBe('49.95 AUD visible');
    expect(stored('https://kettles.com.au/p/1', page('en-AU', woo('49.95')))).toBe('49.95 AUD visible');
    expect(stored('https://kettles.com/p/1', page('en-US', woo('49.95')))).toBe('49.95 USD visible');
    expect(stored('https://kessel.at/p/1', page('de-DE', '<span class="price">19,90</span>'))).toBe('19.90 EUR visible');
    expect(stored('https://kettles.co.uk/p/1', page('en-GB', '<span class="price">£1,299.00</span>'))).toBe('1299.00 GBP visible');
    // A country-code domain sold as a generic name (.io, .co, .ai, .tv) names no market.
    for (const host of ['kettles.io', 'kettles.co', 'kettles.ai', 'kettles.tv']) expect(stored(`https://${host}/p/1`, page('en-US', woo('49.95')))).toBe('49.95 USD visible');
  });
});

describe('siteRegionOf / currencyOfRegion', () => {
  it('reads the country of the public suffix, not of a generic or vanity one', () => {
    expect(['https://a.com.au/', 'https://a.co.uk/', 'https://a.de/', 'https://a.com.co/', 'https://a.co/', 'https://a.myshopify.com/', 'http://127.0.0.1:8080/', 'http://localhost/'].map(siteRegionOf))
      .toEqual(['AU', 'GB', 'DE', 'CO', null, null, null, null]);
    expect(['AU', 'NO', 'CN', 'CH', 'IE', 'PA', 'ZZ'].map(currencyOfRegion)).toEqual(['AUD', 'NOK', 'CNY', 'CHF', 'EUR', null, null]);
  });
});
