// The exact amount of one structured price text (schema.org's `price`, `lowPrice`, og's `product:price:amount`), or why it has none.
import { Decimal } from '../core/money';
import { candidatesOf } from '../prices/currencies';
import { pastPrintedDigits, printedMinorDigits } from '../prices/iso-currencies';
import { opensWithFrom } from '../prices/from-price';
import { parsePrice } from '../prices/parse-price';

/**
 * Exact amount of a structured price, or null when it has none we can trust. schema.org asks for "." as
 * the decimal separator, so a plain "3.350" KWD is three and a third; other texts ("£12.99", "12,99 €")
 * go through the parser as any page text would. Never a JS number. Refused (null):
 * - more decimals than the currency is printed with ("12.5" JPY), or exactly three in a currency that
 *   has no three ("1.299" EUR): shops that write the page's "1.299 €" into JSON-LD mean 1299, schema.org
 *   means 1.299, and neither is a price in that currency;
 * - a text whose own currency contradicts `priceCurrency` ("£12.99" with "USD");
 * - a from-price ("from 19.99", "ab 19,99 €"): the lowest variant's, not this offer's (`price/range`);
 * - a negative amount: no price of anything sold (`price/not-a-price`);
 * - a word for free ("Free", "Gratis", "kostenlos"): no number (`price/not-a-price`).
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
  // "Free", "Gratis": schema.org's price is digits (Google's docs write a free offer as 0), so a word is no amount a shop
  // stated; read as 0.00 it went to the pipeline as a zero, whose reason spoke of a placeholder.
  if (parsed.free) return { reason: 'price/not-a-price', detail: `the structured price ${shown} is a word, not a number: schema.org states a price in digits` };
  if (!parsed.amount.isFinite()) return null;
  if (parsed.amount.isNegative()) return { reason: 'price/not-a-price', detail: `the structured price ${shown} is negative` };
  const said = parsed.currency ? [parsed.currency] : (parsed.currencyCandidates ?? []);
  // "£19.99" stated in USD: the shop's data says two currencies. With no reason here, the item said "no price on the page".
  if (named && named.length > 0 && said.length > 0 && !said.some((code) => named.includes(code))) {
    return { reason: 'price/ambiguous', detail: `the structured price ${shown} is in ${said.join('/')}, its priceCurrency says ${currency!.trim()}` };
  }
  if (plain && pastPrintedDigits(parsed.amount, parsed.currency)) {
    return { reason: 'price/ambiguous', detail: `the structured price ${shown} has more decimals than ${parsed.currency ?? 'its currency'} is printed with (float noise or another currency's amount)` };
  }
  if (plain && threeDecimalsOffScale(plain[2], parsed.currency)) {
    return { reason: 'price/ambiguous', detail: `the structured price ${shown} has three decimals, which ${parsed.currency} is never printed with: ${text.trim()} to schema.org, or thousands the page wrote` };
  }
  return { amount: parsed.amount, currency: parsed.currency };
}

/** "1.299" in a currency printed without three decimals: the page's thousands, not schema.org's decimals (unknown currency: no judgement). */
function threeDecimalsOffScale(fraction: string, currency: string | null): boolean {
  const digits = printedMinorDigits(currency);
  return digits !== null && fraction.length === 3 && digits !== 3;
}
