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
