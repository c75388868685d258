// parsePrice: exact amount and ISO currency from a price text such as "1 234,56 €" or "from $9.99".
import { Decimal } from '../core/money';
import { CURRENCY_SYMBOLS, ISO_CODES, currencyFromHint, resolveCurrency } from './currencies';

export interface ParsePriceOptions {
  /** Currency seen near the price (a code or a symbol, e.g. from a separate element); resolves `$`, `¥`, `kr`. */
  currencyHint?: string | null;
  /** The shop's currency (ISO code) when the text and hint say nothing, or to pick among `$` currencies. */
  defaultCurrency?: string | null;
  /** Decides "1.234" / "1,234" (one separator, three digits after) when the shop's convention is known. */
  decimalSeparator?: '.' | ',';
}

export interface ParsedPrice {
  /** Exact value built from the digits; no float ever involved. */
  amount: Decimal;
  /** ISO 4217 code, or null when neither text, hint nor default tells. */
  currency: string | null;
  /** The part of the input that held the amount, as written ("1 234,56", "12,-"). */
  amountText: string;
}

interface Span {
  start: number;
  end: number;
}
interface CurrencyToken extends Span {
  candidates: readonly (string | null)[];
}
interface NumberToken extends Span {
  normalized: string;
}

// All Unicode spaces used inside numbers are one UTF-16 unit, so positions survive the mapping.
const SPACES = /[\u00A0\u2007\u2008\u2009\u200A\u202F\u3000]/g;
const GROUP_OR_DECIMAL = /[.,'’ ]/g;
const NUMBER = /\d(?:[\d.,'’ ]*\d)?(?:[.,][-–—])?/g;
const MINUS = new Set(['-', '−']);

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Longest symbols first so "US$" wins over "$"; letter symbols must not sit inside a word.
const SYMBOL = new RegExp(
  Object.keys(CURRENCY_SYMBOLS)
    .sort((a, b) => b.length - a.length)
    .map((symbol) => `${/^\p{L}/u.test(symbol) ? '(?<!\\p{L})' : ''}${escape(symbol)}${/\p{L}$/u.test(symbol) ? '(?!\\p{L})' : ''}`)
    .join('|'),
  'gu',
);
const CODE = /(?<!\p{L})[A-Z]{3}(?!\p{L})/gu;

export function parsePrice(text: string, options: ParsePriceOptions = {}): ParsedPrice | null {
  const normalized = text.replace(SPACES, ' ');
  const currencies = findCurrencies(normalized);
  const numbers = findNumbers(normalized, options.decimalSeparator);
  if (numbers.length === 0) return null;

  // Prefer the number written next to a currency ("2 for $5" → 5); else the first number.
  let chosen = numbers[0];
  let chosenCurrency: CurrencyToken | undefined = currencies[0];
  for (const number of numbers) {
    const adjacent = currencies.find((token) => isAdjacent(normalized, token, number));
    if (adjacent) {
      chosen = number;
      chosenCurrency = adjacent;
      break;
    }
  }

  let amountText = chosen.normalized;
  if (hasMinusBefore(normalized, chosen, chosenCurrency)) amountText = `-${amountText}`;
  const currency = chosenCurrency
    ? resolveCurrency(chosenCurrency.candidates, options.currencyHint, options.defaultCurrency)
    : currencyFromHint(options.currencyHint, options.defaultCurrency);
  return { amount: new Decimal(amountText), currency, amountText: text.slice(chosen.start, chosen.end) };
}

function findCurrencies(text: string): CurrencyToken[] {
  const tokens: CurrencyToken[] = [];
  for (const match of text.matchAll(SYMBOL)) {
    tokens.push({ start: match.index, end: match.index + match[0].length, candidates: CURRENCY_SYMBOLS[match[0]] });
  }
  for (const match of text.matchAll(CODE)) {
    if (ISO_CODES.has(match[0])) tokens.push({ start: match.index, end: match.index + 3, candidates: [match[0]] });
  }
  tokens.sort((a, b) => a.start - b.start);
  return tokens.filter((token, index) => index === 0 || token.start >= tokens[index - 1].end);
}

function findNumbers(text: string, decimalSeparator: '.' | ',' | undefined): NumberToken[] {
  const out: NumberToken[] = [];
  const consider = (start: number, raw: string): void => {
    if (text[start + raw.length] === '%') return; // "20% off" is not a price
    const normalized = normalizeNumber(raw, decimalSeparator);
    if (normalized !== null) {
      out.push({ start, end: start + raw.length, normalized });
      return;
    }
    // "Size 42 19,99" is two numbers, not one with a space group.
    if (raw.includes(' ')) {
      let offset = 0;
      for (const piece of raw.split(' ')) {
        if (piece !== '' && /^\d/.test(piece)) consider(start + offset, piece.replace(/[.,'’]+$/, ''));
        offset += piece.length + 1;
      }
    }
  };
  for (const match of text.matchAll(NUMBER)) consider(match.index, match[0]);
  return out;
}

/**
 * Plain decimal text ("1234.56") from digits and separators, or null when the grouping is
 * impossible. With one kind of separator written once before exactly three digits ("1.299",
 * "1,299") it is a thousands separator unless the integer part is 0 or `decimalSeparator` says so.
 */
export function normalizeNumber(raw: string, decimalSeparator?: '.' | ','): string | null {
  const body = raw.replace(/[.,][-–—]$/, ''); // "12,-": whole units
  const separators: string[] = body.match(GROUP_OR_DECIMAL) ?? [];
  const groups = body.split(GROUP_OR_DECIMAL);
  if (separators.length === 0) return body;
  if (groups.some((group) => group === '')) return null;

  const last = separators[separators.length - 1];
  let decimalAt = -1;
  if (last === '.' || last === ',') {
    const other = last === '.' ? ',' : '.';
    const sameCount = separators.filter((separator) => separator === last).length;
    if (separators.includes(other)) {
      if (sameCount > 1) return null;
      decimalAt = separators.length - 1;
    } else if (sameCount === 1) {
      const lastGroup = groups[groups.length - 1];
      const integerIsZero = groups.length === 2 && /^0+$/.test(groups[0]);
      const decimal = decimalSeparator ? decimalSeparator === last : lastGroup.length !== 3 || integerIsZero;
      if (decimal || !validGrouping(groups)) decimalAt = separators.length - 1;
    }
  }
  const integerGroups = decimalAt === -1 ? groups : groups.slice(0, -1);
  if (!validGrouping(integerGroups)) return null;
  const integer = integerGroups.join('');
  return decimalAt === -1 ? integer : `${integer}.${groups[groups.length - 1]}`;
}

/** 1–3 leading digits, then groups of three (Indian lakh style: twos, then a final three). */
function validGrouping(groups: readonly string[]): boolean {
  if (groups.length === 1) return true;
  if (groups[0].length > 3) return false;
  const rest = groups.slice(1);
  return rest[rest.length - 1].length === 3 && rest.slice(0, -1).every((group) => group.length === 3 || group.length === 2);
}

function isAdjacent(text: string, token: Span, number: Span): boolean {
  if (token.end <= number.start) return text.slice(token.end, number.start).trim() === '';
  if (token.start >= number.end) return text.slice(number.end, token.start).trim() === '';
  return false;
}

/** "-12.50" or "-$12.50": a minus right before the number (or its leading symbol), not a range "10-20". */
function hasMinusBefore(text: string, number: Span, currency: CurrencyToken | undefined): boolean {
  let at = number.start;
  if (currency && currency.end <= number.start && isAdjacent(text, currency, number)) at = currency.start;
  return MINUS.has(text[at - 1] ?? '') && !/[\d\p{L}]/u.test(text[at - 2] ?? '');
}
