// Price text as the lexer reads it: entities decoded, invisible marks gone, every space, digit and separator in one form.
import { decodeHTML } from 'entities';
import { withoutMarkup } from './price-markup';

export interface PriceText {
  /** The input with HTML entities decoded and invisible marks removed: what `amountText` is cut from. */
  display: string;
  /** `display` mapped character for character (same length): spaces to " ", digits to ASCII, apostrophes to "'". */
  text: string;
}

/** Zero-width and bidirectional marks (RTL shops wrap prices in them) and the soft hyphen: never part of a price. */
const INVISIBLE = /[\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/** Every Unicode space separator (Zs: NBSP, thin, narrow no-break, figure, ideographic …) and control whitespace. */
const SPACE = /[\p{Zs}\t\n\r\f\v]/gu;
/**
 * Apostrophes and primes Swiss and Liechtenstein shops group thousands with (and Uzbek writes in "so‘m"); the grave accent
 * too between digits, where a Swiss keyboard's dead key leaves it ("1`299.–" read 1 franc).
 */
const APOSTROPHE = /[\u2019\u2018\u02BC\u02BB\u2032\u00B4\u02B9]|(?<=\d)`(?=\d)/g;
/**
 * A raised dot between digits: the decimal point of British typography ("£12·99" read 12 pounds), or a thousands dot set
 * high ("€1·299,00" read 1 euro). Either is what "." is to the lexer; between words ("l·l", "4.5 · 128 reviews") it stays.
 */
const RAISED_POINT = /(?<=\d)[\u00B7\u2027\u2219\u22C5](?=\d)/g;
/**
 * A decimal digit of any script but ASCII's, one UTF-16 unit long (Arabic-Indic, Persian, Devanagari, Bengali, Gujarati, Tamil,
 * Thai, Lao, Myanmar, Khmer, full-width …): only those six blocks were read, so "₹1,૨૯૯" was 1 rupee and "១២,០០០៛" no number.
 * An astral digit (two units) cannot be mapped in place and stays unread.
 */
const OTHER_DIGIT = /(?![0-9])\p{Nd}/gu;
const DIGIT = /^\p{Nd}$/u;
/** A digit's value: Unicode encodes every decimal digit in runs from 0 to 9, so it is its distance from the run's start. */
function digitValue(digit: string): string {
  let code = digit.charCodeAt(0);
  let steps = 0;
  while (code > 0 && DIGIT.test(String.fromCharCode(code - 1))) code--, steps++;
  return String(steps % 10);
}
/**
 * Arabic decimal separator and the Arabic comma ("١،٢٩٩", read as a Latin comma); the Arabic thousands separator only ever
 * groups ("١٬٢٣٤"), so it becomes the apostrophe, the lexer's group-only mark ("١٬٢٣٤٥٠" read as a comma was 1.2345); full-width punctuation ("原价：", "５０％"), the Arabic percent sign, the minus sign and Unicode hyphens: their ASCII twins; the small and full-width currency signs ("﹩", "￦", "￠") the signs they stand for; footnote marks ("UVP¹") a star. */
const PUNCTUATION: Readonly<Record<string, string>> = {
  '\u00B9': '*', '\u00B2': '*', '\u00B3': '*', '\u2070': '*', '\u2074': '*', '\u2075': '*', '\u2076': '*', '\u2077': '*', '\u2078': '*', '\u2079': '*',
  '\u2020': '*', '\u2021': '*', '\u066B': '.', '\u066C': "'", '\u060C': ',', '\uFF0E': '.', '\uFF0C': ',', '\uFF1A': ':', '\u066A': '%', '\uFF05': '%', '\uFF04': '$', '\uFE69': '$', '\uFFE1': '£', '\uFFE6': '₩', '\uFFE0': '¢', '\u2212': '-', '\uFE63': '-', '\uFF0D': '-', '\u2010': '-', '\u2011': '-', '\u2012': '-',
};
const FULL_WIDTH_LETTER = /[\uFF21-\uFF3A\uFF41-\uFF5A]/g;

const SUPERSCRIPT_DIGITS = ['\u2070', '\u00B9', '\u00B2', '\u00B3', '\u2074', '\u2075', '\u2076', '\u2077', '\u2078', '\u2079'];
/** ASCII digits as superscript ones ("99" → "⁹⁹"): digits a page raises, which the parser reads as raised cents or a footnote mark. */
export const toSuperscriptDigits = (digits: string): string => digits.replace(/[0-9]/g, (digit) => SUPERSCRIPT_DIGITS[Number(digit)]);
const PUNCTUATION_CHARS = new RegExp(`[${Object.keys(PUNCTUATION).join('')}]`, 'g');
const ENTITY = /&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);?/i;

/** Decodes entities twice at most ("&amp;nbsp;" is common in feeds that escaped once too often). */
function decodeEntities(input: string): string {
  let out = input;
  for (let round = 0; round < 2 && ENTITY.test(out); round++) out = decodeHTML(out);
  return out;
}

export function toPriceText(input: string): PriceText {
  const display = decodeEntities(withoutMarkup(input)).replace(INVISIBLE, '');
  // Every replacement below is one UTF-16 unit for one, so positions in `text` are positions in `display`.
  const text = display
    .replace(SPACE, ' ')
    .replace(APOSTROPHE, "'")
    .replace(RAISED_POINT, '.')
    .replace(OTHER_DIGIT, (digit) => (digit.length === 1 ? digitValue(digit) : digit))
    .replace(PUNCTUATION_CHARS, (char) => PUNCTUATION[char])
    // "１２．９９ ＵＳＤ": full-width Latin letters, as CJK input methods type a currency code.
    .replace(FULL_WIDTH_LETTER, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0));
  return { display, text };
}

/** The Arabic decimal separator (U+066B): wherever it stands, "." is a decimal point ("١٫٢٩٩ ر.س" is 1.299, never 1299). */
const ARABIC_DECIMAL = /\u066B/;

/** The decimal separator a text writes unmistakably (the Arabic one), else the one the caller knows of the shop. */
export const decimalSeparatorOf = (input: string, known: '.' | ',' | undefined): '.' | ',' | undefined => (ARABIC_DECIMAL.test(input) ? '.' : known);
