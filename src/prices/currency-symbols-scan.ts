// Finds currency symbols in a text: longest symbol first, letter symbols never inside a word.
//
// Why a scanner and not one regex: the alternation of ~140 symbols, each letter symbol wrapped in
// Unicode-letter lookarounds (`(?<!\p{L})руб(?!\p{L})`, flag `u`), took V8 0.5–1.2 s to compile on its
// first use, on the first page with a price of every run (a start-up cost and an event-loop block).
// This scan gives the same matches: at each position the symbols starting with that character are tried
// longest first (the regex's order), the first whose word boundaries hold wins, and the scan resumes
// after it.
import { isCjkNumeral } from './cjk-numerals';
import { CURRENCY_SYMBOLS } from './currencies';

interface Symbol {
  text: string;
  /** A symbol starting with a letter must not follow a letter (or a letter's combining mark). */
  letterStart: boolean;
  /** A symbol ending with a letter, a combining mark or a dot must not be followed by a letter or a mark. */
  letterEnd: boolean;
  /** One or two Latin letters (isLetterSign). */
  letters: boolean;
}

/** A letter, or a combining mark that is part of one: "रू" ends with the vowel sign U+0942, and "शुरू" ("from …") holds it. */
const LETTER = /[\p{L}\p{M}]/u;

const HYPHEN_WORD_AFTER = /^-[\p{L}\p{M}]/u;
const HYPHEN_WORD_BEFORE = /[\p{L}\p{M}]-$/u;

/**
 * One or two Latin letters ("R", "TL", "Fr."): a sign beside an amount ("R 1 299,00"), elsewhere a class, a rating, a size or an
 * initial ("R-Klasse", "Rated R"). A currency word ("Euro-Preis") is one wherever it stands.
 */
export const isLetterSign = (symbol: string): boolean => /^\p{Script=Latin}{1,2}\.?$/u.test(symbol);

const BY_FIRST_CHAR = new Map<string, Symbol[]>();
for (const text of Object.keys(CURRENCY_SYMBOLS).sort((a, b) => b.length - a.length)) {
  const symbol = { text, letterStart: /^\p{L}/u.test(text), letterEnd: /[\p{L}\p{M}.]$/u.test(text), letters: isLetterSign(text) };
  const list = BY_FIRST_CHAR.get(text[0]);
  if (list) list.push(symbol);
  else BY_FIRST_CHAR.set(text[0], [symbol]);
}

/** The code point that ends just before `index`, as a string ('' at the start). */
function charBefore(text: string, index: number): string {
  if (index === 0) return '';
  const low = text.charCodeAt(index - 1);
  const paired = index >= 2 && low >= 0xdc00 && low <= 0xdfff && (text.charCodeAt(index - 2) & 0xfc00) === 0xd800;
  return text.slice(paired ? index - 2 : index - 1, index);
}

function charAt(text: string, index: number): string {
  const code = text.codePointAt(index);
  return code === undefined ? '' : String.fromCodePoint(code);
}

function fits(text: string, at: number, symbol: Symbol): boolean {
  if (!text.startsWith(symbol.text, at)) return false;
  // "12万円", "12만원": a CJK numeral scales the digits before the sign, it is no word the sign is part of.
  const before = charBefore(text, at);
  if (symbol.letterStart && LETTER.test(before) && !isCjkNumeral(before)) return false;
  const after = charAt(text, at + symbol.text.length);
  if (symbol.letterEnd && LETTER.test(after) && !kanaAfterCjkSign(symbol.text, before, after)) return false;
  // "R-Klasse", "Type-R", "TL-Serie": a letter sign joined by a hyphen to a word is part of it ("Size 42 R-Klasse 12,99" read 42 ZAR).
  if (!symbol.letters) return true;
  return !HYPHEN_WORD_AFTER.test(text.slice(at + symbol.text.length, at + symbol.text.length + 2)) && !HYPHEN_WORD_BEFORE.test(text.slice(Math.max(0, at - 2), at));
}

/**
 * "3,000円から", "1,000円です", "99元起": Japanese and Chinese write no space, so kana (or 起, "from") run on from a Han or
 * Hangul sign right after the amount's digits; a sign inside a word ("元素") has no digit before it.
 */
const kanaAfterCjkSign = (sign: string, before: string, after: string): boolean =>
  /[\p{Script=Han}\p{Script=Hangul}]$/u.test(sign) && (/\p{Nd}/u.test(before) || isCjkNumeral(before)) && /^[\p{Script=Hiragana}\p{Script=Katakana}起]/u.test(after);

/** Every currency symbol in the text, left to right, not overlapping: `{ index, symbol }`. */
export function scanCurrencySymbols(text: string): { index: number; symbol: string }[] {
  const found: { index: number; symbol: string }[] = [];
  let at = 0;
  while (at < text.length) {
    const symbol = BY_FIRST_CHAR.get(text[at])?.find((candidate) => fits(text, at, candidate));
    if (symbol) {
      found.push({ index: at, symbol: symbol.text });
      at += symbol.text.length;
    } else at++;
  }
  return found;
}
