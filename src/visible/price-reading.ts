// What the price parser says of one visible price text: its reading, and for a text it refuses, the one amount and what the parser's labels call it.
import { parsePrice, PRICE_REFUSAL, type ParsedPrice, type ParsePriceOptions, type PriceResult } from '../prices/parse-price';
import { priceParts } from '../prices/price-parts';
import { showsPrice } from '../prices/shows-price';

export interface PriceReading {
  /** The parser's verdict on the whole text. */
  parsed: PriceResult;
  /** The amount the text shows: the parser's, or the only amount in a text it refused ("RRP £40.00", "4 x 32,25 €"); else null. */
  amount: ParsedPrice | null;
  /**
   * What the parser's own labels make of a text it refused: `reference` when its only prices are
   * labelled was/RRP/save/shipping/deposit, `instalment` when they are all a part of a price (instalment,
   * monthly, multi-buy); null when it refused because the text holds no single reading (two prices, a range).
   */
  notCurrent: 'reference' | 'instalment' | null;
}

export function readPriceText(text: string, options: ParsePriceOptions): PriceReading {
  const parsed = parsePrice(text, options);
  if (parsed.ok) return { parsed, amount: parsed, notCurrent: null };
  if (parsed.reason !== PRICE_REFUSAL.referenceOnly && parsed.reason !== PRICE_REFUSAL.ambiguous) return { parsed, amount: null, notCurrent: null };
  const parts = priceParts(text, options);
  const amounts = parts.filter((part, index) => parts.findIndex((other) => other.price.amount.eq(part.price.amount) && other.price.currency === part.price.currency) === index);
  const amount = amounts.length === 1 ? amounts[0].price : null;
  if (parsed.reason === PRICE_REFUSAL.referenceOnly) return { parsed, amount, notCurrent: 'reference' };
  const allParts = parts.length > 0 && parts.every((part) => part.role === 'multiple');
  return { parsed, amount, notCurrent: allParts ? 'instalment' : null };
}

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
