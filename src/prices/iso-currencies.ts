// ISO 4217 codes and minor-unit digits, read from the `currency-codes` data package (no hand tables).
import currencyCodes from 'currency-codes';
import type { Decimal } from '../core/money';

/** Every active ISO 4217 alphabetic code (upper case). */
export const ISO_CODES: ReadonlySet<string> = new Set(currencyCodes.codes());

/**
 * Codes that are also common English words ("ALL prices", "TOP deal", "PEN"): they count as a
 * currency only when written right next to the amount.
 */
export const WORD_LIKE_CODES: ReadonlySet<string> = new Set(['ALL', 'TOP', 'CUP', 'MOP', 'BOB', 'PEN', 'SOS', 'NAD', 'GEL', 'MAD', 'TND']);

/** Digits after the decimal point in the currency's minor unit (USD 2, JPY 0, KWD 3); null when unknown. */
export function minorUnitDigits(code: string | null | undefined): number | null {
  if (!code) return null;
  const digits = currencyCodes.code(code.toUpperCase())?.digits;
  return typeof digits === 'number' && Number.isInteger(digits) ? digits : null;
}

export function isIsoCode(code: string): boolean {
  return ISO_CODES.has(code.toUpperCase());
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
