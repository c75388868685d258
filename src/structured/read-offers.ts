// schema.org Offer / AggregateOffer / priceSpecification → exact current, regular and low/high prices.
import type { Decimal } from '../core/money';
import { normalizeAvailability, type Availability } from './availability';
import { hasType, nodesOf, termOf, textOf, type SchemaNode } from './schema-node';
import { structuredAmount } from './structured-amount';
import { contradicting, forSeveral, isoCurrency, netAlone, offerParts, partAmounts, plainPrice, REFERENCE_TYPES, sameAmount, sameCurrency, statesOnePrice, type Amount } from './price-specifications';

export interface OfferPrices {
  price: Decimal;
  currency: string | null;
  availability: Availability | null;
  /** The undiscounted price, only when the offer states one above `price`. */
  regular: Decimal | null;
  low: Decimal;
  /** The dearest offer's price; null when the data names only the lowest of several (an AggregateOffer without highPrice). */
  high: Decimal | null;
  /** The price of every single offer read (variants, sellers), so a page showing one of them is confirmed by the data. */
  each: Decimal[];
  /** The price is stated with `valueAddedTaxIncluded: false` and no gross beside it (a B2B shop's net price). */
  taxIncluded?: false;
}

const SALE_TYPE = /(?:^|[/:])SalePrice$/i;

const minOf = (values: Decimal[]): Decimal => values.reduce((a, b) => (b.lt(a) ? b : a));
/** The highest, or null when one of them is unknown: the spread is open-ended then. */
const maxOf = (values: Array<Decimal | null>): Decimal | null => values.reduce<Decimal | null>((a, b) => (a === null || b === null ? null : b.gt(a) ? b : a), values[0] ?? null);

/**
 * One Offer: its price (or its plain priceSpecification's), a SalePrice spec below it, a reference price.
 * The page's own marking decides a sale: a SalePrice below the listed price wins, and so does a plain
 * price below a listed price that the page marks as StrikethroughPrice/ListPrice.
 */
export function readOffer(offer: SchemaNode, defaultCurrency: string | undefined): OfferPrices | null {
  // Before the aggregate: an AggregateOffer valid only from 10 pieces summarises bulk offers, none the price of one.
  if (forSeveral(offer)) return null;
  if (hasType(offer, 'AggregateOffer')) return readAggregate(offer, defaultCurrency);
  // Two different prices in one offer (a struck one marked up as `price` beside the current one, a JSON-LD array): none is its price.
  const { specs, typeOf, plainSpecs, priceOf } = offerParts(offer, defaultCurrency);
  if (!statesOnePrice(offer, priceOf)) return null;
  const specPrice = (type: RegExp) => {
    const spec = specs.find((candidate) => type.test(typeOf(candidate)));
    return spec ? priceOf(spec) : null;
  };
  const reference = specPrice(REFERENCE_TYPES);
  // An offer price equal to one of its instalments or its down payment is that part, not the product's price; one equal to
  // a quantity tier's from 10 pieces is that tier's (a shop writing its cheapest tier as the price).
  const stated = priceOf(offer);
  const own = stated && [...partAmounts(offer, priceOf), ...tierAmounts(offer, priceOf)].some((part) => sameAmount(part, stated)) ? null : stated;
  const plain = plainPrice(plainSpecs, priceOf).price;
  // `price` equal to the struck reference price, with a lower plain specification: the page marks the offer price as the old one.
  const ownIsStruck = own && reference && plain && sameAmount(own, reference) && sameCurrency(own, plain) && plain.amount.lt(own.amount);
  if (own && !ownIsStruck && contradicting(own, plainSpecs, priceOf).length > 0) return null;
  const listed = ownIsStruck ? plain : (own ?? plain);
  // An older pattern: `price` is the regular price and a SalePrice specification the discounted one (in the same currency).
  const sale = specPrice(SALE_TYPE);
  const current = listed && sale && sameCurrency(sale, listed) && sale.amount.lt(listed.amount) ? sale : (listed ?? sale);
  if (!current) return null;
  const regular = reference ?? (current !== listed ? listed : null);
  return {
    ...(netAlone(offer, plainSpecs, current, priceOf) ? { taxIncluded: false as const } : {}),
    price: current.amount,
    currency: current.currency,
    availability: normalizeAvailability(termOf(offer, 'availability')),
    regular: regular && sameCurrency(regular, current) && regular.amount.gt(current.amount) ? regular.amount : null,
    low: current.amount,
    high: current.amount,
    each: [current.amount],
  };
}

/** `offerCount` 1: an AggregateOffer of a single offer, whose lowPrice is that offer's price. */
const oneOffer = (offer: SchemaNode) => /^\s*1\s*$/.test(textOf(offer, 'offerCount') ?? '');

/**
 * AggregateOffer: lowPrice/highPrice, or the spread of its nested offers when those are missing. A lowPrice with no
 * highPrice and no nested offers is the lowest of several offers whose dearest is unknown (unless `offerCount` is 1):
 * a "from" price, open-ended (`high` null). Before, it counted as a single price and was stored when the page showed none.
 */
function readAggregate(offer: SchemaNode, defaultCurrency: string | undefined): OfferPrices | null {
  const currency = isoCurrency(offer);
  const nested = combineOffers(nodesOf(offer, 'offers'), defaultCurrency);
  const { low: lowRead, high: stated } = statedEnds(offer, nested !== null, defaultCurrency);
  const first = lowRead?.amount ?? nested?.low;
  if (!first) return null;
  // A highPrice below the lowPrice (the two swapped): both are offers' prices, so the lower of them is the lowest. Before,
  // the high was raised to the low and the dearer amount stood as the one price.
  const low = stated?.lt(first) ? stated : first;
  const high = stated?.lt(first) ? first : (stated ?? (nested ? nested.high : oneOffer(offer) ? low : null));
  return {
    price: low,
    currency: currency ?? (lowRead ? lowRead.currency : (nested?.currency ?? null)),
    availability: normalizeAvailability(termOf(offer, 'availability')) ?? nested?.availability ?? null,
    regular: null,
    low,
    high: high?.lt(low) ? low : high,
    // lowPrice and highPrice are each some offer's price, so a page showing the dearest variant is one of the offers.
    each: nested?.each ?? (high?.gt(low) ? [low, high] : [low]),
  };
}

/**
 * An aggregate's stated lowPrice/highPrice, each null where it states no price of one piece: both when a nested offer is a
 * quantity tier (graduated prices written as an aggregate: lowPrice is the bulk tier's, highPrice the single piece's; before,
 * the bulk price was stored), the low when it is 0 beside a dearer offer (an unpriced variant's placeholder, as a zero nested
 * offer is; 0.00 was the price).
 */
export function statedEnds(offer: SchemaNode, nested: boolean, defaultCurrency: string | undefined): { low: Amount | null; high: Decimal | undefined } {
  if (nodesOf(offer, 'offers').some(bulkTier)) return { low: null, high: undefined };
  const currencyText = isoCurrency(offer) ?? textOf(offer, 'priceCurrency');
  const low = structuredAmount(textOf(offer, 'lowPrice', 'price'), currencyText, defaultCurrency);
  const high = structuredAmount(textOf(offer, 'highPrice'), currencyText, defaultCurrency)?.amount;
  const placeholder = low?.amount.isZero() && (nested || (high !== undefined && !high.isZero()));
  return { low: placeholder ? null : low, high };
}

/** An offer for a bulk quantity only: its own eligibleQuantity is above one piece, or its only price is a tier specification's. */
export function bulkTier(offer: SchemaNode): boolean {
  if (forSeveral(offer)) return true;
  return !hasType(offer, 'AggregateOffer') && readOffer(offer, undefined) === null && tierAmounts(offer, offerParts(offer, undefined).priceOf).length > 0;
}

/** The amounts of an offer's specifications for a quantity above one piece (eligibleQuantity from 10). */
export const tierAmounts = (offer: SchemaNode, priceOf: (node: SchemaNode) => Amount | null): Amount[] =>
  nodesOf(offer, 'priceSpecification').filter(forSeveral).flatMap((spec) => priceOf(spec) ?? []);

/**
 * Several offers (sellers, variants): the lowest is the price that competes; low/high span them all (a zero among priced
 * ones left out).
 * Offers in several currencies (one product priced in USD, EUR and GBP) are compared only within the
 * spider's shop currency: an amount in one currency is not lower than one in another, and with no shop
 * currency among them there is no structured price at all.
 */
export function combineOffers(offers: SchemaNode[], defaultCurrency?: string): OfferPrices | null {
  let read = newOnes(offers).flatMap((offer) => readOffer(offer, defaultCurrency) ?? []);
  // A zero beside priced offers is a placeholder (an unpriced variant, "price on request"), never the lowest price: as it,
  // the product's price was 0.00, which no stage stores. Zero alone stays, for the pipeline to refuse as price/zero.
  if (read.some((offer) => !offer.price.isZero())) read = read.filter((offer) => !offer.price.isZero());
  if (offerCurrencies(read).length > 1) read = read.filter((offer) => offer.currency === defaultCurrency?.toUpperCase());
  if (read.length === 0) return null;
  const best = read.reduce((a, b) => (b.price.lt(a.price) ? b : a));
  return { ...best, low: minOf(read.map((r) => r.low)), high: maxOf(read.map((r) => r.high)), each: read.flatMap((r) => r.each) };
}

/** schema.org's OfferItemCondition members other than new, as written or as a term (`https://schema.org/UsedCondition`, `Used`). */
const NOT_NEW = /(?:^|[/:])(?:Used|Refurbished|Damaged)(?:Condition)?$/i;

/**
 * The offers of the product new, when some are offered in another condition (a marketplace's used or refurbished one, Google's
 * `itemCondition`) beside them: the used one prices another thing than the new product the page sells. An offer stating no
 * condition is new, as Google reads it. Before, a used 60.00 beside the new 100.00 was the price. A shop of used goods (no
 * new offer beside them) keeps its offers.
 */
function newOnes(offers: SchemaNode[]): SchemaNode[] {
  const kept = offers.filter((offer) => !NOT_NEW.test(termOf(offer, 'itemCondition') ?? ''));
  return kept.length > 0 ? kept : offers;
}

export const offerCurrencies = (read: OfferPrices[]): string[] => [...new Set(read.flatMap((offer) => offer.currency ?? []))].sort();
