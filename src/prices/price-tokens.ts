// Lexing a price text: currency tokens (symbols, words, ISO codes), and the token shapes both lexers share.
import { CURRENCY_SYMBOLS } from './currencies';
import { ISO_CODES, WORD_LIKE_CODES } from './iso-currencies';
import type { Exclusion } from './number-exclusions';

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


const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface SymbolRule {
  symbol: string;
  /** A symbol starting with a letter must not follow a letter ("dollars" in "xdollars" is no symbol). */
  notAfterLetter: boolean;
  /** A symbol ending in a letter or a dot must not run into a letter. */
  notBeforeLetter: boolean;
}

// Longest symbols first so "US$" wins over "$", as an alternation tries them.
const SYMBOL_RULES: readonly SymbolRule[] = Object.keys(CURRENCY_SYMBOLS)
  .sort((a, b) => b.length - a.length)
  .map((symbol) => ({ symbol, notAfterLetter: /^\p{L}/u.test(symbol), notBeforeLetter: /[\p{L}.]$/u.test(symbol) }));
const RULES_BY_FIRST_CHAR = new Map<string, SymbolRule[]>();
for (const rule of SYMBOL_RULES) {
  const list = RULES_BY_FIRST_CHAR.get(rule.symbol[0]) ?? [];
  list.push(rule);
  RULES_BY_FIRST_CHAR.set(rule.symbol[0], list);
}
/**
 * Where a symbol may start: the symbols alone, without their word-boundary checks. Those checks were
 * lookarounds on \p{L} in each of the ~140 alternatives, and V8 compiles each such class afresh: ~40 ms
 * per compile, and a major GC throws regexp code away, so the loop stalled that long again after every
 * one (measured in the polite bench: gaps of 200+ ms on every host). They are checked in code instead.
 */
const SYMBOL_START = new RegExp(SYMBOL_RULES.map((rule) => escape(rule.symbol)).join('|'), 'g');
const LETTER_BEFORE = /\p{L}$/u;
const LETTER_AFTER = /^\p{L}/u;

/** The symbol that an alternation with the boundary lookarounds would match at `at`, if any. */
function symbolAt(text: string, at: number): string | null {
  for (const rule of RULES_BY_FIRST_CHAR.get(text[at]) ?? []) {
    if (!text.startsWith(rule.symbol, at)) continue;
    // Two code units either side: a letter outside the BMP is one code point of two.
    if (rule.notAfterLetter && LETTER_BEFORE.test(text.slice(Math.max(0, at - 2), at))) continue;
    const end = at + rule.symbol.length;
    if (rule.notBeforeLetter && LETTER_AFTER.test(text.slice(end, end + 2))) continue;
    return rule.symbol;
  }
  return null;
}

/** Every currency symbol in `text`, left to right, never overlapping (as `matchAll` finds them). */
function symbolTokens(text: string): CurrencyToken[] {
  const tokens: CurrencyToken[] = [];
  let from = 0;
  for (;;) {
    SYMBOL_START.lastIndex = from;
    const match = SYMBOL_START.exec(text);
    if (!match) return tokens;
    const symbol = symbolAt(text, match.index);
    if (symbol === null) {
      from = match.index + 1;
      continue;
    }
    tokens.push({ start: match.index, end: match.index + symbol.length, symbol, candidates: CURRENCY_SYMBOLS[symbol], wordLike: false });
    from = match.index + symbol.length;
  }
}

const CODE = /(?<!\p{L})[A-Z]{3}(?!\p{L})/gu;

export function findCurrencies(text: string): CurrencyToken[] {
  const tokens = symbolTokens(text);
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

export function isAdjacent(text: string, token: Span, number: Span): boolean {
  if (token.end <= number.start) return /^[ *]*$/.test(text.slice(token.end, number.start));
  if (token.start >= number.end) return /^[ *]*$/.test(text.slice(number.end, token.start));
  return false;
}
