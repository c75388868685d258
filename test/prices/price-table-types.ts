// Shared shape of the price table rows, option shorthands, and how a row is judged.
import { Decimal } from '../../src/core/money';
import { parsePrice, type ParsePriceOptions } from '../../src/prices/parse-price';

/**
 * [text as shops write it, exact expected amount or the refusal code expected instead
 * ("price/ambiguous"), expected ISO currency (null: nothing in text or options determines it), options].
 */
export type PriceRow = readonly [text: string, amount: string, currency: string | null, options?: ParsePriceOptions];

/** The shop's currency, as a spider declares it. */
export const shop = (defaultCurrency: string): ParsePriceOptions => ({ defaultCurrency });
/** A neighbouring element carries the currency. */
export const hint = (currencyHint: string): ParsePriceOptions => ({ currencyHint });
/** The shop's locale fixes the decimal separator. */
export const sep = (decimalSeparator: '.' | ',', defaultCurrency?: string): ParsePriceOptions => ({ decimalSeparator, defaultCurrency });
/** The page's locale (BCP 47), as the response's `<html lang>` gives it. */
export const loc = (locale: string): ParsePriceOptions => ({ locale });

export const NBSP = '\u00A0';
export const NNBSP = '\u202F';

/** A stable key per row: the text and its options. */
export const rowKey = ([text, , , options]: PriceRow): string => `${JSON.stringify(text)}${options ? ` ${JSON.stringify(options)}` : ''}`;

export type Verdict = 'pass' | 'wrong-amount' | 'wrong-currency' | 'refused';

/**
 * How a row fares: a refusal where an amount was expected is a miss ("refused"); an amount that
 * differs from the expected one, or any amount where a refusal was expected, is a wrong amount.
 */
export function judge(row: PriceRow): { verdict: Verdict; got: string } {
  const [text, amount, currency, options] = row;
  const parsed = parsePrice(text, options);
  const got = parsed.ok ? `${parsed.amount.toFixed()} ${parsed.currency}` : parsed.reason;
  if (amount.startsWith('price/')) return { verdict: parsed.ok ? 'wrong-amount' : parsed.reason === amount ? 'pass' : 'refused', got };
  if (!parsed.ok) return { verdict: 'refused', got };
  if (!parsed.amount.eq(new Decimal(amount))) return { verdict: 'wrong-amount', got };
  return { verdict: parsed.currency === currency ? 'pass' : 'wrong-currency', got };
}
