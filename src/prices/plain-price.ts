// The reading of a plain price text ("$46.00", "46,00 €", "£1,299.00", "12.50") built directly, as the lexer would build it.
//
// Why: most shops print the price element as a sign and an amount with cents and nothing else, and the full lexing
// (entities, spaces, currency scan, number split, exclusions, labels, roles, the choice among candidates) cost
// ~100 µs per item on a 2,000-item crawl (the code barely warmed in a short run) for a text whose reading holds one
// number and at most one sign. Only the reading is built here: every check after it (cart words, charsets, currency
// resolution by hint, locale and default, scale, minor units, plausibility) runs as for any text.
//
// The shapes are narrow on purpose: digits with exactly two decimals, thousands grouped in threes by the other
// separator (or a space before a decimal comma), no leading zero, one sign (a one-character currency symbol) before
// or after with at most one space. Anything else ("46", "1.299", "CHF 12.50", "-12.00") is left to the full reading.
// test/prices/plain-price.test.ts checks the reading equal to the full one (values and shared objects) over the whole
// price table, its noise rows and a generated corpus of plain and nearly plain texts.
import { CURRENCY_SYMBOLS } from './currencies';
import type { Candidate } from './price-candidates';
import type { CurrencyToken, NumberToken } from './price-tokens';
import type { Choice } from './choose-price';

/** What parsePrice reads from a text before the hint, locale and default matter: its tokens and the number it chose. */
export interface TextReading {
  display: string;
  text: string;
  currencies: readonly CurrencyToken[];
  choice: Choice;
}

/** One-character currency symbols (no letter: a letter sign's reading depends on the words around it). */
export const PLAIN_SIGNS: ReadonlySet<string> = new Set(Object.keys(CURRENCY_SYMBOLS).filter((symbol) => symbol.length === 1 && /^\p{Sc}$/u.test(symbol) && CURRENCY_SYMBOLS[symbol].length > 0));

/** The spaces shops put between a sign and its amount; each is one space to the lexer. */
const SPACES = new Set([' ', '\u00A0', '\u202F']);

/**
 * An amount with cents, "1299.00", "1,299.00", "1.299,00" or "1 299,00" (groups of three, in one separator other than the
 * decimal one; a space only before a decimal comma, as French, Nordic and Central European shops write it), no leading
 * zero but "0.99". Read from the mapped text, where every space is " ".
 */
const AMOUNT = /^(?:(0|[1-9]\d{0,5}|[1-9]\d{0,2}(?:,\d{3}){1,2})\.|(0|[1-9]\d{0,5}|[1-9]\d{0,2}(?:\.\d{3}){1,2}|[1-9]\d{0,2}(?: \d{3}){1,2}),)(\d{2})$/;

/** The longest plain text: a sign, a space and "999,999,999.99". */
const MAX_CHARS = 16;

/** The full reading of `input` when it is a plain price text, else null (the caller reads it in full). */
export function plainReading(input: string): TextReading | null {
  if (input.length > MAX_CHARS || input.length < 4) return null;
  let start = 0;
  let end = input.length;
  let signAt = -1;
  if (PLAIN_SIGNS.has(input[0])) {
    signAt = 0;
    start = SPACES.has(input[1]) ? 2 : 1;
  } else if (PLAIN_SIGNS.has(input[end - 1])) {
    signAt = end - 1;
    end = SPACES.has(input[end - 2]) ? end - 2 : end - 1;
  }
  const text = input.replace(/[\u00A0\u202F]/g, ' ');
  const raw = text.slice(start, end);
  const amount = AMOUNT.exec(raw);
  if (amount === null) return null;
  const integer = (amount[1] ?? amount[2]).replace(/[., ]/g, '');
  const token: NumberToken = { start, end, raw, normalized: `${integer}.${amount[3]}` };
  const sign: CurrencyToken | null = signAt < 0 ? null : { start: signAt, end: signAt + 1, symbol: input[signAt], candidates: CURRENCY_SYMBOLS[input[signAt]], wordLike: false };
  const chosen: Candidate = { token, owned: sign ? [sign] : [], role: 'plain', excluded: undefined };
  return { display: input, text, currencies: sign ? [sign] : [], choice: { ok: true, chosen, all: [chosen] } };
}
