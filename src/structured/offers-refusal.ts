// Why an offer's amounts give no structured price: several currencies and none the shop's, or specifications that disagree.
import { hasType, distinctTexts, nodesOf, textOf, type SchemaNode } from './schema-node';
import { contradicting, forCartSpend, forSeveral, isoCurrency, leastQuantity, isReference, offerParts, unreadQuantity, partAmounts, plainPrice, priceTexts, shownAmount, statesOnePrice, type Amount } from './price-specifications';
import { offerCurrencies, readOffer, statedEnds } from './read-offers';
import { readStructuredAmount, structuredAmount } from './structured-amount';
import { unitPrice } from './structured-pricing';

/**
 * Why offers that have amounts give no price: they are in several currencies and none is the spider's
 * shop currency (combineOffers), or an offer with no price of its own lists plain specifications that
 * disagree (plainPrice). Null when that is not why. Without it the item's reason would be the page's ("no
 * price on the page") although the data had prices, just none to choose.
 */
export function offersRefusal(offers: SchemaNode[], defaultCurrency?: string): { reason: string; detail: string } | null {
  const currencies = offerCurrencies(offers.flatMap((offer) => readOffer(offer, defaultCurrency) ?? []));
  if (currencies.length < 2) return specsRefusal(offers, defaultCurrency) ?? aggregateRefusal(offers, defaultCurrency) ?? tiersRefusal(offers, defaultCurrency);
  const shop = defaultCurrency ? `none in the shop currency ${defaultCurrency.toUpperCase()}` : 'the spider names no shop currency';
  return { reason: 'price/ambiguous', detail: `structured offers in ${currencies.join(', ')}; ${shop}` };
}

function specsRefusal(offers: SchemaNode[], defaultCurrency?: string): { reason: string; detail: string } | null {
  for (const offer of offers) {
    if (hasType(offer, 'AggregateOffer') || forSeveral(offer) || readOffer(offer, defaultCurrency)) continue;
    const stated = distinctTexts(offer, 'price');
    const { plainSpecs, priceOf } = offerParts(offer, defaultCurrency);
    if (!statesOnePrice(offer, priceOf)) return { reason: 'price/ambiguous', detail: `an offer states several prices: ${priceTexts(offer).join(', ')}` };
    const { disagree } = plainPrice(plainSpecs, priceOf);
    if (disagree.length > 0) return { reason: 'price/ambiguous', detail: `an offer's price specifications state ${disagree.join(', ')} with no priceType or tax flag to choose by` };
    const own = priceOf(offer);
    const against = own ? contradicting(own, plainSpecs, priceOf) : [];
    if (own && against.length > 0) return { reason: 'price/ambiguous', detail: `an offer's price ${shownAmount(own)} and its price specification ${against.map(shownAmount).join(', ')} disagree, with no priceType or tax flag to choose by` };
    const parts = partAmounts(offer, priceOf);
    if (parts.length > 0) return { reason: 'price/rate-only', detail: `an offer states only instalments, a down payment or a price per period or measure: ${parts.map((d) => d.amount.toFixed()).join(', ')}` };
    const perMeasure = measurePrices(offer, defaultCurrency);
    if (perMeasure) return { reason: 'price/rate-only', detail: `an offer states only a price per measure: ${perMeasure}` };
    const withheld = withheldPrice(offer, priceOf);
    if (withheld) return withheld;
    // Its own price text read as none: say why (a from-price, a negative amount, float noise) rather than "no price on the page".
    const unread = stated.length === 1 ? readStructuredAmount(stated[0], textOf(offer, 'priceCurrency'), defaultCurrency) : null;
    if (unread && 'reason' in unread) return unread;
  }
  return null;
}

/**
 * The unit prices an offer states per measure (`referenceQuantity` in kg, l, m: a Grundpreis), "9.98 EUR per 1 kg"; null
 * when none. Alone they are no price of the product, and the item said only that no price was found.
 */
function measurePrices(offer: SchemaNode, defaultCurrency?: string): string | null {
  const units = nodesOf(offer, 'priceSpecification').flatMap((spec) => unitPrice(spec, isoCurrency(offer), defaultCurrency) ?? []).filter((unit) => unit.unit !== 'unit');
  return units.length > 0 ? units.map((unit) => `${shownAmount(unit)} per ${unit.quantity.toFixed()} ${unit.unit}`).join(', ') : null;
}

/**
 * An offer whose only amounts are a struck or list price (`price/reference-only`), a loyalty tier's
 * (`validForMemberTier`: `price/member-only`) or a cart-spend price's (`eligibleTransactionVolume`: `price/ambiguous`): none is what everyone pays now, and the item said only that no price was found.
 */
function withheldPrice(offer: SchemaNode, priceOf: (node: SchemaNode) => Amount | null): { reason: string; detail: string } | null {
  const specs = nodesOf(offer, 'priceSpecification');
  const amounts = (list: SchemaNode[]) => list.flatMap((spec) => priceOf(spec) ?? []).map(shownAmount).join(', ');
  const members = amounts(specs.filter((spec) => (spec.props.validForMemberTier ?? []).length > 0));
  if (members) return { reason: 'price/member-only', detail: `an offer states only a loyalty tier's price: ${members}` };
  const cartSpend = amounts(specs.filter(forCartSpend));
  if (cartSpend) return { reason: 'price/ambiguous', detail: `an offer states only prices for orders from a value: ${cartSpend}` };
  const references = amounts(specs.filter(isReference));
  return references ? { reason: 'price/reference-only', detail: `an offer states only a struck or list price: ${references}` } : null;
}

/**
 * An AggregateOffer whose stated ends give no lowest price: a lowPrice of 0 beside a dearer offer (a placeholder), a highPrice
 * alone (the dearest offer's), or a lowPrice text that reads as none (negative, a from-price). Each gave no price and no reason.
 */
function aggregateRefusal(offers: SchemaNode[], defaultCurrency?: string): { reason: string; detail: string } | null {
  for (const offer of offers) {
    if (!hasType(offer, 'AggregateOffer') || forSeveral(offer) || readOffer(offer, defaultCurrency)) continue;
    const currency = isoCurrency(offer) ?? textOf(offer, 'priceCurrency');
    const lowText = textOf(offer, 'lowPrice', 'price');
    const low = readStructuredAmount(lowText, currency, defaultCurrency);
    const high = statedEnds(offer, false, defaultCurrency).high;
    if (low && 'amount' in low && low.amount.isZero() && high) {
      return { reason: 'price/zero', detail: `an AggregateOffer's lowPrice is 0 beside highPrice ${high.toFixed()}: a placeholder, the lowest priced offer is not stated` };
    }
    if (low && 'reason' in low) return low;
    if (lowText === null && high) return { reason: 'price/range', detail: `an AggregateOffer states only its highPrice ${high.toFixed()} (the dearest offer's), no lowPrice` };
  }
  return null;
}

/**
 * Offers (or their specifications) valid only from a quantity above one piece, and nothing for one: graduated prices whose
 * single-piece row is missing. What each of those pieces costs is no price of the product; before, nothing said why none was stored.
 * Rows whose count stands after words row-quantity.ts does not read ("Enintään 9", "Vähintään 10") say so apart
 * (`price/tiers-unread`, naming the words): the single piece's row may be among them, and the words are what a user can add.
 */
function tiersRefusal(offers: SchemaNode[], defaultCurrency?: string): { reason: string; detail: string } | null {
  const tiers = bulkTiers(offers, defaultCurrency);
  const unread = tiers.filter((tier) => tier.words !== null);
  if (unread.length > 0) {
    const rows = unread.map((tier) => `"${tier.words}": ${tier.amount}`).join(', ');
    return { reason: 'price/tiers-unread', detail: `quantity tier rows whose count words are not read (${rows}), so which row prices one piece is unknown: add the words to row-quantity.ts, or read the price in the spider` };
  }
  return tiers.length > 0 ? { reason: 'price/ambiguous', detail: `structured offers state only quantity tiers above one piece: ${tiers.map((tier) => `${tier.amount} from ${tier.from}`).join(', ')}` } : null;
}

/** A tier's amount ("8 EUR") and its first piece ("10"), or the words its count stands after when they were not read. */
type BulkTier = { amount: string; from: string; words: null } | { amount: string; from: null; words: string };

/** Each offer or specification valid only from a quantity above one piece (or after words not read), an aggregate's nested offers too. */
function bulkTiers(offers: SchemaNode[], defaultCurrency?: string): BulkTier[] {
  return offers.flatMap((offer): BulkTier[] => {
    const { priceOf } = offerParts(offer, defaultCurrency);
    const tier = (node: SchemaNode, amount: Amount | null): BulkTier[] => {
      const least = leastQuantity(node);
      const unread = unreadQuantity(node);
      if (!amount) return [];
      return least ? [{ amount: shownAmount(amount), from: least.trim(), words: null }] : unread ? [{ amount: shownAmount(amount), from: null, words: unread }] : [];
    };
    if (forSeveral(offer)) {
      const own = hasType(offer, 'AggregateOffer') ? structuredAmount(textOf(offer, 'lowPrice', 'price'), isoCurrency(offer) ?? textOf(offer, 'priceCurrency'), defaultCurrency) : priceOf(offer);
      return tier(offer, own);
    }
    const specs = nodesOf(offer, 'priceSpecification').filter(forSeveral).flatMap((spec) => tier(spec, priceOf(spec)));
    // An aggregate's nested offers are in its currency unless they name their own.
    const inherit = (nested: SchemaNode) => (textOf(nested, 'priceCurrency') || !offer.props.priceCurrency ? nested : { ...nested, props: { ...nested.props, priceCurrency: offer.props.priceCurrency } });
    return [...specs, ...bulkTiers(nodesOf(offer, 'offers').map(inherit), defaultCurrency)];
  });
}
