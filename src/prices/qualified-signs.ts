// A shared sign with a country's letters glued to it ("AR$", "EG£", "JP¥", "$TT"): the letters say which currency the sign is.
//
// Why: the lexer read the bare sign of "AR$ 12.990" and left the glued letters unread, so a USD default (or
// en's likeliest region) made twelve thousand pesos twelve thousand dollars, and "EG£" an Egyptian pound GBP.
// ISO 4217 codes start with their country's ISO 3166 code, so two capitals that begin a code the sign is
// printed with name it; letters that name none leave the currency unknown, never the default in its place.
import currencyCodes from 'currency-codes';
import { CURRENCY_SYMBOLS } from './currencies';
import type { CurrencyToken } from './price-tokens';
import { FROM_BEFORE } from './from-price';

/** Signs several currencies print bare: letters glued to them narrow them down. */
const SHARED_SIGNS = new Set(['$', '£', '¥', '￥']);
/** Funds and settlement units that share a country prefix with its everyday currency (COU beside COP). */
const NOT_EVERYDAY = new Set(['USN', 'USS', 'BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'UYI', 'UYW', 'XSU', 'XUA', 'XDR']);
/** One to three Latin capitals right before the sign, after no letter or digit ("AR$", "Z$"; not "Â£", a misdecoded "£"). */
const LETTERS_BEFORE = /(?<![\p{L}\d])[A-Z]{1,3}$/u;
/** One to three Latin capitals right after the sign, before no letter ("$TT", "£GI 12"). */
const LETTERS_AFTER = /^[A-Z]{1,3}(?![\p{L}])/u;
/** "12 K$", "1,2 M$": a magnitude letter after digits scales them; it qualifies no sign. */
const MAGNITUDE_BEFORE = /\d ?[KMB]$/;

const fold = (sign: string): string => sign.replace(/￥/g, '¥');
const printedWith = new Map<string, boolean>();

/** Whether CLDR prints the code with the sign in it (English and its home country, symbol or narrow). */
function printsSign(code: string, sign: string): boolean {
  const key = `${code}${sign}`;
  let known = printedWith.get(key);
  if (known === undefined) {
    const locales = ['en'];
    try {
      locales.push(`${new Intl.Locale(`und-${code.slice(0, 2)}`).maximize().language}-${code.slice(0, 2)}`);
    } catch {
      // no region: English alone
    }
    known = locales.some((locale) =>
      (['symbol', 'narrowSymbol'] as const).some((currencyDisplay) =>
        fold(new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay }).formatToParts(1).find((part) => part.type === 'currency')?.value ?? '').includes(fold(sign)),
      ),
    );
    printedWith.set(key, known);
  }
  return known;
}

/** The everyday codes of the country whose two letters these are, printed with the sign ("AR", "$" → ARS). */
function codesOfCountry(letters: string, sign: string): string[] {
  if (letters.length !== 2) return [];
  return currencyCodes.codes().filter((code) => code.startsWith(letters) && !NOT_EVERYDAY.has(code) && printsSign(code, sign));
}

/**
 * The sign token widened over the letters glued to it, with the currencies they name (none: `unknown`), or
 * null when no letters qualify it. `neighbours` are the text's other currency tokens: letters that are a
 * token of their own ("RMB¥", "MXN$") are no qualifier.
 */
export function qualifiedSign(text: string, sign: CurrencyToken, neighbours: readonly CurrencyToken[]): CurrencyToken | null {
  if (!SHARED_SIGNS.has(sign.symbol)) return null;
  const others = neighbours.filter((token) => token !== sign);
  const head = text.slice(Math.max(0, sign.start - 6), sign.start);
  const before = LETTERS_BEFORE.exec(head)?.[0];
  const after = LETTERS_AFTER.exec(text.slice(sign.end, sign.end + 4))?.[0];
  let start = sign.start;
  let end = sign.end;
  if (before && !others.some((token) => token.end === sign.start) && !MAGNITUDE_BEFORE.test(head)) start -= before.length;
  else if (after && !others.some((token) => token.start === sign.end)) end += after.length;
  else return spacedQualifier(text, sign, others);
  const letters = before && start < sign.start ? before : after!;
  const candidates = codesOfCountry(letters, sign.symbol);
  const token: CurrencyToken = { start, end, symbol: text.slice(start, end), candidates, wordLike: false };
  if (candidates.length === 0) token.unknown = true;
  return token;
}

/** Up to three capitals and one space right before a sign: "C $", "NT $". */
const SPACED_LETTERS = /[A-Z]{1,3} $/;

/**
 * "C $20.00", "NT $1,290", "R $ 1.234,56": the country's letters set apart from the sign by a space, as eBay prints a listing's
 * currency, name the currency their glued form does ("C$", "NT$", "R$"); the bare "$" was read, and an en-US page made twenty
 * Canadian dollars twenty US ones. Only opening the text or after punctuation: after a word or a number the letters end a name
 * or a size ("Vitamin C $12.99", "Grade A $5"), but a from-word needs an amount after it, so letters there are the amount's ("from
 * C $12.99": the bare "$" was read, a USD default made it 12.99 USD, and the letters between hid the from-word, so the cheapest
 * variant's price was stored as this one's). A code of its own before the sign ("CAD $ 12.99") is read as a code.
 */
function spacedQualifier(text: string, sign: CurrencyToken, others: readonly CurrencyToken[]): CurrencyToken | null {
  const from = Math.max(0, sign.start - 4);
  const match = SPACED_LETTERS.exec(text.slice(from, sign.start));
  if (!match) return null;
  const start = from + match.index;
  const letters = match[0].trimEnd();
  const lead = text.slice(Math.max(0, start - 40), start);
  if (/[\p{L}\p{M}\d]\s*$/u.test(lead) && !FROM_BEFORE.test(lead)) return null;
  if (others.some((token) => token.end > start && token.start < sign.start && /^[A-Z]{3}$/.test(token.symbol))) return null;
  const glued = `${letters}${sign.symbol}`;
  const candidates = CURRENCY_SYMBOLS[glued] ?? codesOfCountry(letters, sign.symbol);
  if (candidates.length === 0) return null;
  // Capitals set apart are as often a grade, a size or the article ("S $12.99" in a list of sizes, "BB $12.99" a cream): the bare
  // sign's reading stays beside the qualified one, and the two must agree (spaced-letter.ts).
  return { start, end: sign.end, symbol: glued, candidates, wordLike: false, bareCandidates: sign.candidates };
}
