// Whether an item carries a usable price: what the null-price alarm judges and the run timeline counts.
import type { Item } from '../core/item';
import { Decimal } from '../core/money';
import { amountOf, parsePrice } from './parse-price';

/** A null, empty, unparseable, zero or negative price is missing (unlike spidermon, null is not "present"). */
export function hasValidPrice(item: Item): boolean {
  const raw = item.price;
  if (Decimal.isDecimal(raw)) return raw.isFinite() && raw.gt(0);
  if (typeof raw === 'number') return Number.isFinite(raw) && raw > 0;
  if (typeof raw !== 'string' || raw.trim() === '') return false;
  return amountOf(parsePrice(raw))?.gt(0) ?? false;
}
