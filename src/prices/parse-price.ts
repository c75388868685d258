// parsePrice: exact amount and ISO currency from a price text such as "1 234,56 €" or "Now £12 (was £15)".
import { Decimal } from '../core/money';
import { currencyFromHint, resolveCurrency } from './currencies';
import { minorUnitDigits } from './iso-currencies';
import { normalizeNumber } from './normalize-number';
import { isReferencePrice } from './price-context';
import { findCurrencies, findNumbers, isAdjacent, ownsCurrency, type CurrencyToken, type NumberToken } from './price-tokens';

export { normalizeNumber } from './normalize-number';

export interface ParsePriceOptions {
  /** Currency seen near the price (a code or a symbol, e.g. from a separate element); resolves `$`, `¥`, `kr`. */
  currencyHint?: string | null;
  /** The shop's currency (ISO code) when the text and hint say nothing, or to pick among `$` currencies. */
  defaultCurrency?: string | null;
  /** Decides "1.234" / "1,234" (one separator, three digits after) when the shop's convention is known. */
  decimalSeparator?: '.' | ',';
}

/** One amount was found: exact, with its currency when text, hint or default determine it. */
export interface ParsedPrice {
  ok: true;
  /** Exact value built from the digits; no float ever involved. */
  amount: Decimal;
  /** ISO 4217 code, or null when neither text, hint nor default tells. */
  currency: string | null;
  /** The part of the input that held the amount, as written ("1 234,56", "12,-"). */
  amountText: string;
}

/**
 * The text does not determine one amount: a stable reason code instead of a guess
 * (`price/not-a-price`: no amount in it; `price/ambiguous`: more than one reading).
 */
export interface PriceRefusal {
  ok: false;
  reason: string;
  /** What in the text made it refuse, for logs and drop details. */
  detail?: string;
}

export type PriceResult = ParsedPrice | PriceRefusal;

/** The amount of a result, or null for a refusal: for callers that only need a yes/no. */
export const amountOf = (result: PriceResult): Decimal | null => (result.ok ? result.amount : null);

// All Unicode spaces used inside numbers are one UTF-16 unit, so positions survive the mapping.
const SPACES = /[\u00A0\u2007\u2008\u2009\u200A\u202F\u3000]/g;
const MINUS = new Set(['-', '−']);

export function parsePrice(text: string, options: ParsePriceOptions = {}): PriceResult {
  const normalized = text.replace(SPACES, ' ');
  const currencies = findCurrencies(normalized);
  const numbers = findNumbers(normalized, { decimalSeparator: options.decimalSeparator });
  if (numbers.length === 0) return { ok: false, reason: 'price/not-a-price', detail: 'no number in the text' };

  const chosen = chooseNumber(normalized, numbers, currencies);
  const adjacent = chosen.embedded ? [chosen.embedded] : currencies.filter((token) => ownsCurrency(normalized, token, chosen, numbers, currencies));
  const fallback = currencies.find((token) => !token.wordLike);
  const currency = resolveFrom(adjacent.length > 0 ? adjacent : fallback ? [fallback] : [], options);

  let amountText = chosen.normalized;
  // "3.350 KWD": an ambiguous three-digit tail is decimal when the currency has three minor digits.
  const digits = minorUnitDigits(currency);
  if (!chosen.embedded && !options.decimalSeparator && digits === 3) {
    amountText = normalizeNumber(chosen.raw, { minorDigits: digits }) ?? amountText;
  }
  if (hasMinusBefore(normalized, chosen, adjacent[0])) amountText = `-${amountText}`;
  return { ok: true, amount: new Decimal(amountText), currency, amountText: text.slice(chosen.start, chosen.end) };
}

/**
 * The price to pay now: the first number written next to a currency that no label marks as a
 * reference price ("was", "UVP", "statt"); else the first unlabelled number; else the first.
 */
function chooseNumber(text: string, numbers: readonly NumberToken[], currencies: readonly CurrencyToken[]): NumberToken {
  const current = numbers.filter((_, index) => !isReferencePrice(text, numbers, index, currencies));
  const hasCurrency = (number: NumberToken): boolean =>
    number.embedded !== undefined || currencies.some((token) => !token.wordLike && ownsCurrency(text, token, number, numbers, currencies));
  const pool = current.length > 0 ? current : numbers;
  return pool.find(hasCurrency) ?? numbers.find(hasCurrency) ?? pool[0];
}

/** The most specific of the currencies written around the amount ("$ … MXN" → MXN), resolved. */
function resolveFrom(tokens: readonly CurrencyToken[], options: ParsePriceOptions): string | null {
  if (tokens.length === 0) return currencyFromHint(options.currencyHint, options.defaultCurrency);
  const specific = [...tokens].sort((a, b) => a.candidates.length - b.candidates.length)[0];
  const others = tokens.filter((token) => token !== specific).flatMap((token) => token.candidates);
  const resolved = resolveCurrency(specific.candidates, options.currencyHint, options.defaultCurrency);
  if (resolved === null && others.length > 0) return resolveCurrency(others, options.currencyHint, options.defaultCurrency);
  return resolved;
}

/** "-12.50" or "-$12.50": a minus right before the number (or its leading symbol), not a range "10-20". */
function hasMinusBefore(text: string, number: NumberToken, currency: CurrencyToken | undefined): boolean {
  let at = number.start;
  if (currency && currency.end <= number.start && isAdjacent(text, currency, number)) at = currency.start;
  return MINUS.has(text[at - 1] ?? '') && !/[\d\p{L}]/u.test(text[at - 2] ?? '');
}
