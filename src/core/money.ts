// Exact money: the one Decimal type used for every price from parse to storage.
import { Decimal } from 'decimal.js';

export { Decimal };

/** Strictly parses a plain decimal string ("1234.50", "-3", "0.5"); anything else is null. */
export function parseDecimalString(text: string): Decimal | null {
  const trimmed = text.trim();
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return null;
  return new Decimal(trimmed);
}

/** The exact textual form we store: no exponent, no float rounding. */
export function decimalToStorage(value: Decimal): string {
  return value.toFixed();
}
