// Whether an amount of zero or below is a price: zero only where the text calls it free; otherwise a refusal.
import type { Decimal } from '../core/money';
import { PRICE_REFUSAL, refuse, type PriceRefusal } from './price-refusal';

/**
 * Shops print zero where they have no price: "0,00 €" on a page not yet priced or out of stock, `"price": 0`
 * in JSON-LD, a template's `$0.00` before its script fills in the price, a spider's `Decimal(0)`. Stored,
 * it reads as "the competitor now gives it away": a drop to zero in `changes`, reports and alerts. So an
 * amount of exactly zero is refused (`price/zero`) unless the text itself says free ("Free", "Gratis",
 * "無料": `free-price.ts`, `free: true` on the parsed result), which stays as the parser reads it. A
 * negative amount ("-5,00 €", a credit, a refund line) is no price to pay either (`price/not-positive`).
 */
export function nonPositiveRefusal(amount: Decimal, shown: string, saysFree = false): PriceRefusal | null {
  if (amount.isNegative() && !amount.isZero()) return refuse(PRICE_REFUSAL.notPositive, `${shown} · a negative amount is no price to pay`);
  if (!amount.isZero() || saysFree) return null;
  return refuse(PRICE_REFUSAL.zero, `${shown} · a zero the page does not call free is a placeholder, not a price`);
}
