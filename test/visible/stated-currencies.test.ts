// Two descriptions of one product stating the page's amount in different currencies: a SEO app's JSON-LD with a
// hard-coded USD beside the theme's OpenGraph in the shop's CAD, or microdata in another currency. The page's sign
// must pick one; "$" fits both. Before, the first syntax's currency was stored (24.99 USD for a Canadian shop), and
// a sign that named the other one ("CA$24.99") was refused as price/disagree.
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { productItem } from '../../src/items/product-item';
import { toCurrencyScale } from '../../src/prices/iso-currencies';
import { htmlResponse } from '../support/html-response';

const jsonLd = (currency: string) =>
  `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle', sku: 'K1', offers: { '@type': 'Offer', price: '24.99', priceCurrency: currency } })}</script>`;
const openGraph = (currency: string) => `<meta property="og:type" content="product"><meta property="product:price:amount" content="24.99"><meta property="product:price:currency" content="${currency}">`;
const microdata = (currency: string) =>
  `<div itemscope itemtype="https://schema.org/Product"><meta itemprop="name" content="Kettle"><meta itemprop="sku" content="K1"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="24.99"><meta itemprop="priceCurrency" content="${currency}"></div></div>`;
const page = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kettle</title>${head}</head><body><main><h1>Kettle</h1>${body}</main></body></html>`;

function stored(html: string): string {
  const item = productItem(htmlResponse(html, {}, 'https://kettles.example/p/1'));
  if (item === null) return 'none';
  if (item.price === null) return String(item.priceRefusal);
  const currency = typeof item.currency === 'string' ? item.currency : null;
  return `${toCurrencyScale(item.price as Decimal, currency)} ${currency} ${item.source}`;
}

describe('structured descriptions stating the page\'s amount in different currencies', () => {
  it('refuse when the page\'s sign fits each (it stored the first syntax\'s USD)', () => {
    expect(stored(page(jsonLd('USD') + openGraph('CAD'), '<p class="price">$24.99</p>'))).toBe('price/ambiguous');
    expect(stored(page(openGraph('CAD') + jsonLd('USD'), '<p class="price">$24.99</p>'))).toBe('price/ambiguous');
    expect(stored(page(jsonLd('USD'), microdata('AUD') + '<p class="price">$24.99</p>'))).toBe('price/ambiguous');
  });

  it('take the one the page\'s sign names (it was price/disagree against the first syntax\'s currency)', () => {
    expect(stored(page(jsonLd('USD') + openGraph('CAD'), '<p class="price">CA$24.99</p>'))).toBe('24.99 CAD structured');
    expect(stored(page(jsonLd('USD') + openGraph('CAD'), '<p class="price">$24.99 CAD</p>'))).toBe('24.99 CAD structured');
    expect(stored(page(jsonLd('USD') + openGraph('CAD'), '<p class="price">US$24.99</p>'))).toBe('24.99 USD structured');
  });

  it('leave descriptions that agree as they were', () => {
    expect(stored(page(jsonLd('CAD') + openGraph('CAD'), '<p class="price">$24.99</p>'))).toBe('24.99 CAD structured');
    expect(stored(page(jsonLd('USD') + openGraph('USD'), '<p class="price">$24.99</p>'))).toBe('24.99 USD structured');
  });
});

describe('a currency the page\'s locale or the spider\'s default picked, beside the shop\'s own priceCurrency', () => {
  const at = (lang: string, head: string, body: string, defaultCurrency?: string) => {
    const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Kettle</title>${head}</head><body><main><h1>Kettle</h1>${body}</main></body></html>`;
    const item = productItem(htmlResponse(html, {}, 'https://kettles.com/p/1'), { defaultCurrency });
    return item?.price ? `${toCurrencyScale(item.price as Decimal, item.currency as string)} ${item.currency} ${item.source}` : String(item?.priceRefusal);
  };
  const ldAt = (price: string, currency: string) =>
    `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle', sku: 'K1', offers: { '@type': 'Offer', price, priceCurrency: currency } })}</script>`;

  it('takes the priceCurrency among the sign\'s codes (it was price/disagree against the language\'s or the default\'s pick)', () => {
    // A Mexican shop on a .com declaring WordPress's en-US: "$" read USD against its MXN.
    expect(at('en-US', ldAt('1299.00', 'MXN'), '<p class="price">$1,299.00</p>')).toBe('1299.00 MXN structured');
    // The spider's default USD picked "$" on a Canadian shop that states CAD.
    expect(at('en', ldAt('24.99', 'CAD'), '<p class="price">$24.99</p>', 'USD')).toBe('24.99 CAD structured');
    // A bare number in a price holder took the page region's CHF; the shop states EUR.
    expect(at('de-CH', ldAt('19.90', 'EUR'), '<span class="price">19.90</span>')).toBe('19.90 EUR structured');
    // The data's amount in cents beside the page's price: the page's amount in the data's currency.
    expect(at('en-US', ldAt('129950', 'MXN'), '<p class="price">$1,299.50</p>')).toBe('1299.50 MXN visible');
  });

  it('never over a currency the text names, nor one the sign rules out', () => {
    expect(at('en-US', ldAt('24.99', 'CAD'), '<p class="price">US$24.99</p>')).toBe('price/disagree');
    expect(at('en-US', ldAt('24.99', 'GBP'), '<p class="price">$24.99</p>')).toBe('price/disagree');
    expect(at('sv-SE', ldAt('299', 'EUR'), '<span class="price">299 kr</span>')).toBe('price/disagree');
  });
});
