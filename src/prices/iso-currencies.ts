// ISO 4217 codes and minor-unit digits, read from the `currency-codes` data package (no hand tables).
import currencyCodes from 'currency-codes';
import type { Decimal } from '../core/money';

/** Every active ISO 4217 alphabetic code (upper case). */
export const ISO_CODES: ReadonlySet<string> = new Set(currencyCodes.codes());

/** The X codes that are a shop's money: the CFA francs, the CFP franc, the East Caribbean dollar. */
const SHOP_X_CODES = new Set(['XAF', 'XOF', 'XPF', 'XCD']);
/**
 * ISO 4217 codes no shop charges in: metals (XAU, XAG), bond units, funds (XDR), the test code XTS and XXX, "no currency
 * involved", which platforms write where a shop's currency was never set. "1200 XXX" and priceCurrency "XAU" were stored.
 */
export const isNoMoneyCode = (code: string): boolean => code.startsWith('X') && ISO_CODES.has(code) && !SHOP_X_CODES.has(code);

/**
 * Codes that are also common English words ("ALL prices", "TOP deal", "PEN"): they count as a
 * currency only when written right next to the amount.
 */
export const WORD_LIKE_CODES: ReadonlySet<string> = new Set(['ALL', 'TOP', 'CUP', 'MOP', 'BOB', 'PEN', 'SOS', 'NAD', 'GEL', 'MAD', 'TND']);

/**
 * Codes shops also write in lower case or capitalised ("12,99 eur", "99 Chf"): the common shop currencies
 * whose code is no word in a shop language. Left out: "ron" (rum), "ils" (French "they"), "php", "try",
 * "all", "top", "cup", "pen", "mad", "gel", "nad" (Polish "above"), "mur" (French "wall").
 */
export const LOWER_CASE_CODES: ReadonlySet<string> = new Set([
  'EUR', 'USD', 'GBP', 'CHF', 'PLN', 'CZK', 'HUF', 'SEK', 'NOK', 'DKK', 'RUB', 'UAH', 'CAD', 'AUD', 'NZD', 'JPY', 'CNY', 'INR', 'BRL', 'MXN',
  'ZAR', 'BGN', 'RSD', 'ISK', 'HKD', 'SGD', 'KRW', 'THB', 'IDR', 'MYR', 'VND', 'AED', 'SAR', 'KZT',
]);

/**
 * The package's digits by code, read once: its `code()` scans all ~180 entries, and every price parse asks two to four
 * times (~4 µs per item on a crawl).
 */
const MINOR_DIGITS: ReadonlyMap<string, number> = new Map(
  currencyCodes.codes().flatMap((code) => {
    const digits = currencyCodes.code(code)?.digits;
    return typeof digits === 'number' && Number.isInteger(digits) ? [[code, digits] as const] : [];
  }),
);

/** Digits after the decimal point in the currency's minor unit (USD 2, JPY 0, KWD 3); null when unknown. */
export function minorUnitDigits(code: string | null | undefined): number | null {
  if (!code) return null;
  return MINOR_DIGITS.get(code.toUpperCase()) ?? null;
}

/**
 * Digits after the decimal point shops actually print: ISO 4217's, unless CLDR prints fewer (IQD: ISO 3,
 * CLDR 0, as Iraqi shops write "IQD 12,500" for twelve thousand five hundred dinars; HUF, IDR, COP whole).
 * This is what decides a "12.500": a currency printed with three decimals makes it 12.5, any other 12500.
 */
export function printedMinorDigits(code: string | null | undefined): number | null {
  const iso = minorUnitDigits(code);
  if (iso === null || !code) return iso;
  const key = code.toUpperCase();
  let cldr = cldrDigits.get(key);
  if (cldr === undefined) {
    cldr = new Intl.NumberFormat('en', { style: 'currency', currency: key }).resolvedOptions().maximumFractionDigits ?? iso;
    cldrDigits.set(key, cldr);
  }
  return Math.min(iso, cldr);
}
/** ISO codes are a closed set: this cache never holds more than ~180 entries. */
const cldrDigits = new Map<string, number>();

/** Whether `amount` has non-zero decimals past those its currency is printed with ("12.5" JPY, "1.2345" USD); unknown currency: no. */
export function pastPrintedDigits(amount: Decimal, code: string | null | undefined): boolean {
  const digits = printedMinorDigits(code);
  return digits !== null && amount.decimalPlaces() > digits;
}

/**
 * Whether `amount` has a fraction of a currency ISO 4217 gives no minor unit ("12.5" JPY, KRW, VND, ISK, CLP); unknown currency:
 * no. A currency with cents may be priced past them ("0,001 €" a piece of a bulk lot), one without has nothing to divide.
 */
export function fractionOfWholeCurrency(amount: Decimal, code: string | null | undefined): boolean {
  return minorUnitDigits(code) === 0 && amount.decimalPlaces() > 0;
}

/**
 * "GBp", "USd": market data's spelling of a currency's hundredth (pence, cents), its ISO code with the last letter in lower
 * case. It names no currency a price is in: upper-cased, a priceCurrency "GBp" read as GBP and 1299 pence were stored as
 * 1299 pounds.
 */
const HUNDREDTH_SPELLING = /^[A-Z]{2}[a-z]$/;

/** Whether `code` is an ISO 4217 code in any case ("usd"), not a hundredth's spelling ("GBp"). */
export function isIsoCode(code: string): boolean {
  return !HUNDREDTH_SPELLING.test(code.trim()) && ISO_CODES.has(code.trim().toUpperCase());
}

/** The ISO 4217 code a currency text names, upper case ("usd", " EUR "), or null (a symbol, "AUD$", "GBp"). */
export function isoCodeOf(text: string | null | undefined): string | null {
  return text && isIsoCode(text) ? text.trim().toUpperCase() : null;
}

/**
 * The stored text of a price: padded to the currency's minor-unit scale ("1299" USD → "1299.00",
 * JPY stays "1980"); more digits than the scale, or an unknown currency, keep the exact value as is.
 */
export function toCurrencyScale(value: Decimal, currency: string | null | undefined): string {
  const digits = minorUnitDigits(currency);
  if (digits === null || value.decimalPlaces() > digits) return value.toFixed();
  return value.toFixed(digits);
}
