// Magnitude letters by the currency's home language: CLDR writes "1,5 M" for 1.5 miliar in Indonesian, "1,5 B" for 1.5 bin in Turkish.
import { homeRegion, homeSeparators } from './home-separators';

interface HomeLetters {
  /** Letter → power of ten in the language's short compact forms ("M" → 9 in id). */
  powers: ReadonlyMap<string, number>;
  /** The language writes a space between the number and the letter ("1,5 M"). */
  spaced: boolean;
  decimal: string;
}

const lettersByCode = new Map<string, HomeLetters | null>();

/** The short compact letters of the main language of a national currency's country, from CLDR through Intl. */
export function homeLetters(code: string): HomeLetters | null {
  if (!lettersByCode.has(code)) lettersByCode.set(code, lettersOf(code));
  return lettersByCode.get(code) ?? null;
}

function lettersOf(code: string): HomeLetters | null {
  const region = homeRegion(code);
  const separators = region ? homeSeparators(region) : null;
  if (!region || !separators) return null;
  const { language } = new Intl.Locale(`und-${region}`).maximize();
  const format = new Intl.NumberFormat(`${language}-${region}`, { notation: 'compact', numberingSystem: 'latn', maximumFractionDigits: 1 });
  const powers = new Map<string, number>();
  let spaced = false;
  for (let power = 3; power <= 12; power += 1) {
    // 1.5 × 10^power shown as "1,5" and a letter names that power; "1500 M" (Spanish 10⁹) names nothing new.
    const shown = /^1[.,]5([\s\u00A0\u202F]?)(\p{L}+\.?)$/u.exec(format.format(1.5 * 10 ** power));
    if (!shown || powers.has(shown[2])) continue;
    powers.set(shown[2], power);
    spaced ||= shown[1] !== '';
  }
  return { powers, spaced, decimal: separators.decimal };
}

/**
 * The power a magnitude letter beside a currency stands for. English gives "M" a million, but the Indonesian
 * "M" is a miliar (10⁹): "Rp 1,5M" read 1.5 million rupiah for 1.5 billion. Where the home language's letter
 * scales otherwise, the amount written with that language's decimal separator ("1,5") is in it; written
 * any other way ("Rp1.5M", "Rp 2M": English, or either) its scale is open: null. Undefined: no home claim.
 */
export function homeLetterPower(letter: string, raw: string, codes: readonly string[]): number | null | undefined {
  const english = ENGLISH_LETTERS[letter];
  let claim: number | null | undefined;
  for (const code of codes) {
    const home = homeLetters(code);
    const power = home?.powers.get(letter);
    if (!home || power === undefined || power === english) continue;
    // "RM1.5J": a letter English does not scale by has its home reading alone.
    const inHomeWriting = english === undefined || (home.decimal !== '.' && new RegExp(`^\\d+${escape(home.decimal)}\\d+$`).test(raw));
    const reading = inHomeWriting ? power : null;
    if (claim !== undefined && claim !== reading) return null;
    claim = reading;
  }
  return claim;
}

/**
 * "Rp 1,5 M", "RM1.5J", "1,2 tr ₫": a letter of the home language of a currency beside the number (after a space where that
 * language writes one). A single letter in its case only ("m" and "M" differ); two in any case, as shops write CLDR's "Tr"
 * (Vietnamese triệu, 10⁶) as "tr" or "TR", which read 1.2 VND for 1,200,000.
 */
export function homeLetterAfter(after: string, codes: readonly string[]): { letter: string; length: number } | null {
  const found = /^( ?)(\p{Lu}\p{Ll}?|\p{L}{2})(?![\p{L}\d])/u.exec(after);
  if (!found) return null;
  const [, space, written] = found;
  for (const code of codes) {
    const home = homeLetters(code);
    if (!home || (space !== '' && !home.spaced)) continue;
    const letter = home.powers.has(written) ? written : [...home.powers.keys()].find((key) => key.length === 2 && key.toLowerCase() === written.toLowerCase());
    if (letter !== undefined) return { letter, length: found[0].length };
  }
  return null;
}

/** What English's short compact forms scale by (CLDR en): the reading a letter has on pages of any language. */
const ENGLISH_LETTERS: Readonly<Record<string, number>> = { k: 3, K: 3, m: 6, M: 6, B: 9, T: 12 };

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
