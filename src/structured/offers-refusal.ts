// Why an offer's amounts give no structured price: several currencies and none the shop's, or specifications that disagree.
import { hasType, distinctTexts, nodesOf, textOf, type SchemaNode } from './schema-node';
import { contradicting, forSeveral, offerParts, partAmounts, plainPrice, shownAmount, statesOnePrice, type Amount } from './price-specifications';
import { offerCurrencies, readOffer, REFERENCE_TYPES } from './read-offers';
import { readStructuredAmount } from './structured-amount';

/**
 * Why offers that have amounts give no price: they are in several currencies and none is the spider's
 * shop currency (combineOffers), or an offer with no price of its own lists plain specifications that
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
    const { plainSpecs, priceOf, typeOf } = offerParts(offer, defaultCurrency);
    if (!statesOnePrice(offer, priceOf)) return { reason: 'price/ambiguous', detail: `an offer states several prices: ${stated.join(', ')}` };
    const { disagree } = plainPrice(plainSpecs, priceOf);
    if (disagree.length > 0) return { reason: 'price/ambiguous', detail: `an offer's price specifications state ${disagree.join(', ')} with no priceType or tax flag to choose by` };
    const own = priceOf(offer);
    const against = own ? contradicting(own, plainSpecs, priceOf) : [];
    if (own && against.length > 0) return { reason: 'price/ambiguous', detail: `an offer's price ${shownAmount(own)} and its price specification ${against.map(shownAmount).join(', ')} disagree, with no priceType or tax flag to choose by` };
    const parts = partAmounts(offer, priceOf);
    if (parts.length > 0) return { reason: 'price/rate-only', detail: `an offer states only instalments, a down payment or a price per period or measure: ${parts.map((d) => d.amount.toFixed()).join(', ')}` };
    const withheld = withheldPrice(offer, priceOf, typeOf);
    if (withheld) return withheld;
    // Its own price text read as none: say why (a from-price, a negative amount, float noise) rather than "no price on the page".
    const unread = stated.length === 1 ? readStructuredAmount(stated[0], textOf(offer, 'priceCurrency'), defaultCurrency) : null;
    if (unread && 'reason' in unread) return unread;
  }
  return null;
}

/**
 * An offer whose only amounts are a struck or list price (`price/reference-only`) or a loyalty tier's
 * (`validForMemberTier`: `price/member-only`): none is what everyone pays now, and the item said only that no price was found.
 */
function withheldPrice(offer: SchemaNode, priceOf: (node: SchemaNode) => Amount | null, typeOf: (spec: SchemaNode) => string): { reason: string; detail: string } | null {
  const specs = nodesOf(offer, 'priceSpecification');
  const amounts = (list: SchemaNode[]) => list.flatMap((spec) => priceOf(spec) ?? []).map(shownAmount).join(', ');
  const members = amounts(specs.filter((spec) => (spec.props.validForMemberTier ?? []).length > 0));
  if (members) return { reason: 'price/member-only', detail: `an offer states only a loyalty tier's price: ${members}` };
  const references = amounts(specs.filter((spec) => REFERENCE_TYPES.test(typeOf(spec))));
  return references ? { reason: 'price/reference-only', detail: `an offer states only a struck or list price: ${references}` } : null;
}
