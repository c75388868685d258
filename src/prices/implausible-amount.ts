// An amount longer than any price: a code, an ID or digits run together read as one number.
import type { Decimal } from '../core/money';
import { PRICE_REFUSAL, refuse, type PriceRefusal } from './price-refusal';

/**
 * Fifteen digits before the decimal point (below 10^15) hold every price a shop prints, the rial's and the
 * dong's included (a house in rials has 13). A longer amount is no price but a number that is something
 * else (a 140,000-digit "price" was stored as given, and printed in exponent form by every reader).
 */
export const MAX_WHOLE_DIGITS = 15;

export function implausibleAmount(amount: Decimal, shown: string): PriceRefusal | null {
  const whole = amount.abs().truncated();
  if (whole.isZero() || whole.precision(true) <= MAX_WHOLE_DIGITS) return null;
  return refuse(PRICE_REFUSAL.notAPrice, `${shown.slice(0, 40)}${shown.length > 40 ? '…' : ''} · ${whole.precision(true)} digits before the decimal point: longer than any price (a code, an ID or numbers run together)`);
}
