// schema.org quantity tiers, unit prices and shipping terms of a product's offers → exact PricingFields.
import { Decimal } from '../core/money';
import { emptyPricing, type PricingFields, type QuantityTier, type ShippingTerms, type UnitPrice } from '../core/pricing';
import { isoCodeOf } from '../prices/iso-currencies';
import { leastQuantity } from './price-specifications';
import { structuredAmount } from './structured-amount';
import { hasType, nodesOf, textOf, type SchemaNode } from './schema-node';

/** UN/CEFACT Common Codes schema.org asks for in unitCode, and the unit words pages write in unitText. */
const UNIT_CODES: Readonly<Record<string, string>> = {
  KGM: 'kg', GRM: 'g', MGM: 'mg', LTR: 'l', MLT: 'ml', CLT: 'cl', DLT: 'dl', MTR: 'm', CMT: 'cm', MMT: 'mm', MTK: 'm2', MTQ: 'm3',
  LBR: 'lb', ONZ: 'oz', OZA: 'fl oz', GLL: 'gal', C62: 'unit', H87: 'unit', EA: 'unit',
};

const exact = (text: string | null): Decimal | null => (text !== null && /^\s*\d+(?:\.\d+)?\s*$/.test(text) ? new Decimal(text.trim()) : null);

/** Every priceSpecification of every offer (AggregateOffer's nested offers too), with the currency it is in. */
function specsOf(offers: readonly SchemaNode[]): SchemaNode[] {
  return offers.flatMap((offer) => [...nodesOf(offer, 'priceSpecification'), ...specsOf(nodesOf(offer, 'offers'))]);
}

/**
 * What quantity tiers are read from: specifications, and the offers themselves (a tier table written as one Offer per row
 * with its eligibleQuantity, or Shopware's rows whose count row-quantity.ts read from the text). Before, only specifications
 * counted: a table read for the price left the item's tiers empty.
 */
function quantityNodes(offers: readonly SchemaNode[]): SchemaNode[] {
  return offers.flatMap((offer) => [offer, ...nodesOf(offer, 'priceSpecification'), ...quantityNodes(nodesOf(offer, 'offers'))]);
}

/** The currency a node names (null for a text that names none we know: "AUD$", "GBp"), else `fallback`. */
function currencyOf(node: SchemaNode, fallback: string | null): string | null {
  const named = textOf(node, 'priceCurrency', 'currency');
  return named?.trim() ? isoCodeOf(named) : fallback;
}

/** What a node's amounts are read in: its currency, else its own text ("€", "GBp": the default never stands in for one). */
const readIn = (node: SchemaNode, fallback: string | null): string | null => currencyOf(node, fallback) ?? textOf(node, 'priceCurrency', 'currency') ?? fallback;

/** UnitPriceSpecification with referenceQuantity: "2.60 per 1 KGM", "1.20 per 100 GRM". */
export function unitPrice(spec: SchemaNode, currency: string | null, defaultCurrency?: string): UnitPrice | null {
  const reference = nodesOf(spec, 'referenceQuantity')[0];
  if (!reference || nodesOf(spec, 'eligibleQuantity').length > 0) return null;
  const code = textOf(reference, 'unitCode')?.toUpperCase();
  const unit = (code && UNIT_CODES[code]) ?? textOf(reference, 'unitText')?.toLowerCase() ?? null;
  const quantity = exact(textOf(reference, 'value')) ?? new Decimal(1);
  const price = structuredAmount(textOf(spec, 'price'), readIn(spec, currency), defaultCurrency);
  return unit && price ? { amount: price.amount, currency: currencyOf(spec, currency) ?? price.currency, quantity, unit } : null;
}

/** eligibleQuantity.minValue (or value) → a tier; referenceQuantity in pieces says how many the price is for. */
function tier(spec: SchemaNode, currency: string | null, defaultCurrency?: string): QuantityTier | null {
  const least = exact(leastQuantity(spec));
  const price = structuredAmount(textOf(spec, 'price'), readIn(spec, currency), defaultCurrency);
  if (!least || !least.isInteger() || !price) return null;
  const pieces = nodesOf(spec, 'referenceQuantity')[0];
  const forQuantity = pieces ? exact(textOf(pieces, 'value')) : null;
  return { minQuantity: least.toNumber(), price: price.amount, forQuantity: forQuantity?.isInteger() ? forQuantity.toNumber() : 1, currency: currencyOf(spec, currency) ?? price.currency };
}

interface ShippingRead {
  cost: Decimal[];
  freeOver: Decimal[];
  currency: string | null;
}

/** OfferShippingDetails.shippingRate, and DeliveryChargeSpecification (free from eligibleTransactionVolume when it costs 0). */
function shippingOf(offers: readonly SchemaNode[], currency: string | null, defaultCurrency?: string): ShippingRead {
  const read: ShippingRead = { cost: [], freeOver: [], currency: null };
  const note = (amount: { amount: Decimal; currency: string | null } | null, into: Decimal[]) => {
    if (!amount) return;
    into.push(amount.amount);
    read.currency ??= amount.currency;
  };
  for (const offer of offers) {
    for (const details of nodesOf(offer, 'shippingDetails')) {
      for (const rate of nodesOf(details, 'shippingRate')) note(structuredAmount(textOf(rate, 'value', 'price'), readIn(rate, currency), defaultCurrency), read.cost);
    }
    for (const spec of nodesOf(offer, 'priceSpecification').filter((s) => hasType(s, 'DeliveryChargeSpecification'))) {
      const price = structuredAmount(textOf(spec, 'price'), readIn(spec, currency), defaultCurrency);
      const volume = nodesOf(spec, 'eligibleTransactionVolume')[0];
      const threshold = volume ? structuredAmount(textOf(volume, 'minPrice', 'price'), readIn(volume, currency), defaultCurrency) : null;
      if (price && price.amount.isZero() && threshold) note(threshold, read.freeOver);
      else note(price, read.cost);
    }
  }
  return read;
}

function one(values: Decimal[]): { value: Decimal | null; ambiguous: boolean } {
  const kept = values.filter((value, i) => values.findIndex((other) => other.eq(value)) === i);
  return { value: kept.length === 1 ? kept[0] : null, ambiguous: kept.length > 1 };
}

/** The product's pricing fields from its offers; several that disagree (shipping per destination) refuse. */
export function readStructuredPricing(offers: readonly SchemaNode[], currency: string | null, defaultCurrency?: string): PricingFields {
  const fields = emptyPricing();
  const specs = specsOf(offers);
  const units = specs.flatMap((spec) => unitPrice(spec, currency, defaultCurrency) ?? []);
  const distinctUnits = units.filter((u, i) => units.findIndex((o) => o.amount.eq(u.amount) && o.quantity.eq(u.quantity) && o.unit === u.unit) === i);
  fields.unitPrice = distinctUnits.length === 1 ? distinctUnits[0] : null;
  if (distinctUnits.length > 1) fields.refused.unitPrice = 'price/ambiguous';
  const tiers = new Map<number, QuantityTier>();
  for (const found of quantityNodes(offers).flatMap((node) => tier(node, currency, defaultCurrency) ?? [])) if (!tiers.has(found.minQuantity)) tiers.set(found.minQuantity, found);
  // A lone condition of one piece (a generator writing eligibleQuantity 1 on its only offer) is the price, no tier table.
  fields.tiers = [...tiers.values()].some((found) => found.minQuantity > 1) ? [...tiers.values()].sort((a, b) => a.minQuantity - b.minQuantity) : [];
  const shipping = shippingOf(offers, currency, defaultCurrency);
  const cost = one(shipping.cost);
  const freeOver = one(shipping.freeOver);
  const terms: ShippingTerms | null = cost.value || freeOver.value ? { cost: cost.value, freeOver: freeOver.value, currency: shipping.currency ?? currency } : null;
  fields.shipping = terms;
  if (cost.ambiguous || freeOver.ambiguous) fields.refused.shipping = 'price/ambiguous';
  return fields;
}
