// Lexing a price text: currency tokens (symbols, ISO codes) and number tokens with their positions.
import { CURRENCY_SYMBOLS } from './currencies';
import { ISO_CODES, WORD_LIKE_CODES } from './iso-currencies';
import { normalizeNumber, type NormalizeOptions } from './normalize-number';

export interface Span {
  start: number;
  end: number;
}
export interface CurrencyToken extends Span {
  candidates: readonly (string | null)[];
  /** An ISO code that is also an English word: only trusted next to the amount. */
  wordLike: boolean;
}
export interface NumberToken extends Span {
  raw: string;
  normalized: string;
  /** "12€99": the currency written in place of the decimal separator. */
  embedded?: CurrencyToken;
}

const NUMBER = /\d(?:[\d.,'’ ]*\d)?(?:[.,:][-–—])?/g;
/** French/Belgian "12€99" and "1 299€00": the euro sign stands where the decimal comma would. */
const EURO_IN_PLACE_OF_COMMA = /(?<![\d.,])(\d{1,3}(?:[ .]\d{3})+|\d+) ?€ ?(\d{2})(?![\d.,])/g;

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

export function findCurrencies(text: string): CurrencyToken[] {
  const tokens: CurrencyToken[] = [];
  for (const match of text.matchAll(SYMBOL)) {
    tokens.push({ start: match.index, end: match.index + match[0].length, candidates: CURRENCY_SYMBOLS[match[0]], wordLike: false });
  }
  for (const match of text.matchAll(CODE)) {
    if (ISO_CODES.has(match[0])) {
      tokens.push({ start: match.index, end: match.index + 3, candidates: [match[0]], wordLike: WORD_LIKE_CODES.has(match[0]) });
    }
  }
  tokens.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: CurrencyToken[] = [];
  for (const token of tokens) if (kept.length === 0 || token.start >= kept[kept.length - 1].end) kept.push(token);
  return kept;
}

export function findNumbers(text: string, options: NormalizeOptions): NumberToken[] {
  const out: NumberToken[] = [];
  let masked = text;
  for (const match of text.matchAll(EURO_IN_PLACE_OF_COMMA)) {
    const integer = normalizeNumber(match[1], { decimalSeparator: ',' });
    if (integer === null) continue;
    const euro = match.index + match[0].indexOf('€');
    out.push({
      start: match.index,
      end: match.index + match[0].length,
      raw: match[0],
      normalized: `${integer}.${match[2]}`,
      embedded: { start: euro, end: euro + 1, candidates: ['EUR'], wordLike: false },
    });
    masked = masked.slice(0, match.index) + ' '.repeat(match[0].length) + masked.slice(match.index + match[0].length);
  }
  const consider = (start: number, raw: string): void => {
    if (/^ *%/.test(text.slice(start + raw.length))) return; // "20% off" is not a price
    const normalized = normalizeNumber(raw, options);
    if (normalized !== null) {
      out.push({ start, end: start + raw.length, raw, normalized });
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
  for (const match of masked.matchAll(NUMBER)) consider(match.index, match[0]);
  return out.sort((a, b) => a.start - b.start);
}

export function isAdjacent(text: string, token: Span, number: Span): boolean {
  if (token.end <= number.start) return text.slice(token.end, number.start).trim() === '';
  if (token.start >= number.end) return /^[\s*]*$/.test(text.slice(number.end, token.start));
  return false;
}

/**
 * Whether a currency written next to `number` is its own: a symbol between two numbers
 * ("Model 2024 $1,199", "12,99 € 15,99 €") belongs to the closer one, and on a tie to the right
 * one only when the left number already has a currency before it ("€ 1.299 € 999").
 */
export function ownsCurrency(text: string, token: Span, number: NumberToken, numbers: readonly NumberToken[], currencies: readonly Span[]): boolean {
  if (!isAdjacent(text, token, number)) return false;
  const tokenBefore = token.end <= number.start;
  const other = numbers.find((candidate) => candidate !== number && isAdjacent(text, token, candidate) && (tokenBefore ? candidate.end <= token.start : candidate.start >= token.end));
  if (!other) return true;
  const gap = (a: Span, b: Span): number => Math.max(b.start - a.end, a.start - b.end);
  const mine = gap(token, number);
  const theirs = gap(token, other);
  if (mine !== theirs) return mine < theirs;
  const left = tokenBefore ? other : number;
  const leftHasPrefix = currencies.some((c) => c !== token && c.end <= left.start && text.slice(c.end, left.start).trim() === '');
  return tokenBefore ? leftHasPrefix : !leftHasPrefix;
}
