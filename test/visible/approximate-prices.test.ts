// visiblePrice() beside an estimate or a conversion into another currency ("≈ €52.10", eBay's "Approximately US $57.20"): the exact amount is the price.
import { describe, expect, it } from 'vitest';
import { visibleSummary as read } from '../support/visible-summary';

/** [case, lang, body, expected]. Each approximation beside the shop's own price made the page ambiguous (two current prices). */
const BESIDE: ReadonlyArray<readonly [string, string, string, string]> = [
  ['eBay: both named, the label in an element of its own', 'en-GB', '<div class="x-price-primary"><span class="ux-textspans">£45.00</span></div><div class="x-price-approx"><span class="x-price-approx__label ux-textspans">Approximately</span> <span class="x-price-approx__price ux-textspans">US $57.20</span></div>', '45.00 GBP'],
  ['eBay.de: "ca." before a dollar', 'de-DE', '<div class="x-price-primary"><span class="ux-textspans">EUR 45,00</span></div><div class="x-price-approx"><span class="ux-textspans">ca.</span> <span class="ux-textspans">US $57,20</span></div>', '45.00 EUR'],
  ['both in price holders, ≈ in the text', 'en-GB', '<span class="price">£45.00</span> <span class="price">≈ €52.10</span>', '45.00 GBP'],
  ['≈ in an element of its own', 'en-GB', '<span class="price">£45.00</span> <span class="price-converted"><span>≈</span> <span>€52.10</span></span>', '45.00 GBP'],
  ['a line of its own under the price', 'en-GB', '<div class="price">£45.00</div><div>≈ €52.10</div>', '45.00 GBP'],
  ['in brackets, country letters before the sign', 'en-GB', '<span>£45.00</span> <span>(approx. US $57.20)</span>', '45.00 GBP'],
  ['beside a struck price', 'en-GB', '<div class="price"><s>£60.00</s> <span>£45.00</span></div><div>(≈ €52.10)</div>', '45.00 GBP was 60.00'],
  ['the same currency, rounded', 'en-US', '<span class="price">$19.99</span> <span>≈ $20</span>', '19.99 USD'],
  ['circa', 'it-IT', '<span>29,90 €</span> <span>circa 32,50 $</span>', '29.90 EUR'],
  ['environ', 'fr-CH', '<span>CHF 29.90</span> <span>environ 31,20 €</span>', '29.90 CHF'],
  ['etwa', 'de-CH', '<span>CHF 29.90</span> <span>etwa 31,20 €</span>', '29.90 CHF'],
  ['aprox.', 'es-ES', '<span>29,90 €</span> <span>aprox. 32,50 US$</span>', '29.90 EUR'],
  ['aproximadamente', 'es-MX', '<span>$1,299.00 MXN</span> <span>aproximadamente US$72.10</span>', '1299.00 MXN'],
  ['cca', 'cs-CZ', '<span>1 299 Kč</span> <span>cca 52,10 €</span>', '1299.00 CZK'],
  ['około', 'pl-PL', '<span>199 zł</span> <span>około 46,50 €</span>', '199.00 PLN'],
  ['ongeveer', 'nl-NL', '<span>€ 29,99</span> <span>ongeveer $32.50</span>', '29.99 EUR'],
  ['約', 'ja-JP', '<span>¥2,980</span> <span>約 $19.80</span>', '2980 JPY'],
];

describe('an approximation beside the exact price', () => {
  it.each(BESIDE)('%s (%s)', (_, lang, body, wanted) => {
    expect(read(body, lang)).toBe(wanted);
  });
});

describe('approximations with no exact price beside them', () => {
  it('one alone is read as the parser reads its text: the price', () => {
    expect(read('<span class="price">≈ €52.10</span>', 'en-GB')).toBe('52.10 EUR');
  });
  it('two that differ are two prices', () => {
    expect(read('<span>≈ €52.10</span> <span>≈ $57.20</span>', 'en-GB')).toBe('price/ambiguous');
  });
});
