// visiblePrice() beside words a page's <style> sheet draws before or after a price (`content: "Was "` on `::before`).
import { describe, expect, it } from 'vitest';
import { toCurrencyScale } from '../../src/prices/iso-currencies';
import { htmlResponse } from '../support/html-response';

const page = (css: string, body: string, lang = 'en-US') =>
  `<!doctype html><html lang="${lang}"><head><title>t</title><style>${css}</style></head><body><main><h1>Kettle</h1>${body}</main></body></html>`;

function read(css: string, body: string, lang?: string): string {
  const result = htmlResponse(page(css, body, lang)).visiblePrice();
  if (!result.ok) return result.reason;
  const was = result.regular ? ` was ${toCurrencyScale(result.regular.amount, result.currency)}` : '';
  return `${toCurrencyScale(result.amount, result.currency)} ${result.currency}${was}`;
}

/** [name, css, markup, expected]: what the screen shows is the sheet's words with the element's; each was refused as two prices. */
const CASES: ReadonlyArray<readonly [string, string, string, string]> = [
  ['"Was" drawn before the struck price', '.p-a::before{content:"Was "}', '<div class="price"><span class="p-a">$29.99</span> <span class="p-b">$19.99</span></div>', '19.99 USD was 29.99'],
  ['"Statt" drawn with one colon', '.alt:before { content: \'Statt \' }', '<div class="preis"><span class="alt">29,99 €</span> <span class="neu">19,99 €</span></div>', '19.99 EUR was 29.99'],
  ['"UVP" drawn in a compound of classes', '.pdp .p.p--ref::before{content:"UVP: "}', '<div class="pdp"><span class="p p--ref">29,99 €</span> <span class="p">19,99 €</span></div>', '19.99 EUR was 29.99'],
  ['a unit drawn after the unit price', '.u::after{content:" / kg"}', '<div class="price"><span>$8.00</span> <span class="u">($1.60)</span></div>', '8.00 USD'],
  ['the sign drawn before a bare amount, escaped', '.cur::before{content:"\\20AC\\20"}', '<div><span class="cur">19,99</span></div>', '19.99 EUR'],
];

/** [name, css, markup, expected]: `content: attr(...)` draws an attribute's value: the text node is empty, the attribute holds the price (price/not-found before). */
const ATTR_CASES: ReadonlyArray<readonly [string, string, string, string]> = [
  ['the price drawn from data-price', '.price-now::before{content: attr(data-price)}', '<div class="product-price"><span class="price-now" data-price="$19.99"></span></div>', '19.99 USD'],
  ['a struck and a current price drawn from their attributes', '.p::before{content:attr(data-price)} .p.old{text-decoration:line-through}', '<div class="product-price"><span class="p old" data-price="$29.99"></span> <span class="p" data-price="$19.99"></span></div>', '19.99 USD was 29.99'],
  ['the amount from an attribute, the sign from a string after it', '.amount:after{content: attr(data-value) " €" !important}', '<div class="price"><span class="amount" data-value="19,99"></span></div>', '19.99 EUR'],
  ['dollars and cents drawn on either side', '.p::before{content:"$" attr(data-dollars)} .p::after{content:"." attr(data-cents)}', '<div class="price"><span class="p" data-dollars="19" data-cents="99"></span></div>', '19.99 USD'],
  ['a rule for elements carrying the attribute only', '.price[data-price]::before{content: attr(data-price)} .price[data-note]::before{content:"Was "}', '<div class="product"><span class="price" data-price="$19.99"></span></div>', '19.99 USD'],
  // A content with a counter or a quote mark is not drawn text we can read: the rule is left out, the amount beside it read.
  ['a counter in the content', '.p::before{content: counter(item) attr(data-price)}', '<div class="price"><span class="p" data-price="$19.99"></span><span>$18.00</span></div>', '18.00 USD'],
];

describe('words a style sheet draws beside a price', () => {
  it.each(ATTR_CASES)('%s', (_name, css, body, wanted) => {
    expect(read(css, body, wanted.includes('EUR') ? 'de-DE' : 'en-US')).toBe(wanted);
  });
  it.each(CASES)('%s', (_name, css, body, wanted) => {
    expect(read(css, body, wanted.includes('EUR') ? 'de-DE' : 'en-US')).toBe(wanted);
  });
  it('an icon font\'s glyph drawn before the price is no word of it', () => {
    expect(read('.icon-tag::before{content:"\\f02b"}', '<div class="price"><span class="icon-tag">$19.99</span></div>')).toBe('19.99 USD');
  });
  it('a rule of some elements of the class only (:first-child) draws nothing we can place', () => {
    expect(read('.p-a:first-child::before{content:"Was "}', '<div class="price"><span class="p-a">$29.99</span> <span class="p-a">$19.99</span></div>')).toBe('price/ambiguous');
  });
});
