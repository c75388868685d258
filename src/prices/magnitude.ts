// Magnitude words after an amount ("5.99 Lakh", "1,2 млн ₽", "12万円", "$850K"): the amount they scale it to, exactly.
//
// Why: read without the word, "₹ 5.99 Lakh" is 5.99 rupees for 599,000 and "12万円" 12 yen for 120,000,
// silently. Each word below has one scale in every language that writes it after a number; a word whose
// scale differs by language ("mil": a thousand in Spanish and Portuguese, a million in English slang;
// "billion": 10⁹ or 10¹²) has none, and the amount is refused.
import { Decimal } from '../core/money';
import { CJK_NUMERALS, isCjkNumeral } from './cjk-numerals';
import { magnitudeWordsFor } from './magnitude-words';
import { normalizeNumber, type NormalizeOptions } from './normalize-number';
import { homeLetterAfter, homeLetterPower } from './home-letters';
import { findCurrencies, type CurrencyToken, type NumberToken } from './price-tokens';

/**
 * `word`: a magnitude wherever it stands ("lakh", "million", "万"). `abbreviation`: only beside a currency
 * ("5 mn" may be minutes, "5 cr" credits), else the number is refused. `letter`: glued to the digits and
 * beside a currency ("$850K", "£1.25m"); without one "4K" is a resolution and "5m" metres.
 */
export type MagnitudeKind = 'word' | 'abbreviation' | 'letter';

export interface Magnitude {
  /** Characters the word takes after the number, the space before it included. */
  length: number;
  /** The power of ten; null when the word's scale differs by language. */
  power: number | null;
  kind: MagnitudeKind;
  text: string;
}

type Entry = readonly [power: number | null, kind: MagnitudeKind, pattern: string];
const ENTRIES: readonly Entry[] = [
  [3, 'word', 'thousands?|tausend|ribu|nghìn|ngàn'],
  [3, 'abbreviation', 'tsd\\.?|тыс\\.?|тис\\.?|tys\\.?|rb|tis\\.?|tūkst\\.?|χιλ\\.?|хил\\.?|хиљ\\.?|bin|mii'],
  [5, 'word', 'lakhs?|lacs?'],
  [6, 'word', 'millions?|millionen|millones|millón|milhões|milhão|milioni|milione|milionów|miliony|milion|juta|triệu'],
  [6, 'abbreviation', 'mio\\.?|mln\\.?|mn|млн\\.?|jt|mi|milj\\.?|mill\\.|εκ\\.|մլն'],
  [7, 'word', 'crores?'],
  [7, 'abbreviation', 'Cr\\.?|cr\\.?'],
  [9, 'word', 'milliarden?|milliards?|миллиардов|миллиарда'],
  [9, 'abbreviation', 'mrd\\.?|млрд\\.?|bn|mld\\.?|mlrd\\.?|mljrd\\.?|mia\\.|δισ\\.|млд|մլրդ'],
  [null, 'word', 'mil|billions?|trillions?'],
];
/**
 * Written words after an optional space, ending before a letter or digit. "CR" (a credit, "$12.50 CR") is no crore,
 * and "MN" no million: Mexican shops write "moneda nacional" after the peso amount ("$1,299.00 MN").
 */
const WORD = new RegExp(`^ ?(?:${ENTRIES.map(([, , pattern]) => `(${pattern})`).join('|')})(?![\\p{L}\\d])`, 'iu');
const NO_MAGNITUDE = /^ ?(?:CR|MN)(?![\p{L}\d])/u;
/**
 * Letters glued to the digits: K a thousand, M (or m) a million, B a billion; also after a space when a
 * sign follows at once ("45 k€", "1,2 M€"). "L" (a lakh or litres) has no single scale.
 */
const LETTER = /^(?: ?[kKmMB](?=\p{Sc})|[kKmMB](?![\p{L}\d²³])| ?L(?![\p{L}\d²³]))/u;
const LETTER_POWER: Readonly<Record<string, number | null>> = { k: 3, K: 3, m: 6, M: 6, B: 9, L: null };
/** How much text after a number's start a magnitude or CJK sum is read from ("3億5,000万2,000" fits). */
const WORD_WINDOW = 24;
const CJK_WINDOW = 40;

/**
 * A word of another language's magnitude list ("2,5 miljoen", "1.5 लाख", "3.5 ล้านบาท"), ending before a letter,
 * mark or digit; in a script without spaces the currency may follow at once, and other letters there leave its
 * reading open ("ล้านกว่า", "a million and more": no single amount).
 */
function languageWordAfter(after: string): Magnitude | null {
  const lead = after.startsWith(' ') ? 1 : 0;
  const rest = after.slice(lead);
  for (const { word, power, unspaced } of magnitudeWordsFor(rest)) {
    const head = rest.slice(0, word.length);
    if (head.toLowerCase() !== word) continue;
    const next = rest.slice(word.length);
    const found = { length: lead + word.length, power, kind: 'word' as const, text: head };
    if (!/^[\p{L}\p{M}\d]/u.test(next)) return found;
    // The longest word that fits was tried first: a shorter one is its prefix, followed by letters as well.
    if (!unspaced) return null;
    return findCurrencies(next)[0]?.start === 0 ? found : { ...found, power: null };
  }
  return null;
}

/** The magnitude word right after a number, if any. */
export function magnitudeAfter(after: string): Magnitude | null {
  const cjk = /^ ?(.)/u.exec(after);
  if (cjk && isCjkNumeral(cjk[1])) return { length: cjk[0].length, power: CJK_NUMERALS[cjk[1]], kind: 'word', text: cjk[1] };
  const letter = LETTER.exec(after);
  if (letter) return { length: letter[0].length, power: LETTER_POWER[letter[0].trim()], kind: 'letter', text: letter[0].trim() };
  if (NO_MAGNITUDE.test(after)) return null;
  const word = WORD.exec(after);
  const other = languageWordAfter(after);
  // "mil millones" (10⁹) is longer than "mil" (a thousand or a million): the longer reading is the word written.
  if (other && (!word || other.length > word[0].length)) return other;
  if (!word) return null;
  const [power, kind] = ENTRIES[word.slice(1).findIndex(Boolean)];
  return { length: word[0].length, power, kind, text: word[0].trim() };
}

/** Digits and the numerals after them: "1,280万", "1.5万", "2천만" (千万 is 10⁷). */
const CJK_PART = /^(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)? ?(\S+)/u;
const plain = (digits: string): Decimal => new Decimal(digits.replace(/,/g, ''));

/** The numerals a text starts with, each larger than the one before ("천만": 10³ · 10⁴): their power and length. */
function numeralsPower(text: string): { power: number; length: number } | null {
  let power = 0;
  let length = 0;
  for (const char of text) {
    if (!isCjkNumeral(char) || (length > 0 && CJK_NUMERALS[char] <= CJK_NUMERALS[text[length - 1]])) break;
    power += CJK_NUMERALS[char];
    length += char.length;
  }
  return length > 0 ? { power, length } : null;
}

/**
 * "1万2000", "1,280万", "1만 2천", "3億5000万": CJK numerals in descending order, each after its digits, then
 * whole units fewer than the last numeral counts. The plain value and the characters read; value null
 * when the digits after the numerals make no such sum ("1万20000", "1万 2000"); undefined when no numeral follows the first digits.
 */
export function cjkSum(text: string): { value: string | null; length: number } | undefined {
  let at = 0;
  let total = new Decimal(0);
  let last = Infinity;
  const partAt = (from: number): { length: number; digits: string; power: number } | null => {
    const part = CJK_PART.exec(text.slice(from));
    const power = part ? numeralsPower(part[3]) : null;
    return part && power && power.power < last ? { length: part[0].length - part[3].length + power.length, digits: part[1] + (part[2] ?? ''), power: power.power } : null;
  };
  for (let part = partAt(0); part; part = partAt(at)) {
    last = part.power;
    total = total.plus(plain(part.digits).times(new Decimal(10).pow(last)));
    at += part.length;
    // "1만 2천": a space before the next numeral's digits; "1万 2000" is no sum (refused below).
    if (/^ \d/.test(text.slice(at)) && partAt(at + 1)) at += 1;
  }
  if (last === Infinity) return undefined;
  const tail = /^( ?)(\d{1,3}(?:,\d{3})+|\d+)/.exec(text.slice(at));
  if (!tail) return { value: total.toFixed(), length: at };
  if (tail[1] || plain(tail[2]).gte(new Decimal(10).pow(last))) return { value: null, length: at + tail[0].length };
  return { value: total.plus(plain(tail[2])).toFixed(), length: at + tail[0].length };
}

/** The amount times ten to the power. */
export const scaled = (amount: string, power: number): string => new Decimal(amount).times(new Decimal(10).pow(power)).toFixed();

/** How far around a number a currency beside it is looked for. */
const CURRENCY_WINDOW = 12;

/** The currencies written right before `start` or right after `end`, as ownership reads adjacency (spaces or footnote marks between). */
function currenciesBeside(text: string, start: number, end: number): CurrencyToken[] {
  const before = text.slice(Math.max(0, start - CURRENCY_WINDOW), start);
  const prefix = findCurrencies(before).at(-1);
  const after = text.slice(end, end + CURRENCY_WINDOW);
  const suffix = findCurrencies(after)[0];
  return [
    ...(prefix && /^[ *]*$/.test(before.slice(prefix.end)) ? [prefix] : []),
    ...(suffix !== undefined && /^[ *]*$/.test(after.slice(0, suffix.start)) ? [suffix] : []),
  ];
}

const currencyBeside = (text: string, start: number, end: number): boolean => currenciesBeside(text, start, end).length > 0;

/** The one currency each sign beside the number names ("Rp": IDR); a shared sign ("$") names no home language. */
const namedBeside = (text: string, start: number, end: number): string[] =>
  currenciesBeside(text, start, end).flatMap((token) => (token.candidates.length === 1 ? [token.candidates[0]] : []));

/**
 * The magnitude after a number, with the letters of the home language of the currency beside it: "Rp 1,5 M" (a space, as
 * Indonesian writes it) and Malay's "RM1.5J" are letters too, and a letter whose scale there is not the English one takes that language's
 * when the number is written in it (see homeLetterPower).
 */
function magnitudeBeside(text: string, start: number, raw: string): Magnitude | null {
  const after = text.slice(start + raw.length, start + raw.length + WORD_WINDOW);
  const word = magnitudeAfter(after);
  if (word && word.kind !== 'letter') return word;
  const named = namedBeside(text, start, start + raw.length + (word?.length ?? 3));
  const home = word ? { letter: word.text, length: word.length } : homeLetterAfter(after, named);
  if (!home) return null;
  const power = homeLetterPower(home.letter, raw, named);
  if (word && power === undefined) return word;
  return { length: home.length, power: power ?? null, kind: 'letter', text: home.letter };
}

/**
 * The number starting at `start` (its digits `raw`) read with the magnitude word or CJK numerals after
 * it: the scaled amount, or no reading (`magnitude`) when the word's scale is open, an abbreviation has
 * no currency beside it ("4K", "500k": a resolution, or a price whose currency is not written), or
 * "1.500 Mio." leaves the digits themselves 1000× open. Null when no magnitude follows, or only "m",
 * "M" or "B" with no currency ("5m" is five metres).
 */
export function magnitudeToken(text: string, start: number, raw: string, options: NormalizeOptions): NumberToken | null {
  const sum = /^\d+$/.test(raw) || /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+\.\d+$/.test(raw) ? cjkSum(text.slice(start, start + CJK_WINDOW)) : undefined;
  if (sum) {
    const end = start + sum.length;
    return sum.value === null
      ? { start, end, raw: text.slice(start, end), normalized: null, excluded: 'magnitude' }
      : { start, end, raw: text.slice(start, end), normalized: sum.value, magnitude: true };
  }
  const word = magnitudeBeside(text, start, raw);
  if (!word) return null;
  const end = start + raw.length + word.length;
  const token = { start, end, raw: text.slice(start, end), magnitude: true as const };
  // "12.99 BN$", "9 999,99 B$": letters that begin a currency sign (Brunei's, the Bahamas') read as much as
  // that sign as a billion; the two readings are 10⁹ apart, so neither is taken.
  const wordAt = end - word.text.length;
  if (findCurrencies(text.slice(start, wordAt + WORD_WINDOW)).some((sign) => sign.start === wordAt - start)) return { ...token, normalized: null, excluded: 'magnitude' };
  const beside = word.kind !== 'word' && currencyBeside(text, start, end);
  if (word.kind === 'letter' && !beside) return word.text === 'k' || word.text === 'K' ? { ...token, normalized: null, excluded: 'magnitude' } : null;
  const amount = normalizeNumber(raw, options);
  const open = options.decimalSeparator === undefined && normalizeNumber(raw, { minorDigits: 3 }) !== normalizeNumber(raw);
  if (amount === null || open || word.power === null || (word.kind === 'abbreviation' && !beside)) return { ...token, normalized: null, excluded: 'magnitude' };
  const rest = smallerParts(text, end, word.power, options);
  // The digits that leave it open are its part as much as another amount: neither is read.
  if (rest.added === null) return { start, end: rest.end, raw: text.slice(start, rest.end), normalized: null, excluded: 'magnitude' };
  return { start, end: rest.end, raw: text.slice(start, rest.end), magnitude: true, normalized: rest.added.plus(scaled(amount, word.power)).toFixed() };
}

/** Digits after a space, the next part of an amount written in words. */
const NEXT_PART = /^ (\d+(?:[.,]\d+)?)/;

/**
 * "2 tỷ 500 triệu", "1 crore 20 lakh", "3 ล้าน 5 แสน": amounts of smaller magnitude words after the first add to it,
 * as CJK numerals do ("1万2000"); read alone, "500 triệu ₫" was taken for the price. Digits there with a currency or
 * another magnitude of their own ("2 tỷ 500 ₫") leave the amount open: `added` null. The sum added and where the amount ends.
 */
function smallerParts(text: string, from: number, power: number, options: NormalizeOptions): { added: Decimal | null; end: number } {
  let added = new Decimal(0);
  let at = from;
  let last = power;
  for (;;) {
    const part = NEXT_PART.exec(text.slice(at, at + WORD_WINDOW));
    if (!part) return { added, end: at };
    const partEnd = at + part[0].length;
    const word = magnitudeAfter(text.slice(partEnd, partEnd + WORD_WINDOW));
    const amount = normalizeNumber(part[1], options);
    if (!word && !currencyBeside(text, at + 1, partEnd)) return { added, end: at };
    if (!word || word.kind !== 'word' || word.power === null || word.power >= last || amount === null) return { added: null, end: partEnd };
    added = added.plus(scaled(amount, word.power));
    last = word.power;
    at = partEnd + word.length;
  }
}
