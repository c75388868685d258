// What the price parser says of one visible price text: its reading, and for a text it refuses, the one amount and what the parser's labels call it.
import { Decimal } from '../core/money';
import { parsePrice, PRICE_REFUSAL, type ParsedPrice, type ParsePriceOptions, type PriceResult } from '../prices/parse-price';
import { priceParts } from '../prices/price-parts';
import { showsPrice } from '../prices/shows-price';
import { hundredthsOpening } from '../prices/minor-unit-pair';

export interface PriceReading {
  /** The parser's verdict on the whole text. */
  parsed: PriceResult;
  /** The amount the text shows: the parser's, or the only amount in a text it refused ("RRP £40.00", "4 x 32,25 €"); else null. */
  amount: ParsedPrice | null;
  /** The low end of a range ("$10 – $20"): what a "from" price would show, for a `price/range` refusal's candidates only. */
  rangeLow: ParsedPrice | null;
  /** The high end of a range in one text ("$10 – $20"): no variant of the product costs more. Null for a lower bound ("From $30"). */
  rangeHigh: ParsedPrice | null;
  /**
   * What the parser's own labels make of a text it refused: `reference` when its only prices are
   * labelled was/RRP/save/shipping/deposit, `instalment` when they are all a part of a price (instalment,
   * monthly, multi-buy), `range` for the two ends of one range or a lower bound ("From $30"), `member` when they are a loyalty club's,
   * `rate` when they are a price per year, night or day; null when it refused because the text holds no single reading (two current
   * prices, separators).
   */
  notCurrent: 'reference' | 'instalment' | 'range' | 'member' | 'rate' | null;
}

export function readPriceText(text: string, options: ParsePriceOptions): PriceReading {
  const parsed = parsePrice(text, options);
  if (parsed.ok) return { parsed, amount: parsed, rangeLow: null, rangeHigh: null, notCurrent: null };
  const unplaced: PriceReading = { parsed, amount: null, rangeLow: null, rangeHigh: null, notCurrent: null };
  if (![PRICE_REFUSAL.referenceOnly, PRICE_REFUSAL.ambiguous, PRICE_REFUSAL.memberOnly, PRICE_REFUSAL.range, PRICE_REFUSAL.rateOnly].includes(parsed.reason as never)) return unplaced;
  const parts = priceParts(text, options);
  const amounts = parts.filter((part, index) => parts.findIndex((other) => samePrice(other.price, part.price)) === index);
  const amount = amounts.length === 1 ? amounts[0].price : null;
  // "From $30", "3,000円から": the lower bound is what a from-price shows (its words place it, a threshold's "ab" included).
  if (parsed.reason === PRICE_REFUSAL.range) return { ...unplaced, amount, rangeLow: parts.find((part) => part.role !== 'multiple')?.price ?? null, notCurrent: 'range' };
  if (parsed.reason === PRICE_REFUSAL.referenceOnly) return { ...unplaced, amount, notCurrent: 'reference' };
  if (parsed.reason === PRICE_REFUSAL.memberOnly) return { ...unplaced, amount, notCurrent: 'member' };
  if (parsed.reason === PRICE_REFUSAL.rateOnly) return { ...unplaced, amount, notCurrent: 'rate' };
  if (parts.length > 0 && parts.every((part) => part.role === 'multiple')) return { ...unplaced, amount, notCurrent: 'instalment' };
  const [low, high] = parts.map((part) => part.price).sort((a, b) => a.amount.comparedTo(b.amount));
  if (parts.length === 2 && parts.every((part) => part.rangeEnd) && low.currency === high.currency) return { ...unplaced, rangeLow: low, rangeHigh: high, notCurrent: 'range' };
  return { ...unplaced, amount };
}

const samePrice = (a: ParsedPrice, b: ParsedPrice): boolean => a.amount.eq(b.amount) && a.currency === b.currency;

/**
 * Whether a text names a currency beside an amount, whichever price it is: a struck "RRP £40.00" or
 * an instalment "4 x 32,25 €" the parser refuses is still a price on the page (so its words do not
 * bleed into the neighbouring price's). A currency written apart from the number ("Price from £ … 12")
 * counts when the parser reads it from the text.
 */
export function namesCurrency(text: string): boolean {
  if (showsPrice(text)) return true;
  const probe = parsePrice(text, { defaultCurrency: 'XTS' });
  return probe.ok && probe.currency !== 'XTS';
}

/**
 * "<span>12 zł</span> <span>99 gr</span>", "<span>12 руб.</span> <span>50 коп.</span>": a whole amount whose hundredths open the
 * words after it, in an element of their own, is the amount with them (the whole units alone were read, 12 for 12.99).
 */
export function withHundredthsAfter(reading: PriceReading, after: string): PriceReading {
  const { parsed } = reading;
  if (!parsed.ok || parsed.currency === null || !/^\p{Nd}+$/u.test(parsed.amountText.replace(/\P{Nd}+$/u, ''))) return reading;
  const cents = hundredthsOpening(after, parsed.currency);
  if (cents === null) return reading;
  const joined: ParsedPrice = { ...parsed, amount: parsed.amount.plus(new Decimal(cents).div(100)) };
  return { ...reading, parsed: joined, amount: joined };
}
