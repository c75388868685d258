// The pricing fields teams compare besides the current price: unit price, quantity tiers, shipping, availability.
import type { Availability } from '../structured/availability';
import type { Decimal } from './money';

/** A price per measure ("2,60 € / kg", "£1.20 per 100 g"): `amount` buys `quantity` `unit`. */
export interface UnitPrice {
  amount: Decimal;
  currency: string | null;
  /** How much of the unit the amount is for (1 for "/ kg", 100 for "per 100 g"). */
  quantity: Decimal;
  /** Lower-case unit as the page writes its family: kg, g, mg, l, ml, cl, m, cm, m2, m3, lb, oz, fl oz, unit. */
  unit: string;
}

/** A quantity discount: from `minQuantity` pieces on, `forQuantity` pieces cost `price` ("3 for €10": 3, 10, 3). */
export interface QuantityTier {
  minQuantity: number;
  price: Decimal;
  /** How many pieces `price` is for: 1 for per-piece tiers ("from 3 pcs €9.00 each"), N for "N for X". */
  forQuantity: number;
  currency: string | null;
}

/** What delivery costs: a flat cost and/or the order value from which delivery is free. */
export interface ShippingTerms {
  cost: Decimal | null;
  /** Order value from which delivery is free ("free delivery over €50"). */
  freeOver: Decimal | null;
  currency: string | null;
}

export type PricingField = 'unitPrice' | 'tiers' | 'shipping' | 'availability';

/**
 * Read with the current price's rule: a field the page does not determine (two different shipping
 * costs, two unit prices) is null with a stable reason in `refused`, never one picked by guess.
 */
export interface PricingFields {
  unitPrice: UnitPrice | null;
  /** Ascending by minQuantity; empty when the page states none. */
  tiers: QuantityTier[];
  shipping: ShippingTerms | null;
  availability: Availability | null;
  refused: Partial<Record<PricingField, string>>;
}

export const emptyPricing = (): PricingFields => ({ unitPrice: null, tiers: [], shipping: null, availability: null, refused: {} });

const isStated = (fields: PricingFields, field: PricingField) =>
  (field === 'tiers' ? fields.tiers.length > 0 : fields[field] !== null) || fields.refused[field] !== undefined;

/** Each field from the first reading that states (or refuses) it: e.g. structured data first, the visible page second. */
export function mergePricing(first: PricingFields, second: PricingFields): PricingFields {
  const merged: PricingFields = { ...first, refused: { ...first.refused } };
  for (const field of ['unitPrice', 'tiers', 'shipping', 'availability'] as const) {
    if (isStated(first, field) || !isStated(second, field)) continue;
    Object.assign(merged, { [field]: second[field] });
    if (second.refused[field]) merged.refused[field] = second.refused[field];
  }
  return merged;
}
