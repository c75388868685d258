// "199:50 kr", "kr 29:90", "SEK 1 299:50": Swedish shops write öre after a colon, as they write whole kronor with ":-".
import { normalizeNumber } from './normalize-number';
import type { NumberToken } from './price-tokens';

/**
 * Whole kronor (maybe grouped with spaces or points), a colon and two digits of öre, nothing numeric either side. The counts are
 * bounded (six groups, 15 digits) so that every start costs the same and a long run of groups stays linear.
 */
const COLON_AMOUNT = /(?<![\d.,:'])(\d{1,3}(?:[ .]\d{3}){1,5}|\d{1,15}):(\d{2})(?![\d:.,'])/g;
/** The krona's sign or code right after the öre ("29:90 kr", "29:90kr"). */
const KRONA_AFTER = /^ ?(?:kr\.?|sek)(?!\p{L})/iu;
/** The krona's sign or code right before the kronor ("kr 29:90", "SEK 199:50"). */
const KRONA_BEFORE = /(?<!\p{L})(?:kr\.?|sek) ?$/iu;
/** A number right before that sign: in "1 999 kr 14:30" the sign may be 1 999's, and 14:30 a time (14.30 SEK was read). */
const NUMBER_BEFORE_SIGN = /[\d.,:\-–] ?(?:kr\.?|sek) ?$/iu;
/** Hours and minutes: "14:30" may be a time, "199:50" and "29:90" may not. */
const CLOCK = /^(?:[01]?\d|2[0-4]):[0-5]\d$/;
/** How far either side the sign is looked for. */
const SIGN_WINDOW = 8;

/**
 * Amounts with a colon before their öre, read before times are masked: without a krona sign against the digits, "14:30" stays a
 * time (and "29:90" alone is refused as one); with it, the colon is the decimal separator (CLDR gives Swedish the comma, but
 * price tags and shops write "29:90", and 50 was read from "199:50 kr", 199 from "kr 199:50").
 */
export function colonDecimals(text: string, firstGroupApart: (start: number, digits: string) => boolean): NumberToken[] {
  const out: NumberToken[] = [];
  for (const match of text.matchAll(COLON_AMOUNT)) {
    const end = match.index + match[0].length;
    // "Pack of 6 199:50 kr", "Sizes 38, 40, 42 199:50 kr": after a label the first space group is the labelled number.
    const apart = firstGroupApart(match.index, match[0]) ? match[1].indexOf(' ') + 1 : 0;
    const start = match.index + apart;
    const before = text.slice(Math.max(0, start - SIGN_WINDOW), start);
    const signBefore = apart === 0 && KRONA_BEFORE.test(before) && !(CLOCK.test(match[0]) && NUMBER_BEFORE_SIGN.test(before));
    const signed = KRONA_AFTER.test(text.slice(end, end + SIGN_WINDOW)) || signBefore;
    const kronor = signed ? normalizeNumber(match[1].slice(apart), { decimalSeparator: ',' }) : null;
    if (kronor !== null) out.push({ start, end, raw: text.slice(start, end), normalized: `${kronor}.${match[2]}` });
  }
  return out;
}
