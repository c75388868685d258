// The price field's output processor: the one price the page's values agree on, left for the pipeline's exact reading.
import { Decimal } from '../core/money';
import { PRICE_REFUSAL, parsePrice } from '../prices/parse-price';
import { FieldRefusal } from './field-refusal';
import { cleanText } from './text-helpers';
import { describe, type LoaderValue, type OutputProcessor } from './processors';

/** What the price field holds: the page's text, the API's number or a Decimal, as the price-coercion stage reads them. */
export type PriceValue = string | number | Decimal;

/** Longest value quoted in a refusal's detail. */
const DETAIL_MAX_CHARS = 60;

/**
 * The price field's output (use it instead of TakeFirst for `price`, `listPrice`...). It never turns a value into a
 * float or reads it itself: the one value is passed on as written, and the pipeline's price-coercion stage reads it with
 * the project's default currency and the item's locale. Several values that state the same amount ("€12.00" in the
 * box, "12,00 €" in the summary) give the first; values that state different amounts are refused as `price/ambiguous`,
 * never settled by taking the first (a struck price and a sale price read by one selector would store either).
 * Blank texts are skipped; an object, array or boolean is a selector mistake and throws.
 */
export function PriceOutput(): OutputProcessor<PriceValue | FieldRefusal> {
  return (values) => {
    const prices = values.filter((value) => typeof value !== 'string' || value.trim() !== '').map(priceValue);
    const first = prices[0];
    if (first === undefined) return undefined;
    const distinct = [...new Map(prices.map((value) => [shownAs(value), value])).values()];
    if (distinct.length === 1) return first;
    const amounts = distinct.map(amountOf);
    const agree = amounts.every((read) => read !== null && read.amount.equals(amounts[0]!.amount) && sameCurrency(read.currency, amounts[0]!.currency));
    if (agree) return first;
    const shown = distinct.map((value) => JSON.stringify(shownAs(value).slice(0, DETAIL_MAX_CHARS))).join(', ');
    return new FieldRefusal(PRICE_REFUSAL.ambiguous, `the loader was given ${distinct.length} different prices: ${shown}`);
  };
}

function priceValue(value: LoaderValue): PriceValue {
  if (typeof value === 'string' || typeof value === 'number' || Decimal.isDecimal(value)) return value;
  throw new TypeError(`a price field takes text, a number or a Decimal; it was given ${describe(value)}`);
}

/** How a value is compared with the others before any reading: texts as one would read them, numbers as written. */
function shownAs(value: PriceValue): string {
  if (typeof value === 'string') return cleanText(value);
  return Decimal.isDecimal(value) ? value.toFixed() : String(value);
}

/** The amount a value states, read as the pipeline reads it (a text's parse; a number's own digits), or null when none. */
function amountOf(value: PriceValue): { amount: Decimal; currency: string | null } | null {
  if (typeof value !== 'string') return { amount: new Decimal(String(value)), currency: null };
  const parsed = parsePrice(value);
  return parsed.ok ? { amount: parsed.amount, currency: parsed.currency } : null;
}

/** Two readings' currencies agree when equal or when one of them says none ("12.00" beside "12,00 €"). */
const sameCurrency = (a: string | null, b: string | null) => a === null || b === null || a === b;
