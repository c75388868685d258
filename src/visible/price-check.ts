// One documented rule for a page whose structured price and visible price disagree; the disagreement is kept on the item.
import type { Decimal } from '../core/money';
import { GROUPED } from '../structured/grouped-product';
import { statedConflict } from '../structured/structured-product';
import type { StructuredProduct } from '../structured/structured-types';
import { printedMinorDigits } from '../prices/iso-currencies';
import { parentPath } from './css-path';
import type { ReadPrice, VisiblePrice, VisiblePriceRefusal, VisiblePriceResult } from './visible-price';

/**
 * How the price was settled when structured data and the visible page disagree:
 * - `visible-confirmed`: the visible price wins because the page's own data confirms it: another
 *   syntax states it (an OpenGraph sale price beside a JSON-LD regular price), it is one of the
 *   product's offers (the selected variant of one offer per variant, the buy box among sellers), or
 *   the structured price is the struck regular price the page shows beside it (a stale or undiscounted JSON-LD), or the
 *   net price the page labels as such beside the gross one it shows (a B2B shop's JSON-LD without tax);
 * - `minor-units`: the structured price is exactly 100 times the visible one in a currency printed with cents
 *   (`"price": 1999` beside "$19.99"): a theme writing the amount in cents (Shopify's `{{ product.price }}` without
 *   `| money`), a known bug; the page's price stands and the check records both;
 * - `refused`: nothing confirms either side, so no price is stored (`price/disagree`).
 */
export type PriceCheckRule = 'visible-confirmed' | 'minor-units' | 'refused';

/** The disagreement, recorded on the item with exact amounts. */
export interface PriceCheck {
  structured: Decimal;
  structuredCurrency: string | null;
  visible: Decimal;
  visibleCurrency: string | null;
  rule: PriceCheckRule;
}

export type PriceSource = 'structured' | 'visible';

export type CheckedPrice =
  | { ok: true; price: Decimal; currency: string | null; regular: Decimal | null; source: PriceSource; check: PriceCheck | null; currencyCandidates?: readonly string[] }
  | { ok: false; reason: string; detail?: string; check: PriceCheck | null };

/** Pages that say they show no price: on request, to signed-in customers only, or in the cart only. */
const WITHHELD: ReadonlySet<string> = new Set(['price/on-request', 'price/login-required', 'price/in-cart']);

/**
 * Whether the structured currency can be the one the page shows: the same code; any, beside a bare number;
 * one of a shared sign's codes ("$" is USD, CAD, AUD …, never GBP). Before, "$19.99" shown with a JSON-LD
 * priceCurrency of GBP was stored as 19.99 GBP: a plugin's wrong default currency taken over the page's sign.
 */
function currencyFits(shown: ReadPrice, structured: string | null): boolean {
  if (structured === null) return true;
  if (shown.currency !== null) return shown.currency === structured || pickedAmong(shown, structured);
  return !shown.currencyCandidates || shown.currencyCandidates.includes(structured);
}

/**
 * A currency the page's locale or the spider's default picked for a sign ("$" on an en-US page is USD) or a bare number
 * is a guess beside the shop's own priceCurrency: a Mexican shop declaring lang="en-US" states MXN, and "$1,299.00" is
 * MXN (it was price/disagree). Only among the codes the text's sign allows; the text's own currency always stands.
 */
const pickedAmong = (shown: ReadPrice, code: string): boolean =>
  shown.currencyPickedAmong !== undefined && (shown.currencyPickedAmong === null || shown.currencyPickedAmong.includes(code));

/** The page's currency for a price it shows: the structured one where that fits its sign and the text did not name another, else its own. */
const shownCurrency = (shown: ReadPrice, structured: string | null): string | null =>
  structured !== null && shown.currency !== structured && currencyFits(shown, structured) ? structured : shown.currency;

/**
 * Structured data first (exact machine values) when it agrees with the page or the page shows no
 * single price; the visible price when there is no structured price; on disagreement the rule above.
 * Three structured prices need the page's word before they count:
 * - zero: shops write 0 for "price on request" or an unpriced item, so it is no structured price at all;
 * - the lowest of several offers (an AggregateOffer's spread, one offer per variant): a "from" price,
 *   refused with `price/range` when the page shows no single price;
 * - any price on a page that says the price is given on request (`price/on-request`): the data is stale; or that it is
 *   shown to signed-in customers only (`price/login-required`): the data's price is not the one they pay; or that it
 *   is shown only in the cart (`price/in-cart`): the data holds the advertised price, not what the cart charges.
 * A page showing several current prices is no confirmation either, nor one showing the structured price as a rate per
 * night or month: see `unsettledPage`. Nor is a page showing no single price when the structured descriptions state
 * different prices (`statedConflict`): JSON-LD written in cents (1999) beside OpenGraph's 19.99 stored 1999 before.
 * Which one stands is the page's to say (the visible price equal to one of them).
 */
export function checkPrices(structured: StructuredProduct | null, visible: VisiblePriceResult): CheckedPrice {
  const checked = settlePrices(structured, visible);
  if (!checked.ok || checked.currency !== null) return checked;
  const open = openCurrency(structured, visible);
  return open ? { ...checked, currencyCandidates: open } : checked;
}

/**
 * A price left without a currency although the page showed a sign: the codes the visible sign and the structured
 * `priceCurrency` both allow (either alone when only one said anything); null when neither did (a bare number).
 * The pipeline's default currency may stand in only for one of them.
 */
function openCurrency(structured: StructuredProduct | null, visible: VisiblePriceResult): readonly string[] | null {
  const shown = visible.ok ? visible.currencyCandidates : undefined;
  const named = structured?.currencyCandidates;
  if (shown && named) return shown.filter((code) => named.includes(code));
  return shown ?? named ?? null;
}

function settlePrices(structured: StructuredProduct | null, visible: VisiblePriceResult): CheckedPrice {
  // A grouped product has no price of its own: the prices its page shows are its children's, the cheapest as the group's.
  if (structured?.priceRefusal?.reason === GROUPED) return { ok: false, reason: GROUPED, detail: structured.priceRefusal.detail, check: null };
  const stated = structured?.price && !structured.price.isZero() ? structured.price : null;
  const withheld = !visible.ok && WITHHELD.has(visible.reason);
  if (stated === null || !structured || withheld) {
    // Offers with prices none of which could be chosen say more than a page that shows none.
    const offers = stated === null && !withheld ? structured?.priceRefusal : null;
    if (!visible.ok && offers) return { ok: false, reason: offers.reason, detail: `${offers.detail}; the page: ${visible.detail ?? visible.reason}`, check: null };
    if (!visible.ok) return { ok: false, reason: visible.reason, detail: visible.detail, check: null };
    return { ok: true, price: visible.amount, currency: shownCurrency(visible, structured?.currency ?? null), regular: visible.regular?.amount ?? null, source: 'visible', check: null };
  }
  const fromStructured = { ok: true as const, price: stated, currency: structured.currency, regular: structured.salePrice ? structured.regularPrice : null, source: 'structured' as const };
  if (!visible.ok && structured.priceRange) {
    const { low, high } = structured.priceRange;
    const currency = structured.currency ? ` ${structured.currency}` : '';
    return { ok: false, reason: 'price/range', detail: `structured offers from ${low.toFixed()}${high ? ` to ${high.toFixed()}` : ' up (no highest stated)'}${currency}; the page shows no single price (${visible.reason})`, check: null };
  }
  // Descriptions that state different prices (JSON-LD beside OpenGraph, two apps' blocks) need the page to pick one.
  const conflict = visible.ok ? null : statedConflict(structured);
  if (!visible.ok && conflict) return { ok: false, reason: 'price/ambiguous', detail: `the structured data states ${conflict}; the page shows none of them alone (${visible.reason})`, check: null };
  if (!visible.ok) return unsettledPage(structured, stated, visible) ?? { ...fromStructured, check: null };
  // "$49.95" under a switcher set to AUD beside data stating USD: a theme writing the shop's base currency into its data, or a
  // switcher the page ignores. The sign fits both and the data's USD was stored; neither is sure.
  if (visible.switcherCurrency && structured.currency && structured.currency !== visible.switcherCurrency) {
    return { ok: false, reason: 'price/ambiguous', detail: `the page's currency switcher has ${visible.switcherCurrency} selected, the structured data states ${structured.currency}; the page's ${visible.text} fits each`, check: null };
  }
  // The page's amount stated by descriptions in different currencies (an app's JSON-LD in USD beside the theme's OpenGraph in CAD):
  // the page's sign must pick one. "$" fits both, and the first syntax's currency was stored; "CA$" picks CAD.
  const picked = statedCurrenciesOf(structured, visible);
  if (picked.length > 1) return { ok: false, reason: 'price/ambiguous', detail: `the structured data states ${visible.amount.toFixed()} in ${picked.join(' and ')}; the page's ${visible.text} fits each`, check: null };
  if (picked.length === 1 && picked[0] !== structured.currency && visible.amount.eq(stated)) {
    return { ...fromStructured, currency: picked[0], regular: visible.regular?.amount ?? null, check: null };
  }
  // Data without a struck price (most JSON-LD states only the price) takes the one the page strikes beside it.
  if (visible.amount.eq(stated) && currencyFits(visible, structured.currency)) {
    return { ...fromStructured, currency: structured.currency ?? visible.currency, regular: fromStructured.regular ?? visible.regular?.amount ?? null, check: null };
  }
  const currency = shownCurrency(visible, structured.currency);
  const confirmed = currencyFits(visible, structured.currency)
    && (structured.statedPrices.some((s) => s.price.eq(visible.amount)) || structured.offerPrices.some((price) => price.eq(visible.amount)) || (visible.regular !== null && visible.regular.amount.eq(stated))
      || (visible.net !== undefined && visible.net.amount.eq(stated)));
  const cents = !confirmed && inMinorUnits(stated, visible, structured.currency);
  const check: PriceCheck = { structured: stated, structuredCurrency: structured.currency, visible: visible.amount, visibleCurrency: visible.currency, rule: confirmed ? 'visible-confirmed' : cents ? 'minor-units' : 'refused' };
  if (cents) return { ok: true, price: visible.amount, currency, regular: visible.regular?.amount ?? null, source: 'visible', check };
  if (!confirmed) return { ok: false, reason: 'price/disagree', detail: `structured ${stated.toFixed()} ${structured.currency ?? ''} vs visible ${visible.text} at ${visible.path}`.replace(/\s+/g, ' '), check };
  const regular = visible.regular?.amount ?? (stated.gt(visible.amount) ? stated : null);
  return { ok: true, price: visible.amount, currency, regular, source: 'visible', check };
}

/**
 * The structured price is the visible one, or the struck regular price shown beside it (data that never knew of the
 * sale), written in the currency's minor units: exactly 10^d times it, d being the digits the currency is printed with
 * (2 for USD and EUR; none for JPY, where no such mistake can show). A whole amount ("$20" beside 2000) is no such
 * proof: a round price beside one a hundred times dearer may be two products.
 */
function inMinorUnits(stated: Decimal, visible: VisiblePrice, currency: string | null): boolean {
  const digits = printedMinorDigits(currency ?? visible.currency);
  if (digits === null || digits === 0 || !currencyFits(visible, currency)) return false;
  return [visible.amount, visible.regular?.amount].some((shown) => shown !== undefined && !shown.isInteger() && stated.eq(shown.times(10 ** digits)));
}

/** The currencies the structured descriptions state the visible amount in, among those the page's sign allows. */
function statedCurrenciesOf(structured: StructuredProduct, visible: ReadPrice): string[] {
  const fitting = structured.statedPrices.filter((s) => s.currency !== null && s.price.eq(visible.amount) && currencyFits(visible, s.currency));
  return [...new Set(fitting.map((s) => s.currency!))].sort();
}

/** The element a price stands in: its CSS path without the last step. */
const boxOf = (price: ReadPrice) => parentPath(price.path);

/** Refusals that say the page shows no price of the product to pay now: a rate, a club's (card's, subscription's) price, a from-price. */
const SHOWN_AS = new Map([['price/rate-only', 'rate'], ['price/member-only', 'club\'s price'], ['price/range', 'from-price']]);

/**
 * A page that shows only a price per night, day, month or person (`price/rate-only`), only a club's, a store card's or a
 * subscription's price (`price/member-only`), or only a from-price or range (`price/range`) says what a structured price
 * equal to it is: that rate, not the price of the stay, the rental or the plan (a car's JSON-LD `price` 45 beside "$45.00
 * per day"); that club's price, not everyone's (a shop's JSON-LD copying "$17.99 with Autoship"); the cheapest variant's
 * (one Offer of 10.00 beside "From $10.00", Magento's microdata beside a configurable's cheapest child). Each was stored as
 * the price before. A structured price the page does not show so (the week's total, a price left to the data) stands.
 */
function shownAsNotTheTotal(structured: StructuredProduct, stated: Decimal, visible: VisiblePriceRefusal): CheckedPrice | null {
  const same = visible.candidates.find((c) => c.amount.eq(stated) && currencyFits(c, structured.currency));
  return same ? { ok: false, reason: visible.reason, detail: `structured ${stated.toFixed()} is the page's ${SHOWN_AS.get(visible.reason)} ${same.text} at ${same.path}`, check: null } : null;
}

/**
 * A page that shows several current prices (`price/ambiguous`) leaves the structured price standing only when it is
 * one of them and no lower one stands beside it. Refused otherwise:
 * - none of the page's prices is the structured one nor any of its offers: the data states a price the page does
 *   not show (a net price for a page selling gross, a stale price), `price/disagree`;
 * - a lower price stands in the same element as the structured one: a sale the data does not know, beside a
 *   "was" price the page marks in no way we read (`.pdp-price__secondary`), `price/ambiguous`.
 */
function unsettledPage(structured: StructuredProduct, stated: Decimal, visible: VisiblePriceRefusal): CheckedPrice | null {
  if (SHOWN_AS.has(visible.reason)) return shownAsNotTheTotal(structured, stated, visible);
  if (visible.reason !== 'price/ambiguous' || visible.candidates.length === 0) return null;
  const inCurrency = visible.candidates.filter((c) => currencyFits(c, structured.currency));
  const confirmed = [stated, ...structured.offerPrices, ...structured.statedPrices.map((s) => s.price)];
  const shown = inCurrency.filter((c) => confirmed.some((price) => price.eq(c.amount)));
  const listed = visible.candidates.map((c) => c.text).join(', ');
  if (shown.length === 0) return { ok: false, reason: 'price/disagree', detail: `structured ${stated.toFixed()} ${structured.currency ?? ''} is none of the page's current prices (${listed})`.replace(/\s+/g, ' '), check: null };
  const itself = shown.find((c) => c.amount.eq(stated));
  const lower = itself && inCurrency.find((c) => c.amount.lt(stated) && boxOf(c) === boxOf(itself));
  if (lower) return { ok: false, reason: 'price/ambiguous', detail: `structured ${stated.toFixed()} stands beside a lower ${lower.text} in ${boxOf(itself)}: a sale the data does not know`, check: null };
  return null;
}
