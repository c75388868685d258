// A page whose currency switcher has another currency selected than its language's region: a WooCommerce shop with a
// multi-currency plugin switched to AUD still prints "$" on a WordPress page declaring lang="en-US". The "$" was read
// as the region's USD; the switcher says which dollar the prices are shown in.
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { productItem } from '../../src/items/product-item';
import { toCurrencyScale } from '../../src/prices/iso-currencies';
import { selectedCurrency } from '../../src/visible/currency-switcher';
import { htmlResponse } from '../support/html-response';
import { load } from 'cheerio';

const woocs = (selected: string) =>
  `<select name="woocommerce-currency-switcher" class="woocommerce-currency-switcher">${['USD', 'AUD', 'EUR'].map((code) => `<option value="${code}"${code === selected ? ' selected="selected"' : ''}>${code}</option>`).join('')}</select>`;
const page = (header: string, body: string) =>
  `<!doctype html><html lang="en-US"><head><meta charset="utf-8"><title>Kettle</title></head><body><header>${header}</header><main><h1>Kettle</h1>${body}</main></body></html>`;

function stored(html: string): string {
  const item = productItem(htmlResponse(html, {}, 'https://kettles.com/p/1'));
  if (item === null || item.price === null) return String(item?.priceRefusal);
  return `${toCurrencyScale(item.price as Decimal, item.currency as string)} ${item.currency} ${item.source}`;
}

describe('a currency switcher\'s selected currency', () => {
  it('says which currency a shared sign or a bare number is in (it was the language region\'s USD)', () => {
    expect(stored(page(woocs('AUD'), '<p class="price">$49.95</p>'))).toBe('49.95 AUD visible');
    expect(stored(page('<form><input type="hidden" name="currency_code" value="CAD"></form>', '<p class="price">$49.95</p>'))).toBe('49.95 CAD visible');
    expect(stored(page('<select id="currency"><option>USD $</option><option selected>NZD $</option></select>', '<span class="price">49.95</span>'))).toBe('49.95 NZD visible');
  });

  it('against structured data naming another currency the sign fits, says neither is sure (the data\'s USD was stored)', () => {
    // A theme writing the shop's base currency into JSON-LD while the switcher shows the shopper's: "$49.95" fits both.
    const ld = (currency: string) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle', offers: { '@type': 'Offer', price: '49.95', priceCurrency: currency } })}</script>`;
    expect(stored(page(`${woocs('AUD')}${ld('USD')}`, '<p class="price">$49.95</p>'))).toBe('price/ambiguous');
    expect(stored(page(`${woocs('AUD')}${ld('AUD')}`, '<p class="price">$49.95</p>'))).toBe('49.95 AUD structured');
    // The text's own sign names the currency: the switcher says nothing more.
    expect(stored(page(`${woocs('AUD')}${ld('USD')}`, '<p class="price">US$49.95</p>'))).toBe('49.95 USD structured');
  });

  it('never over the text\'s own currency, and not when switchers disagree or none is selected', () => {
    expect(stored(page(woocs('AUD'), '<p class="price">49,95 €</p>'))).toBe('49.95 EUR visible');
    expect(stored(page(woocs('USD'), '<p class="price">$49.95</p>'))).toBe('49.95 USD visible');
    expect(stored(page(woocs('AUD') + woocs('EUR'), '<p class="price">$49.95</p>'))).toBe('49.95 USD visible');
    expect(stored(page(woocs(''), '<p class="price">$49.95</p>'))).toBe('49.95 USD visible');
  });

  it('reads only selects named for a currency, with one option selected that names one ISO code', () => {
    const of = (html: string) => selectedCurrency(load(html));
    expect(of('<select name="quantity"><option selected value="AUD">AUD</option></select>')).toBeNull();
    expect(of('<select name="currency"><option selected value="dollars">Dollars</option></select>')).toBeNull();
    expect(of('<select name="aelia_cs_currency"><option value="USD">USD</option><option value="GBP" selected>GBP</option></select>')).toBe('GBP');
  });
});
