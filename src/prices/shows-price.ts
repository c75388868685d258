// showsPrice: whether a text (a listing card, a block) shows an amount written beside a currency, whichever price it is.
import { assignCurrencies } from './currency-ownership';
import { isHardExclusion } from './number-exclusions';
import { toPriceText } from './price-text';
import { findNumbers } from './find-numbers';
import { findCurrencies } from './price-tokens';

/**
 * True when some number in the text has a currency symbol, word or code beside it ("$1,299.00",
 * "ab 9,99 €", "$10 – $20", "Was £15 Now £12"). Unlike `parsePrice` it does not ask which price is
 * current, so a card with a range or a struck price still counts as priced; dates and `20 %` do not.
 */
export function showsPrice(input: string): boolean {
  const { text } = toPriceText(input);
  const currencies = findCurrencies(text).filter((token) => !token.wordLike);
  if (currencies.length === 0) return false;
  const numbers = findNumbers(text, {});
  const owned = assignCurrencies(text, numbers, currencies);
  return numbers.some((number, index) => owned[index].length > 0 && !(number.excluded && isHardExclusion(number.excluded)));
}
