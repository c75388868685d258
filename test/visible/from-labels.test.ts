// visiblePrice() where only markup, or a label set apart from the amount, says the amount is where a variant product's prices start.
import { describe, expect, it } from 'vitest';
import { toCurrencyScale } from '../../src/prices/iso-currencies';
import { htmlResponse } from '../support/html-response';

const page = (body: string, lang: string) => `<!doctype html><html lang="${lang}"><head><title>t</title></head><body><main><h1>Tee</h1>${body}</main></body></html>`;

function read(body: string, lang = 'en-US'): string {
  const result = htmlResponse(page(body, lang)).visiblePrice();
  if (!result.ok) return result.reason;
  const was = result.regular ? ` was ${toCurrencyScale(result.regular.amount, result.currency)}` : '';
  return `${toCurrencyScale(result.amount, result.currency)} ${result.currency}${was}`;
}

/** [name, body, lang, expected]: the lowest variant's price was stored as the product's. */
const FROM_CLASSES: ReadonlyArray<readonly [string, string, string, string]> = [
  ['BEM modifier price--from', '<div class="price"><span class="price--from">$9.00</span></div>', 'en-US', 'price/range'],
  ['price-from', '<div class="product-price"><span class="price-from">$9.00</span></div>', 'en-US', 'price/range'],
  ['from-price on the holder', '<p class="from-price">$9.00</p>', 'en-US', 'price/range'],
  ['fromPrice in camel case', '<p class="product__fromPrice">$9.00</p>', 'en-US', 'price/range'],
  ['starting-price', '<p class="starting-price">$9.00</p>', 'en-US', 'price/range'],
  ['ab-preis', '<p class="ab-preis">9,00 €</p>', 'de-DE', 'price/range'],
  ['preis-ab', '<p class="preis-ab">9,00 €</p>', 'de-DE', 'price/range'],
  ['prix-a-partir-de', '<p class="prix-a-partir-de">9,00 €</p>', 'fr-FR', 'price/range'],
  ['precio-desde', '<p class="precio-desde">9,00 €</p>', 'es-ES', 'price/range'],
  ['vanaf-prijs', '<p class="vanaf-prijs">€ 9,00</p>', 'nl-NL', 'price/range'],
  // The selected variant's price beside the from-price is the product's.
  ['a from-price beside the price', '<p class="price-from">$9.00</p><p class="price">$12.00</p>', 'en-US', '12.00 USD'],
  // Words the list must not take: a price's own date or a plain price class.
  ['price-start-date is no from-price', '<p class="price"><span class="price-start-date">Sale starts soon</span> $9.00</p>', 'en-US', '9.00 USD'],
  ['fromage is no from-price', '<p class="fromage-price">9,00 €</p>', 'fr-FR', '9.00 EUR'],
];

describe('a from-price named only by its class', () => {
  it.each(FROM_CLASSES)('%s', (_name, body, lang, wanted) => expect(read(body, lang)).toBe(wanted));
});

/** [name, body, lang, expected]: a label in a line or element of its own, tied to its amount by place or by markup. */
const APART: ReadonlyArray<readonly [string, string, string, string]> = [
  // Set as the line above the amount's block, with no class calling it a label: the cheapest variant's 9.00 was stored.
  ['"From" in a div above the price', '<div class="box"><div>From</div><div class="price">$9.00</div></div>', 'en-US', 'price/range'],
  ['"From" in a span before the price\'s block', '<div class="box"><span>From</span><div class="price">$9.00</div></div>', 'en-US', 'price/range'],
  ['"From" as bare text before the price\'s block', '<div class="box">From <div class="price">$9.00</div></div>', 'en-US', 'price/range'],
  ['"Ab" above a price nested in wrappers', '<div class="box"><small>Ab</small><div class="price-wrap"><div class="price"><span>9,00 €</span></div></div></div>', 'de-DE', 'price/range'],
  // A "was" word so set made the pair two current prices (price/ambiguous).
  ['"Was" above the struck amount\'s block', '<div class="box"><p>Was</p><p class="price">$25.00</p><p class="price">$20.00</p></div>', 'en-US', '20.00 USD was 25.00'],
  ['"UVP" above the list price\'s block', '<div class="box"><div>UVP</div><div class="price">25,00 €</div><div class="price">20,00 €</div></div>', 'de-DE', '20.00 EUR was 25.00'],
  ['"Prix conseillé" above', '<div class="box"><div>Prix conseillé</div><div class="price">25,00 €</div><div class="price">20,00 €</div></div>', 'fr-FR', '20.00 EUR was 25.00'],
  // Tied by markup: aria-describedby, aria-labelledby, <label for>.
  ['aria-describedby naming "Original price"', '<span id="w" hidden>Original price</span><div class="price"><span aria-describedby="w">$25.00</span> <span>$20.00</span></div>', 'en-US', '20.00 USD was 25.00'],
  ['aria-labelledby naming "Starting at"', '<div class="price"><span id="f" class="small">Starting at</span><br><br><div><strong aria-labelledby="f">$9.00</strong></div></div>', 'en-US', 'price/range'],
  ['<label for> naming the price\'s output elsewhere', '<div class="box"><label for="p1">From</label><p>Pick a size</p><div class="price"><output id="p1">$9.00</output></div></div>', 'en-US', 'price/range'],
  // Lines that are not labels: a product's name, a heading, a line of other words, a label naming no role.
  ['a name above the price', '<div class="box"><div>Came with a stand</div><div class="price">$9.00</div></div>', 'en-US', '9.00 USD'],
  ['a heading "From" is the name\'s line', '<div class="box"><h2>From</h2><div class="price">$9.00</div></div>', 'en-US', '9.00 USD'],
  ['"Price" above the price', '<div class="box"><div>Price</div><div class="price">$9.00</div></div>', 'en-US', '9.00 USD'],
  ['free delivery above the price', '<div class="box"><div>Free delivery</div><div class="price">$9.00</div></div>', 'en-US', '9.00 USD'],
  // Never across products: the label ending one card, an id the page gives twice.
  ['"From" ending the card before', '<ul><li class="card"><div class="price">$12.00</div><div>From</div></li><li class="card"><div class="price">$9.00</div></li></ul>', 'en-US', 'price/ambiguous'],
  ['a label of the box of two prices names neither', '<span id="f" hidden>From</span><div class="price" aria-describedby="f"><span>$9.00</span> <span>$12.00</span></div>', 'en-US', 'price/ambiguous'],
  ['an id given twice names no label', '<div><span id="l">From</span></div><div><span id="l">Now</span></div><div class="price"><span aria-describedby="l">$9.00</span></div>', 'en-US', '9.00 USD'],
];

describe('a label apart from its amount', () => {
  it.each(APART)('%s', (_name, body, lang, wanted) => expect(read(body, lang)).toBe(wanted));
});

/** [name, body, lang, expected]: the from-word written after the amount, in an element of its own. The amount was stored. */
const AFTER: ReadonlyArray<readonly [string, string, string, string]> = [
  ['から in a span after the yen', '<div class="price-box"><span class="price">3,000円</span><span>から</span></div>', 'ja-JP', 'price/range'],
  ['～ and a tax note after the yen', '<div class="price-box"><span class="price">¥1,980</span><span>～（税込）</span></div>', 'ja-JP', 'price/range'],
  ['起 after the yuan', '<div class="price-box"><span class="price">¥99</span><span>起</span></div>', 'zh-CN', 'price/range'],
  ['"und mehr" after the euro', '<div class="price-box"><span class="price">30,00 €</span> <span>und mehr</span></div>', 'de-DE', 'price/range'],
  // A "+" between two amounts adds a charge; it opens no range.
  ['a "+" before the delivery charge', '<div class="price-box"><span class="price">19,99 €</span> + <span>4,95 € Versand</span></div>', 'de-DE', '19.99 EUR'],
  ['から naming where a delivery comes from is no price word', '<div class="price-box"><span class="price">3,000円</span></div><p>東京から発送</p>', 'ja-JP', '3000 JPY'],
];

describe('a from-word after the amount, in an element of its own', () => {
  it.each(AFTER)('%s', (_name, body, lang, wanted) => expect(read(body, lang)).toBe(wanted));
});
