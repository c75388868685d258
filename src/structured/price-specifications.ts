// What an offer's price specifications price: one piece for anyone, a part or a period, another thing, and which one is stated.
import type { Decimal } from '../core/money';
import { isoCodeOf } from '../prices/iso-currencies';
import { distinctTexts, hasType, isNode, nodesOf, SHOWN_PRICE, termOf, textOf, type SchemaNode } from './schema-node';
import { structuredAmount } from './structured-amount';

/** The node's `priceCurrency` when it is an ISO 4217 code ("usd" too), else null. */
export function isoCurrency(node: SchemaNode): string | null {
  return isoCodeOf(textOf(node, 'priceCurrency'));
}

/** An offer or specification for a quantity above one piece (eligibleQuantity 10+): a bulk tier, not the price of one. */
export function forSeveral(node: SchemaNode): boolean {
  const least = leastQuantity(node);
  if (least !== null) return !/^\s*[01](?:\.0+)?\s*$/.test(least);
  return unreadQuantity(node) !== null;
}

/**
 * An eligibleQuantity written in words we do not read, with a count other than one in them ("Vähintään 10", a tier row's
 * text): some quantity condition, so no price of one piece. Read as none, the row's bulk price was the product's.
 */
export function unreadQuantity(node: SchemaNode): string | null {
  const quantity = node.props.eligibleQuantity?.[0];
  if (typeof quantity !== 'string' || leastQuantity(node) !== null) return null;
  return /\d/.test(quantity) && !/^\D*1\D*$/.test(quantity) ? quantity.replace(/\s+/g, ' ').trim() : null;
}

/**
 * The quantity an offer or specification is valid from: its eligibleQuantity's minValue (or value), or the bare number
 * shops write in its place (`"eligibleQuantity": 10`, a microdata meta); a bare number read as none was the price of one.
 */
export function leastQuantity(node: SchemaNode): string | null {
  const quantity = node.props.eligibleQuantity?.[0];
  if (quantity === undefined) return null;
  if (isNode(quantity)) return textOf(quantity, 'minValue', 'value');
  return /^\s*\d+(?:\.\d+)?\s*$/.test(quantity) ? quantity.trim() : null;
}

/**
 * A specification valid only from an order value (schema.org's eligibleTransactionVolume with a minPrice above 0): what a
 * cart of that value pays. A volume from 0 (generators write one) conditions nothing.
 */
export const forOrderValue = (spec: SchemaNode): boolean =>
  nodesOf(spec, 'eligibleTransactionVolume').some((volume) => !/^\s*0*(?:\.0*)?\s*$/.test(textOf(volume, 'minPrice', 'price') ?? ''));

/** Reference prices a shop strikes through or quotes as "RRP"; never what the shopper pays. */
export const REFERENCE_TYPES = /(?:^|[/:])(StrikethroughPrice|ListPrice|MSRP|SRP)$/i;
export const isReference = (spec: SchemaNode): boolean => REFERENCE_TYPES.test(termOf(spec, 'priceType') ?? '');

/**
 * A price only a cart of some value pays (`forOrderValue`), not a delivery charge's free-shipping threshold. A struck or list
 * price under such a condition is still the reference price: dropped with the cart-spend ones, a sale lost its regular price
 * and an offer `price` equal to the struck one contradicted the current plain specification.
 */
export const forCartSpend = (spec: SchemaNode): boolean =>
  forOrderValue(spec) && !isReference(spec) && !hasType(spec, 'DeliveryChargeSpecification');

/** UN/CEFACT codes of one piece (schema.org's unitCode): a price per piece is the price of one. */
const PIECE_CODES = /^\s*(?:C62|H87|EA|XPP|XPCE|piece)\s*$/i;
/** Words for one piece in `unitText` ("Stück", "each", "pcs"): any other unit ("kg", "100 ml") prices a measure, not the product. */
const PIECE_WORDS = /^\s*(?:1\s*)?(?:pieces?|pcs?\.?|pce|each|ea|units?|items?|stück|stk\.?|st\.?|pièces?|pezz[oi]|stuks?|szt\.?|ks)\s*$/i;

/**
 * A part of the price or a price per period, not the price of the product: a `priceComponentType` (schema.org's
 * Installment, Downpayment, Subscription, ActivationFee, CleaningFee, DistanceFee), a billing period
 * (`billingDuration`, `billingIncrement`), or a `unitCode` other than a piece ("MON": per month, "DAY", "KGM"), or a `unitText`
 * other than a piece's word (a spec of 2.60 "kg" was the price of a 1.95 pack, or refused it as a contradiction).
 * Google documents instalment and subscription offers written so; read as the price, a phone's "41.58 per month
 * for 24 months" was stored as its price.
 */
export function pricesPart(spec: SchemaNode): boolean {
  if (['priceComponentType', 'billingDuration', 'billingIncrement', 'billingStart'].some((prop) => (spec.props[prop] ?? []).length > 0)) return true;
  const unit = textOf(spec, 'unitCode');
  const words = textOf(spec, 'unitText');
  return (unit !== null && !PIECE_CODES.test(unit)) || (words !== null && !PIECE_WORDS.test(words));
}

/**
 * Specifications that price something other than one piece of this offer for anyone: a quantity tier above one
 * piece, a unit price (per kg), delivery or payment charges, a loyalty tier's price (`validForMemberTier`), a price valid
 * only from an order value (`eligibleTransactionVolume`: a cart-spend price), an instalment, down payment or
 * subscription period (`pricesPart`).
 * They are pricing fields or another customer's price, never the price.
 */
export function pricesOtherThing(spec: SchemaNode): boolean {
  if (hasType(spec, 'DeliveryChargeSpecification', 'PaymentChargeSpecification')) return true;
  if (nodesOf(spec, 'referenceQuantity').length > 0 || (spec.props.validForMemberTier ?? []).length > 0) return true;
  if (forCartSpend(spec)) return true;
  return forSeveral(spec) || pricesPart(spec);
}

/** A true `valueAddedTaxIncluded` ("true", true as JSON-LD writes it). */
const grossOf = (spec: SchemaNode) => /^\s*true\s*$/i.test(textOf(spec, 'valueAddedTaxIncluded') ?? '');
/** A false one: the net price German shops state beside the gross one. */
const netOf = (spec: SchemaNode) => /^\s*false\s*$/i.test(textOf(spec, 'valueAddedTaxIncluded') ?? '');

/**
 * The one price the offer's plain specifications (no priceType) state, or null with the amounts when they
 * disagree. German shops list the net and the gross price side by side: the one with tax included is what a
 * shopper pays. Any other disagreement determines nothing.
 */
export function plainPrice(specs: SchemaNode[], priceOf: (node: SchemaNode) => Amount | null) {
  const read = specs.flatMap((spec) => {
    const found = priceOf(spec);
    return found ? [{ ...found, gross: grossOf(spec) }] : [];
  });
  const agree = (list: typeof read) => list.length > 0 && list.every((r) => sameAmount(r, list[0]));
  if (read.length === 0 || agree(read)) return { price: read[0] ?? null, disagree: [] };
  const gross = read.filter((r) => r.gross);
  return agree(gross) ? { price: gross[0], disagree: [] } : { price: null, disagree: read.map(shownAmount) };
}

export type Amount = { amount: Decimal; currency: string | null };

export const shownAmount = (a: Amount) => `${a.amount.toFixed()}${a.currency ? ` ${a.currency}` : ''}`;

/**
 * The offer's price is stated net (`valueAddedTaxIncluded: false` on a plain specification of that amount, or on the offer)
 * and nothing states a gross: a B2B shop's price before VAT, never to be compared with gross prices unsaid.
 */
export function netAlone(offer: SchemaNode, plainSpecs: SchemaNode[], current: Amount, priceOf: (node: SchemaNode) => Amount | null): boolean {
  if (grossOf(offer) || plainSpecs.some(grossOf)) return false;
  if (netOf(offer)) return true;
  return plainSpecs.some((spec) => {
    const stated = netOf(spec) ? priceOf(spec) : null;
    return stated !== null && sameAmount(stated, current);
  });
}

/** One amount in one currency: a spec in EUR beside an offer in USD states another price, not the same one. */
export const sameCurrency = (a: Amount, b: Amount) => a.currency === b.currency || a.currency === null || b.currency === null;
export const sameAmount = (a: Amount, b: Amount) => a.amount.eq(b.amount) && sameCurrency(a, b);

/**
 * An offer's specifications that price one piece for anyone, and how their prices are read: each in its own
 * `priceCurrency` when it names one, else in the offer's (or the first specification's, for an offer that names none).
 * Before, every specification was read in the offer's currency: a spec of 74.00 EUR in a USD offer was stored as 74.00 USD.
 */
export function offerParts(offer: SchemaNode, defaultCurrency: string | undefined) {
  const specs = nodesOf(offer, 'priceSpecification').filter((spec) => !pricesOtherThing(spec));
  const typeOf = (spec: SchemaNode) => termOf(spec, 'priceType') ?? '';
  const plainSpecs = specs.filter((spec) => !typeOf(spec) && textOf(spec, 'price'));
  const currencyText = isoCurrency(offer) ?? specs.map(isoCurrency).find(Boolean) ?? textOf(offer, 'priceCurrency');
  const priceOf = (node: SchemaNode): Amount | null => {
    // A node naming a currency we do not know ("GBp", "AUD$") is read in that text, never in the offer's nor the default.
    const own = textOf(node, 'priceCurrency')?.trim() || null;
    const code = own ? isoCodeOf(own) : isoCodeOf(currencyText);
    const read = structuredAmount(textOf(node, 'price'), code ?? own ?? currencyText, defaultCurrency);
    return read && { amount: read.amount, currency: code ?? read.currency };
  };
  return { specs, typeOf, plainSpecs, priceOf };
}

/**
 * Plain specifications (no priceType; a net one set aside) whose amount is not the offer's own price: the offer says one
 * price and its specification another, and nothing says which is paid. Before, the offer's `price` was taken silently.
 */
export function contradicting(own: Amount, plainSpecs: SchemaNode[], priceOf: (node: SchemaNode) => Amount | null): Amount[] {
  return plainSpecs.filter((spec) => !netOf(spec)).flatMap((spec) => priceOf(spec) ?? []).filter((spec) => !sameAmount(spec, own));
}

/** The amounts of an offer's specifications that price a part or a period (`pricesPart`). */
export function partAmounts(offer: SchemaNode, priceOf: (node: SchemaNode) => Amount | null): Amount[] {
  return nodesOf(offer, 'priceSpecification').filter(pricesPart).flatMap((spec) => priceOf(spec) ?? []);
}

/**
 * Whether the offer's `price` texts state one amount: microdata themes mark the machine's `<meta content="19.99">` and
 * the shown "19,99 €" both as the price, one amount in two spellings. Texts of two amounts (a struck price marked up as
 * `price` too), or one that reads as none, state no one price. Before, any two texts were two prices. A price element's
 * shown text beside its `content` (SHOWN_PRICE) counts when it reads as an amount: raised cents ("19⁹⁹ €") are what the
 * content attribute is there to settle.
 */
export function statesOnePrice(offer: SchemaNode, priceOf: (node: SchemaNode) => Amount | null): boolean {
  const texts = distinctTexts(offer, 'price');
  const read = (text: string) => priceOf({ ...offer, props: { ...offer.props, price: [text] } });
  const shown = distinctTexts(offer, SHOWN_PRICE).flatMap((text) => read(text) ?? []);
  if (texts.length < 2 && shown.length === 0) return true;
  const [first, ...rest] = texts.map(read);
  if (first === undefined) return true;
  return first !== null && [...rest, ...shown].every((amount) => amount !== null && sameAmount(amount, first));
}

/** The price texts an offer states, for a refusal's detail; with one, the text its element shows beside it too. */
export function priceTexts(offer: SchemaNode): string[] {
  const stated = distinctTexts(offer, 'price');
  return stated.length > 1 ? stated : [...stated, ...distinctTexts(offer, SHOWN_PRICE).map((text) => `shown ${text}`)];
}
