// PricingFields (exact Decimals) → the item's pricing fields as stored: exact strings at the currency's scale.
import type { PricingItemFields } from '../core/item';
import type { Decimal } from '../core/money';
import type { PricingFields } from '../core/pricing';
import { toCurrencyScale } from '../prices/iso-currencies';

export function pricingItemFields(fields: PricingFields, itemCurrency: string | null): PricingItemFields {
  const scaled = (value: Decimal | null, currency: string | null) => (value ? toCurrencyScale(value, currency ?? itemCurrency) : null);
  const unit = fields.unitPrice;
  const out: PricingItemFields = {
    unitPrice: unit ? { amount: scaled(unit.amount, unit.currency) as string, currency: unit.currency ?? itemCurrency, quantity: unit.quantity.toFixed(), unit: unit.unit } : null,
    tiers: fields.tiers.map((tier) => ({ minQuantity: tier.minQuantity, price: scaled(tier.price, tier.currency) as string, forQuantity: tier.forQuantity, currency: tier.currency ?? itemCurrency })),
    shippingCost: scaled(fields.shipping?.cost ?? null, fields.shipping?.currency ?? null),
    freeShippingOver: scaled(fields.shipping?.freeOver ?? null, fields.shipping?.currency ?? null),
  };
  if (Object.keys(fields.refused).length > 0) out.pricingRefused = { ...fields.refused };
  return out;
}
