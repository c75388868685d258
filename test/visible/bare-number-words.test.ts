// visiblePrice() over bare numbers in a price holder with a word after them in another element: loyalty points, pence,
// a rating, months or gigabytes were read as money in the region's currency (99 GBP for "99p", 1200 USD for "1,200 points").
import { describe, expect, it } from 'vitest';
import { toCurrencyScale } from '../../src/prices/iso-currencies';
import { htmlResponse } from '../support/html-response';

const page = (body: string, lang: string) => `<!doctype html><html lang="${lang}"><head><title>t</title></head><body><main>${body}</main></body></html>`;

function read(body: string, lang = 'en-US'): string {
  const result = htmlResponse(page(body, lang)).visiblePrice();
  if (!result.ok) return result.reason;
  return `${toCurrencyScale(result.amount, result.currency)} ${result.currency}`;
}

/** [markup, lang]: a number in a price holder whose next element says what it counts, none of it money in the page's currency. */
const NO_MONEY: ReadonlyArray<readonly [string, string]> = [
  ['<div class="price"><span class="amount">1,200</span> <span class="unit">points</span></div>', 'en-US'],
  ['<div class="product-price"><span class="value">1,200</span><span class="currency">Points</span></div>', 'en-US'],
  ['<div class="price"><span class="amount">1,200</span> <span>pts</span></div>', 'en-US'],
  ['<div class="price"><span class="amount">1.200</span> Punkte</div>', 'de-DE'],
  ['<div class="price"><span class="value">1,200</span> <span>ポイント</span></div>', 'ja-JP'],
  ['<div class="price"><span class="value">500</span> <span>Avios</span></div>', 'en-GB'],
  ['<div class="price"><span class="value">25</span> <span>Credits</span></div>', 'en-US'],
  ['<div class="price"><span class="amount">99</span><span>p</span></div>', 'en-GB'],
  ['<div class="price"><span class="amount">99</span>¢</div>', 'en-US'],
  ['<div class="price"><span class="amount">99</span> cents</div>', 'en-US'],
  ['<div class="price"><span class="amount">4.5</span> out of 5</div>', 'en-US'],
  ['<div class="price"><span class="amount">12</span> Monate</div>', 'de-DE'],
  ['<div class="price"><span class="amount">256</span> GB</div>', 'de-DE'],
];

describe('a bare number in a price holder that the next words count or measure', () => {
  it.each(NO_MONEY)('%s is no amount of money', (body, lang) => {
    expect(read(body, lang)).toMatch(/^price\//);
  });

  it('still reads a bare number whose next words are a currency, a tax note or a footnote', () => {
    expect(read('<div class="price"><span class="amount">24,90</span> <span>€</span></div>', 'de-DE')).toBe('24.90 EUR');
    expect(read('<div class="price"><span class="amount">24,90</span> <span>inkl. MwSt.</span></div>', 'de-DE')).toBe('24.90 EUR');
    expect(read('<div class="price"><span class="amount">1 299</span> <span>Ft</span></div>', 'hu-HU')).toBe('1299.00 HUF');
    expect(read('<div class="price"><span class="amount">19.99</span><sup>*</sup></div>', 'en-US')).toBe('19.99 USD');
    expect(read('<div class="price"><span class="amount">12</span><sup>99</sup></div>', 'en-US')).toBe('12.99 USD');
  });
});

describe('prices round 11 found read wrong on a page', () => {
  it('reads Swedish öre after a colon, which gave 50 SEK for 199:50 kr', () => {
    expect(read('<div class="price">199:50 kr</div>', 'sv-SE')).toBe('199.50 SEK');
    expect(read('<div class="price"><span>29:90</span> <span>kr</span></div>', 'sv-SE')).toBe('29.90 SEK');
    expect(read('<div class="price"><del>39:90 kr</del> 29:90 kr</div>', 'sv-SE')).toBe('29.90 SEK');
    expect(read('<div class="price">29:<sup>90</sup> kr</div>', 'sv-SE')).toBe('29.90 SEK');
    // Raised öre after the colon with no sign: a clock time as much as a price, but never 90 SEK (read before).
    expect(read('<div class="price">29:<sup>90</sup></div>', 'sv-SE')).toMatch(/^price\//);
    // Whole kronor with ":-" alone in a price holder were not found.
    expect(read('<div class="price"><span>199:-</span></div>', 'sv-SE')).toBe('199.00 SEK');
  });

  it('keeps a delivery fee and a discount badge in one price holder from being the price', () => {
    expect(read('<div class="price">£25.00 £3.99 delivery 20% off</div>', 'en-GB')).toBe('25.00 GBP');
  });

  it('reads a label run into its amount in a script without spaces, a count after it', () => {
    expect(read('<div class="price">税込1,357円 2個</div>', 'ja-JP')).toBe('1357 JPY');
    expect(read('<div class="price">판매가12,900원 3개</div>', 'ko-KR')).toBe('12900 KRW');
  });
});
