// The stable reason codes parsePrice gives instead of an amount when the text does not determine one.

/**
 * Every refusal code in one place. Callers drop or flag items with these (stats keys, drop reasons),
 * so the strings never change; the `detail` beside them says what in the text caused it.
 */
export const PRICE_REFUSAL = {
  /** No amount at all: no number, or only numbers that are no price (dates, years, sizes, quantities, `1e5`, percentages). */
  notAPrice: 'price/not-a-price',
  /** More than one reading: two current prices, a range, a multi-buy or instalment, separators that do not resolve. */
  ambiguous: 'price/ambiguous',
  /** The only prices are ones a label says are not the price to pay now (was, RRP, you save, free-shipping threshold). */
  referenceOnly: 'price/reference-only',
  /** The only prices are a loyalty club's ("Member price $70.00", "$70.00 for members"): not what everyone pays. */
  memberOnly: 'price/member-only',
  /** A lower bound ("From $30", "ab 19,99 €", "3,000円から", "$30+"): the cheapest variant's price, not this product's. */
  range: 'price/range',
  /**
   * Only a price per period of time ("$99/yr", "99 € jährlich", "$189/night", "38,50 € pro Tag"): paid again each year, night or day,
   * no price of the product (src/prices/rate-words.ts). A monthly price or an instalment is `ambiguous`, as it always was.
   */
  rateOnly: 'price/rate-only',
  /**
   * A zero amount the page does not call free ("0,00 €", `"price": 0`, `data-price="0"`): a shop's placeholder, never a giveaway.
   * This one and the next come from the price stage and the page reader (non-positive-refusal.ts), never from parsePrice.
   */
  zero: 'price/zero',
  /** A negative amount ("-5,00 €", `-1`): a credit or a refund line, never a price to pay. */
  notPositive: 'price/not-positive',
} as const;

export type PriceRefusalCode = (typeof PRICE_REFUSAL)[keyof typeof PRICE_REFUSAL];

/**
 * The text does not determine one amount: a stable reason code instead of a guess.
 * A shared symbol (`$`, `kr`, `¥`) that nothing resolves is not a refusal: the amount is exact,
 * so the result carries it with `currency: null` and the candidate codes.
 */
export interface PriceRefusal {
  ok: false;
  /** One of PRICE_REFUSAL's codes from the parser; a string so readers built on it (visible prices) may add their own. */
  reason: PriceRefusalCode | (string & {});
  /** What in the text made it refuse, for logs and drop details. */
  detail?: string;
}

export const refuse = (reason: PriceRefusalCode, detail?: string): PriceRefusal => (detail ? { ok: false, reason, detail } : { ok: false, reason });
