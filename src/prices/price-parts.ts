// priceParts: every amount a price text holds, with the role its label gives it (was, unit, instalment …), for readers that place a refused text.
import { rangePartner } from './choose-price';
import { candidatesOf } from './price-candidates';
import { findNumbers } from './find-numbers';
import { readCandidate, type ParsedPrice, type ParsePriceOptions } from './parse-price';
import type { PriceRole } from './price-context';
import { decimalSeparatorOf, toPriceText } from './price-text';
import { findCurrencies } from './price-tokens';

export type { PriceRole as PricePartRole } from './price-context';

/** One number of the text that may be a price (no date, size or quantity), read exactly, and what its label calls it. */
export interface PricePart {
  role: PriceRole;
  price: ParsedPrice;
  /** One end of a range with a neighbouring amount ("$10 – $20", "von 10 bis 20 €"). */
  rangeEnd: boolean;
}

/**
 * Unlike `parsePrice` this does not decide which amount is the price to pay now: "RRP £40.00" gives
 * 40.00 as a `reference`, "4 x 32,25 €" gives 32.25 as a `multiple`, "$10 – $20" two range ends. A page reader uses it where
 * `parsePrice` refused, to know what the text is instead (an old price, an instalment) and its amount.
 */
export function priceParts(input: string, given: ParsePriceOptions = {}): PricePart[] {
  const { display, text } = toPriceText(input);
  const options = { ...given, decimalSeparator: decimalSeparatorOf(input, given.decimalSeparator) };
  const currencies = findCurrencies(text);
  const all = candidatesOf(text, findNumbers(text, { decimalSeparator: options.decimalSeparator }, currencies), currencies);
  const parts: PricePart[] = [];
  for (const candidate of all) {
    if (candidate.excluded || candidate.token.normalized === null) continue;
    const price = readCandidate({ display, text }, candidate, all, currencies, options);
    // "RRP 12.500 ريال": an amount its currency leaves 1000× open; dropping only it would leave the
    // other numbers looking like the text's one amount, so the text gives no part at all.
    if (!price.ok) return [];
    parts.push({ role: candidate.role, price, rangeEnd: rangePartner(text, all, candidate) !== null });
  }
  return parts;
}
