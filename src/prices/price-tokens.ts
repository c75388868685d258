// Lexing a price text: currency tokens (symbols, words, ISO codes), and the token shapes both lexers share.
import { CURRENCY_SYMBOLS } from './currencies';
import { qualifiedName } from './currency-names';
import { qualifiedSign } from './qualified-signs';
import { scanCurrencySymbols } from './currency-symbols-scan';
import { ISO_CODES, LOWER_CASE_CODES, WORD_LIKE_CODES, isNoMoneyCode } from './iso-currencies';
import type { Exclusion } from './number-exclusions';
import { insideAny, tyreSizes } from './tyre-size';
import { labelValue } from './label-value';

export interface Span {
  start: number;
  end: number;
}
export interface CurrencyToken extends Span {
  symbol: string;
  candidates: readonly string[];
  /** An ISO code that is also an English word: only trusted next to the amount. */
  wordLike: boolean;
  /** A shared sign qualified by letters that name no currency we know ("S£", "$C"): no candidates, and no default in its place. */
  unknown?: true;
  /** "C $20.00": capitals set apart before a shared sign qualify it, or end a label before the bare sign, whose candidates these are. */
  bareCandidates?: readonly string[];
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
  /** "5.99 Lakh", "12万": `normalized` is scaled by the magnitude word the token ends with. */
  magnitude?: true;
}


const CODE = /(?<!\p{L})[A-Z]{3}(?!\p{L})/gu;
/** "12,99 eur", "99 Chf": a code in lower case, or capitalised, counts only beside the amount. */
const CODE_IN_LOWER_CASE = /(?<!\p{L})(?:[a-z]{3}|[A-Z][a-z]{2})(?!\p{L})/gu;

export function findCurrencies(text: string): CurrencyToken[] {
  const tokens: CurrencyToken[] = [];
  for (const { index, symbol } of scanCurrencySymbols(text)) {
    // "12,50 белорусского рубля", "12 dollars canadiens": the whole CLDR name decides, not its generic word.
    const named = qualifiedName(text, index, index + symbol.length);
    if (named) tokens.push({ start: named.start, end: named.end, symbol: text.slice(named.start, named.end), candidates: named.codes, wordLike: false });
    else tokens.push({ start: index, end: index + symbol.length, symbol, candidates: CURRENCY_SYMBOLS[symbol], wordLike: false });
  }
  for (const match of text.matchAll(CODE)) {
    if (ISO_CODES.has(match[0])) {
      // A code of no money ("XXX", "XAU") is a currency all the same, one that no amount is read in.
      tokens.push({ start: match.index, end: match.index + 3, symbol: match[0], candidates: isNoMoneyCode(match[0]) ? [] : [match[0]], wordLike: WORD_LIKE_CODES.has(match[0]) });
    }
  }
  for (const match of text.matchAll(CODE_IN_LOWER_CASE)) {
    const code = match[0].toUpperCase();
    if (LOWER_CASE_CODES.has(code)) tokens.push({ start: match.index, end: match.index + 3, symbol: code, candidates: [code], wordLike: true });
  }
  tokens.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: CurrencyToken[] = [];
  // "205/55 R16": the "R" of a tyre's size (a radial rim) is no rand.
  const tyres = tokens.length > 0 ? tyreSizes(text) : [];
  // "Size R 12.99", "Rated R": the letter is the label's value, no rand.
  for (const token of tokens) if ((kept.length === 0 || token.start >= kept[kept.length - 1].end) && !insideAny(tyres, token) && !labelValue(text, token)) kept.push(token);
  // "AR$ 12.990", "EG£ 50": letters glued to a shared sign (and no token of their own) say which currency it is.
  // Only the tokens either side can touch it (kept is in order, without overlaps); handing each sign all of
  // them made a text of many signs quadratic ("$1 " 20,000 times: 5.7 s).
  const qualified = kept.map((token, i) => qualifiedSign(text, token, kept.slice(Math.max(0, i - 1), i + 2)) ?? token);
  // "R $ 1.234,56": a letter sign of its own that the next sign's qualifier took in ("R$", the real) is no rand beside it.
  return qualified.filter((token, i) => i + 1 === qualified.length || qualified[i + 1].start >= token.end);
}

export function isAdjacent(text: string, token: Span, number: Span): boolean {
  if (token.end <= number.start) return /^[ *]*$/.test(text.slice(token.end, number.start));
  if (token.start >= number.end) return /^[ *]*$/.test(text.slice(number.end, token.start));
  return false;
}
