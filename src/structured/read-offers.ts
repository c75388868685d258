// schema.org Offer / AggregateOffer / priceSpecification → exact current, regular and low/high prices.
import { Decimal } from '../core/money';
import { candidatesOf } from '../prices/currencies';
import { isIsoCode, pastPrintedDigits, printedMinorDigits } from '../prices/iso-currencies';
import { opensWithFrom } from '../prices/from-price';
import { parsePrice } from '../prices/parse-price';
import { normalizeAvailability, type Availability } from './availability';
import { distinctTexts, hasType, nodesOf, textOf, type SchemaNode } from './schema-node';

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

/** Reference prices a shop strikes through or quotes as "RRP"; never what the shopper pays. */
const REFERENCE_TYPES = /(?:^|[/:])(StrikethroughPrice|ListPrice|MSRP|SRP)$/i;
const SALE_TYPE = /(?:^|[/:])SalePrice$/i;

/**
 * Exact amount of a structured price, or null when it has none we can trust. schema.org asks for "." as
 * the decimal separator, so a plain "3.350" KWD is three and a third; other texts ("£12.99", "12,99 €")
 * go through the parser as any page text would. Never a JS number. Refused (null):
 * - more decimals than the currency is printed with ("12.5" JPY), or exactly three in a currency that
 *   has no three ("1.299" EUR): shops that write the page's "1.299 €" into JSON-LD mean 1299, schema.org
 *   means 1.299, and neither is a price in that currency;
 * - a text whose own currency contradicts `priceCurrency` ("£12.99" with "USD");
 * - a from-price ("from 19.99", "ab 19,99 €"): the lowest variant's, not this offer's (`price/range`);
 * - a negative amount: no price of anything sold (`price/not-a-price`).
 * A `priceCurrency` that names no currency we know ("AUD$") leaves the currency unknown: the shop's
 * default in its place would be a guess.
 */
export function structuredAmount(text: string | null, currency: string | null, defaultCurrency?: string): { amount: Decimal; currency: string | null } | null {
  const read = readStructuredAmount(text, currency, defaultCurrency);
  return read && 'amount' in read ? read : null;
}

type AmountRefusal = { reason: string; detail: string };

/** structuredAmount, or why a stated price text gives none (null: no text at all, or nothing worth a reason of its own). */
export function readStructuredAmount(text: string | null, currency: string | null, defaultCurrency?: string): { amount: Decimal; currency: string | null } | AmountRefusal | null {
  if (text === null) return null;
  const shown = JSON.stringify(text);
  if (opensWithFrom(text)) return { reason: 'price/range', detail: `the structured price ${shown} is a from-price (the lowest variant's)` };
  const named = currency?.trim() ? candidatesOf(currency) : null;
  // A JSON number as its encoder printed it: "19.990000000000002" is binary float noise, "-1.5e-7" no price.
  const plain = /^\s*(-?)\d+\.(\d+)\s*$/.exec(text);
  const parsed = parsePrice(text, { currencyHint: currency, defaultCurrency: named?.length === 0 ? undefined : defaultCurrency, decimalSeparator: plain ? '.' : undefined });
  if (!parsed.ok) return { reason: parsed.reason, detail: `the structured price ${shown}: ${parsed.detail ?? parsed.reason}` };
  if (!parsed.amount.isFinite()) return null;
  if (parsed.amount.isNegative()) return { reason: 'price/not-a-price', detail: `the structured price ${shown} is negative` };
  const said = parsed.currency ? [parsed.currency] : (parsed.currencyCandidates ?? []);
  if (named && named.length > 0 && said.length > 0 && !said.some((code) => named.includes(code))) return null;
  if (plain && pastPrintedDigits(parsed.amount, parsed.currency)) {
    return { reason: 'price/ambiguous', detail: `the structured price ${shown} has more decimals than ${parsed.currency ?? 'its currency'} is printed with (float noise or another currency's amount)` };
  }
  if (plain && threeDecimalsOffScale(plain[2], parsed.currency)) return null;
  return { amount: parsed.amount, currency: parsed.currency };
}

/** "1.299" in a currency printed without three decimals: the page's thousands, not schema.org's decimals (unknown currency: no judgement). */
function threeDecimalsOffScale(fraction: string, currency: string | null): boolean {
  const digits = printedMinorDigits(currency);
  return digits !== null && fraction.length === 3 && digits !== 3;
}

function isoCurrency(node: SchemaNode): string | null {
  const code = textOf(node, 'priceCurrency')?.toUpperCase() ?? null;
  return code && isIsoCode(code) ? code : null;
}

const minOf = (values: Decimal[]): Decimal => values.reduce((a, b) => (b.lt(a) ? b : a));
/** The highest, or null when one of them is unknown: the spread is open-ended then. */
const maxOf = (values: Array<Decimal | null>): Decimal | null => values.reduce<Decimal | null>((a, b) => (a === null || b === null ? null : b.gt(a) ? b : a), values[0] ?? null);

/** An offer or specification for a quantity above one piece (eligibleQuantity 10+): a bulk tier, not the price of one. */
function forSeveral(node: SchemaNode): boolean {
  const quantity = nodesOf(node, 'eligibleQuantity')[0];
  const least = quantity ? textOf(quantity, 'minValue', 'value') : null;
  return least !== null && !/^\s*[01](?:\.0+)?\s*$/.test(least);
}

/** UN/CEFACT codes of one piece (schema.org's unitCode): a price per piece is the price of one. */
const PIECE_CODES = /^\s*(?:C62|H87|EA|XPP|XPCE|piece)\s*$/i;

/**
 * A part of the price or a price per period, not the price of the product: a `priceComponentType` (schema.org's
 * Installment, Downpayment, Subscription, ActivationFee, CleaningFee, DistanceFee), a billing period
 * (`billingDuration`, `billingIncrement`), or a `unitCode` other than a piece ("MON": per month, "DAY", "KGM").
 * Google documents instalment and subscription offers written so; read as the price, a phone's "41.58 per month
 * for 24 months" was stored as its price.
 */
export function pricesPart(spec: SchemaNode): boolean {
  if (['priceComponentType', 'billingDuration', 'billingIncrement', 'billingStart'].some((prop) => (spec.props[prop] ?? []).length > 0)) return true;
  const unit = textOf(spec, 'unitCode');
  return unit !== null && !PIECE_CODES.test(unit);
}

/**
 * Specifications that price something other than one piece of this offer for anyone: a quantity tier above one
 * piece, a unit price (per kg), delivery or payment charges, a loyalty tier's price (`validForMemberTier`), an
 * instalment, down payment or subscription period (`pricesPart`).
 * They are pricing fields or another customer's price, never the price.
 */
export function pricesOtherThing(spec: SchemaNode): boolean {
  if (hasType(spec, 'DeliveryChargeSpecification', 'PaymentChargeSpecification')) return true;
  if (nodesOf(spec, 'referenceQuantity').length > 0 || (spec.props.validForMemberTier ?? []).length > 0) return true;
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
function plainPrice(specs: SchemaNode[], priceOf: (node: SchemaNode) => Amount | null) {
  const read = specs.flatMap((spec) => {
    const found = priceOf(spec);
    return found ? [{ ...found, gross: grossOf(spec) }] : [];
  });
  const agree = (list: typeof read) => list.length > 0 && list.every((r) => sameAmount(r, list[0]));
  if (read.length === 0 || agree(read)) return { price: read[0] ?? null, disagree: [] };
  const gross = read.filter((r) => r.gross);
  return agree(gross) ? { price: gross[0], disagree: [] } : { price: null, disagree: read.map(shownAmount) };
}

type Amount = { amount: Decimal; currency: string | null };

const shownAmount = (a: Amount) => `${a.amount.toFixed()}${a.currency ? ` ${a.currency}` : ''}`;

/**
 * The offer's price is stated net (`valueAddedTaxIncluded: false` on a plain specification of that amount, or on the offer)
 * and nothing states a gross: a B2B shop's price before VAT, never to be compared with gross prices unsaid.
 */
function netAlone(offer: SchemaNode, plainSpecs: SchemaNode[], current: Amount, priceOf: (node: SchemaNode) => Amount | null): boolean {
  if (grossOf(offer) || plainSpecs.some(grossOf)) return false;
  if (netOf(offer)) return true;
  return plainSpecs.some((spec) => {
    const stated = netOf(spec) ? priceOf(spec) : null;
    return stated !== null && sameAmount(stated, current);
  });
}

/** One amount in one currency: a spec in EUR beside an offer in USD states another price, not the same one. */
const sameCurrency = (a: Amount, b: Amount) => a.currency === b.currency || a.currency === null || b.currency === null;
const sameAmount = (a: Amount, b: Amount) => a.amount.eq(b.amount) && sameCurrency(a, b);

/**
 * An offer's specifications that price one piece for anyone, and how their prices are read: each in its own
 * `priceCurrency` when it names one, else in the offer's (or the first specification's, for an offer that names none).
 * Before, every specification was read in the offer's currency: a spec of 74.00 EUR in a USD offer was stored as 74.00 USD.
 */
function offerParts(offer: SchemaNode, defaultCurrency: string | undefined) {
  const specs = nodesOf(offer, 'priceSpecification').filter((spec) => !pricesOtherThing(spec));
  const typeOf = (spec: SchemaNode) => textOf(spec, 'priceType') ?? '';
  const plainSpecs = specs.filter((spec) => !typeOf(spec) && textOf(spec, 'price'));
  const currencyText = isoCurrency(offer) ?? specs.map(isoCurrency).find(Boolean) ?? textOf(offer, 'priceCurrency');
  const priceOf = (node: SchemaNode): Amount | null => {
    const code = isoCurrency(node) ?? (currencyText && isIsoCode(currencyText.toUpperCase()) ? currencyText.toUpperCase() : null);
    const read = structuredAmount(textOf(node, 'price'), code ?? currencyText, defaultCurrency);
    return read && { amount: read.amount, currency: code ?? read.currency };
  };
  return { specs, typeOf, plainSpecs, priceOf };
}

/**
 * Plain specifications (no priceType; a net one set aside) whose amount is not the offer's own price: the offer says one
 * price and its specification another, and nothing says which is paid. Before, the offer's `price` was taken silently.
 */
function contradicting(own: Amount, plainSpecs: SchemaNode[], priceOf: (node: SchemaNode) => Amount | null): Amount[] {
  return plainSpecs.filter((spec) => !netOf(spec)).flatMap((spec) => priceOf(spec) ?? []).filter((spec) => !sameAmount(spec, own));
}

/** The amounts of an offer's specifications that price a part or a period (`pricesPart`). */
function partAmounts(offer: SchemaNode, priceOf: (node: SchemaNode) => Amount | null): Amount[] {
  return nodesOf(offer, 'priceSpecification').filter(pricesPart).flatMap((spec) => priceOf(spec) ?? []);
}

/**
 * One Offer: its price (or its plain priceSpecification's), a SalePrice spec below it, a reference price.
 * The page's own marking decides a sale: a SalePrice below the listed price wins, and so does a plain
 * price below a listed price that the page marks as StrikethroughPrice/ListPrice.
 */
function readOffer(offer: SchemaNode, defaultCurrency: string | undefined): OfferPrices | null {
  if (hasType(offer, 'AggregateOffer')) return readAggregate(offer, defaultCurrency);
  if (forSeveral(offer)) return null;
  // Two different prices in one offer (a struck one marked up as `price` beside the current one, a JSON-LD array): none is its price.
  if (distinctTexts(offer, 'price').length > 1) return null;
  const { specs, typeOf, plainSpecs, priceOf } = offerParts(offer, defaultCurrency);
  const specPrice = (type: RegExp) => {
    const spec = specs.find((candidate) => type.test(typeOf(candidate)));
    return spec ? priceOf(spec) : null;
  };
  const reference = specPrice(REFERENCE_TYPES);
  // An offer price equal to one of its instalments or its down payment is that part, not the product's price.
  const stated = priceOf(offer);
  const own = stated && partAmounts(offer, priceOf).some((part) => sameAmount(part, stated)) ? null : stated;
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
    availability: normalizeAvailability(textOf(offer, 'availability')),
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
  const currencyText = currency ?? textOf(offer, 'priceCurrency');
  const nested = combineOffers(nodesOf(offer, 'offers'), defaultCurrency);
  const lowRead = structuredAmount(textOf(offer, 'lowPrice', 'price'), currencyText, defaultCurrency);
  const first = lowRead?.amount ?? nested?.low;
  if (!first) return null;
  const stated = structuredAmount(textOf(offer, 'highPrice'), currencyText, defaultCurrency)?.amount;
  // A highPrice below the lowPrice (the two swapped): both are offers' prices, so the lower of them is the lowest. Before,
  // the high was raised to the low and the dearer amount stood as the one price.
  const low = stated?.lt(first) ? stated : first;
  const high = stated?.lt(first) ? first : (stated ?? (nested ? nested.high : oneOffer(offer) ? low : null));
  return {
    price: low,
    currency: currency ?? (lowRead ? lowRead.currency : (nested?.currency ?? null)),
    availability: normalizeAvailability(textOf(offer, 'availability')) ?? nested?.availability ?? null,
    regular: null,
    low,
    high: high?.lt(low) ? low : high,
    // lowPrice and highPrice are each some offer's price, so a page showing the dearest variant is one of the offers.
    each: nested?.each ?? (high?.gt(low) ? [low, high] : [low]),
  };
}

/**
 * Several offers (sellers, variants): the lowest is the price that competes; low/high span them all.
 * Offers in several currencies (one product priced in USD, EUR and GBP) are compared only within the
 * spider's shop currency: an amount in one currency is not lower than one in another, and with no shop
 * currency among them there is no structured price at all.
 */
export function combineOffers(offers: SchemaNode[], defaultCurrency?: string): OfferPrices | null {
  let read = offers.flatMap((offer) => readOffer(offer, defaultCurrency) ?? []);
  if (offerCurrencies(read).length > 1) read = read.filter((offer) => offer.currency === defaultCurrency?.toUpperCase());
  if (read.length === 0) return null;
  const best = read.reduce((a, b) => (b.price.lt(a.price) ? b : a));
  return { ...best, low: minOf(read.map((r) => r.low)), high: maxOf(read.map((r) => r.high)), each: read.flatMap((r) => r.each) };
}

const offerCurrencies = (read: OfferPrices[]): string[] => [...new Set(read.flatMap((offer) => offer.currency ?? []))].sort();

/**
 * Why offers that have amounts give no price: they are in several currencies and none is the spider's
 * shop currency (combineOffers above), or an offer with no price of its own lists plain specifications that
 * disagree (plainPrice). Null when that is not why. Without it the item's reason would be the page's ("no
 * price on the page") although the data had prices, just none to choose.
 */
export function offersRefusal(offers: SchemaNode[], defaultCurrency?: string): { reason: string; detail: string } | null {
  const currencies = offerCurrencies(offers.flatMap((offer) => readOffer(offer, defaultCurrency) ?? []));
  if (currencies.length < 2) return specsRefusal(offers, defaultCurrency);
  const shop = defaultCurrency ? `none in the shop currency ${defaultCurrency.toUpperCase()}` : 'the spider names no shop currency';
  return { reason: 'price/ambiguous', detail: `structured offers in ${currencies.join(', ')}; ${shop}` };
}

function specsRefusal(offers: SchemaNode[], defaultCurrency?: string): { reason: string; detail: string } | null {
  for (const offer of offers) {
    if (hasType(offer, 'AggregateOffer') || forSeveral(offer) || readOffer(offer, defaultCurrency)) continue;
    const stated = distinctTexts(offer, 'price');
    if (stated.length > 1) return { reason: 'price/ambiguous', detail: `an offer states several prices: ${stated.join(', ')}` };
    const { plainSpecs, priceOf } = offerParts(offer, defaultCurrency);
    const { disagree } = plainPrice(plainSpecs, priceOf);
    if (disagree.length > 0) return { reason: 'price/ambiguous', detail: `an offer's price specifications state ${disagree.join(', ')} with no priceType or tax flag to choose by` };
    const own = priceOf(offer);
    const against = own ? contradicting(own, plainSpecs, priceOf) : [];
    if (own && against.length > 0) return { reason: 'price/ambiguous', detail: `an offer's price ${shownAmount(own)} and its price specification ${against.map(shownAmount).join(', ')} disagree, with no priceType or tax flag to choose by` };
    const parts = partAmounts(offer, priceOf);
    if (parts.length > 0) return { reason: 'price/rate-only', detail: `an offer states only instalments, a down payment or a price per period: ${parts.map((d) => d.amount.toFixed()).join(', ')}` };
    // Its own price text read as none: say why (a from-price, a negative amount, float noise) rather than "no price on the page".
    const unread = stated.length === 1 ? readStructuredAmount(stated[0], textOf(offer, 'priceCurrency'), defaultCurrency) : null;
    if (unread && 'reason' in unread) return unread;
  }
  return null;
}
