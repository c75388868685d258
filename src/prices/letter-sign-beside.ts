// "Q 129.00" on a shop whose default is USD: a home sign of Latin letters beside an amount that names no currency of its own.
import { HOME_LETTER_SIGNS, type CurrencyChoice } from './currencies';
import type { Span } from './price-tokens';

/** The letters, a dot after them allowed ("Q. 129.00"), and at most one space before the number. */
const BEFORE = /(?<![\p{L}\p{M}\d])([A-Za-z]{1,2})\.? ?$/u;
/** After the number, at most one space, and nothing but punctuation or the end after the letters ("1 500 Kz", "129 Ar"). */
const AFTER = /^ ?([A-Za-z]{1,2})(?![\p{L}\p{M}\d])\.?[\s\p{P}]*$/u;

/**
 * Why the currency the hint or default gives cannot stand, or null. CLDR prints the quetzal "Q", the lempira "L", the kyat and the
 * kwacha "K", the leone "Le": such letters are not read as a currency (they are sizes and initials as often), so the shop's
 * default took their place and "Q 129.00" on a USD shop was 129 USD. Letters that open the text or follow punctuation before the
 * amount, or end the text after it, are a sign as likely as not; a default among their currencies stands, another is refused.
 * After a word they end a name ("Size M 12.99", "Vitamin E 12.99") and say nothing.
 */
export function letterSignBeside(text: string, amount: Span, currency: CurrencyChoice): string | null {
  if (currency.currency === null || currency.source === 'text') return null;
  const before = BEFORE.exec(text.slice(Math.max(0, amount.start - 4), amount.start));
  const lead = before ? text.slice(0, amount.start - before[0].length) : '';
  const after = AFTER.exec(text.slice(amount.end));
  const letters = before && !/[\p{L}\p{M}\d]\s*$/u.test(lead) ? before[1] : after ? after[1] : null;
  const codes = letters === null ? undefined : HOME_LETTER_SIGNS[letters];
  if (!codes || codes.includes(currency.currency)) return null;
  return `${JSON.stringify(letters)} beside the amount is the sign of ${codes.join('/')}, or a letter of a label; ${currency.currency} (from the ${currency.source}) may be neither`;
}
