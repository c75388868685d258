// Lexing a price text: currency tokens (symbols, words, ISO codes) and number tokens, each number marked when it is no price.
import { CURRENCY_SYMBOLS } from './currencies';
import { ISO_CODES, WORD_LIKE_CODES } from './iso-currencies';
import { normalizeNumber, type NormalizeOptions } from './normalize-number';
import { exclusionAfter, exclusionBefore, type Exclusion } from './number-exclusions';

export interface Span {
  start: number;
  end: number;
}
export interface CurrencyToken extends Span {
  symbol: string;
  candidates: readonly string[];
  /** An ISO code that is also an English word: only trusted next to the amount. */
  wordLike: boolean;
}
export interface NumberToken extends Span {
  raw: string;
  /** Plain decimal text; null when the separators give no single reading. */
  normalized: string | null;
  /** "12€99": the currency written in place of the decimal separator. */
  embedded?: CurrencyToken;
  /** Why this number is no price (a date, a size, `1e5` …); undefined for a price candidate. */
  excluded?: Exclusion;
  /** "119. 95": a space after the decimal separator; trusted only with a currency beside it. */
  spacedDecimal?: boolean;
}

const NUMBER = /\d(?:[\d.,' ]*\d)?(?:[.,:][-–—]{1,2})?/g;
const EXPONENT = /^[eE][+-]?\d+/;
/** Dates and times are masked before numbers are read: "12.03.2024", "2024-03-12", "03/12/24", "14:30". */
const DATE_OR_TIME = /(?<![\d.,])(?:\d{4}[-/.] ?\d{1,2}[-/.] ?\d{1,2}\.?|\d{1,2}([./-]) ?\d{1,2}\1 ?(?:\d{4}|\d{2})|\d{1,2}:\d{2}(?::\d{2})?(?![-–—\d])|\d{1,2}\/\d{1,2}(?![\d/.,%]))(?![\d.,]\d)/g;
/** French/Belgian "12€99" and "1 299€00": the euro sign stands where the decimal comma would. */
const EURO_IN_PLACE_OF_COMMA = /(?<![\d.,])(\d{1,3}(?:[ .]\d{3})+|\d+) ?€ ?(\d{2})(?![\d.,])/g;
const SPACED_DECIMAL = /^(.*\d)([.,]) (\d{2})$/;
const MASK = '\u0001';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Longest symbols first so "US$" wins over "$"; letter symbols must not sit inside a word.
const SYMBOL = new RegExp(
  Object.keys(CURRENCY_SYMBOLS)
    .sort((a, b) => b.length - a.length)
    .map((symbol) => `${/^\p{L}/u.test(symbol) ? '(?<!\\p{L})' : ''}${escape(symbol)}${/[\p{L}.]$/u.test(symbol) ? '(?![\\p{L}])' : ''}`)
    .join('|'),
  'gu',
);
const CODE = /(?<!\p{L})[A-Z]{3}(?!\p{L})/gu;

export function findCurrencies(text: string): CurrencyToken[] {
  const tokens: CurrencyToken[] = [];
  for (const match of text.matchAll(SYMBOL)) {
    tokens.push({ start: match.index, end: match.index + match[0].length, symbol: match[0], candidates: CURRENCY_SYMBOLS[match[0]], wordLike: false });
  }
  for (const match of text.matchAll(CODE)) {
    if (ISO_CODES.has(match[0])) {
      tokens.push({ start: match.index, end: match.index + 3, symbol: match[0], candidates: [match[0]], wordLike: WORD_LIKE_CODES.has(match[0]) });
    }
  }
  tokens.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: CurrencyToken[] = [];
  for (const token of tokens) if (kept.length === 0 || token.start >= kept[kept.length - 1].end) kept.push(token);
  return kept;
}

const masked = (text: string, span: Span): string => text.slice(0, span.start) + MASK.repeat(span.end - span.start) + text.slice(span.end);

export function findNumbers(text: string, options: NormalizeOptions): NumberToken[] {
  const out: NumberToken[] = [];
  let scan = text;
  for (const match of text.matchAll(DATE_OR_TIME)) {
    const span = { start: match.index, end: match.index + match[0].length };
    out.push({ ...span, raw: match[0], normalized: null, excluded: match[0].includes(':') ? 'time' : 'date' });
    scan = masked(scan, span);
  }
  for (const match of scan.matchAll(EURO_IN_PLACE_OF_COMMA)) {
    const integer = normalizeNumber(match[1], { decimalSeparator: ',' });
    if (integer === null) continue;
    const euro = match.index + match[0].indexOf('€');
    const span = { start: match.index, end: match.index + match[0].length };
    out.push({ ...span, raw: match[0], normalized: `${integer}.${match[2]}`, embedded: { start: euro, end: euro + 1, symbol: '€', candidates: ['EUR'], wordLike: false } });
    scan = masked(scan, span);
  }
  const consider = (start: number, raw: string): void => {
    const normalized = normalizeNumber(raw, options);
    if (normalized !== null) {
      const token = classify(text, { start, end: start + raw.length, raw, normalized });
      // "¥980 500 ml": the unit measures the last space group, so that group is a quantity of its own.
      const lastSpace = raw.lastIndexOf(' ');
      if (token.excluded !== 'quantity' || lastSpace === -1) return void out.push(token);
      consider(start, raw.slice(0, lastSpace));
      return consider(start + lastSpace + 1, raw.slice(lastSpace + 1));
    }
    const spaced = SPACED_DECIMAL.exec(raw);
    const joined = spaced ? normalizeNumber(`${spaced[1]}${spaced[2]}${spaced[3]}`, { decimalSeparator: spaced[2] as '.' | ',' }) : null;
    if (joined !== null) return void out.push(classify(text, { start, end: start + raw.length, raw, normalized: joined, spacedDecimal: true }));
    if (!raw.includes(' ')) return void out.push({ start, end: start + raw.length, raw, normalized: null, excluded: 'separators' });
    // "Size 42 19,99", "1.99 500 ml", "R 1 299,00 500 ml": several numbers, never one with a space group.
    splitAtSpaces(raw).forEach(([offset, piece]) => consider(start + offset, piece));
  };
  NUMBER.lastIndex = 0;
  for (let match = NUMBER.exec(scan); match !== null; match = NUMBER.exec(scan)) {
    let start = match.index;
    let raw = match[0];
    const exponent = EXPONENT.exec(scan.slice(start + raw.length, start + raw.length + 12));
    if (exponent) {
      NUMBER.lastIndex = start + raw.length + exponent[0].length;
      out.push({ start, end: NUMBER.lastIndex, raw: raw + exponent[0], normalized: null, excluded: 'exponent' });
      continue;
    }
    // ".75", "$.05": a leading decimal separator with no digit or separator before it.
    if (/^\d+$/.test(raw) && /[.,]/.test(scan[start - 1] ?? '') && !/[\d.,\p{L}]/u.test(scan[start - 2] ?? '')) {
      start -= 1;
      raw = `${scan[start]}${raw}`;
      out.push(classify(text, { start, end: start + raw.length, raw, normalized: `0.${raw.slice(1)}` }));
      continue;
    }
    consider(start, raw);
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Most space groups one number has ("1 234 567 890 123"): bounds the prefix search, so a long run stays linear. */
const MAX_SPACE_GROUPS = 6;

/**
 * Cuts a run of digits and spaces that reads as no single number into numbers: the longest prefix
 * (up to MAX_SPACE_GROUPS pieces) that is a valid number, then the rest the same way.
 */
function splitAtSpaces(raw: string): Array<[offset: number, piece: string]> {
  const pieces = raw.split(' ');
  const offsets: number[] = [];
  pieces.reduce((offset, piece) => (offsets.push(offset), offset + piece.length + 1), 0);
  const out: Array<[number, string]> = [];
  for (let from = 0; from < pieces.length; ) {
    let take = 1;
    for (let count = Math.min(MAX_SPACE_GROUPS, pieces.length - from); count > 1; count--) {
      if (normalizeNumber(pieces.slice(from, from + count).join(' ')) !== null) {
        take = count;
        break;
      }
    }
    const piece = pieces.slice(from, from + take).join(' ').replace(/[.,']+$/, '');
    if (/^\d/.test(piece)) out.push([offsets[from], piece]);
    from += take;
  }
  return out;
}

/** Marks a number that its neighbourhood shows is no price: "20 %", "500 ml", "16.00 ft", "© 2024", "Size 42". */
function classify(text: string, token: NumberToken): NumberToken {
  const excluded = exclusionAfter(text.slice(token.end, token.end + 24), token) ?? exclusionBefore(text.slice(Math.max(0, token.start - 24), token.start), token);
  return excluded ? { ...token, excluded } : token;
}

export function isAdjacent(text: string, token: Span, number: Span): boolean {
  if (token.end <= number.start) return /^[ *]*$/.test(text.slice(token.end, number.start));
  if (token.start >= number.end) return /^[ *]*$/.test(text.slice(number.end, token.start));
  return false;
}
