// "$3.499/lb", "$1.299 x kg": a price per unit of measure is worked out past the cent, so its one separator is read by the currency's home country.
import { wordPattern } from './word-pattern';
import { homeRegion, homeSeparators } from './home-separators';
import { printedMinorDigits } from './iso-currencies';
import { PRICE_REFUSAL, refuse, type PriceRefusal } from './price-refusal';
import type { NumberToken } from './price-tokens';

/** Units goods are priced by: weight, volume, length, area, energy. */
const MEASURE = String.raw`(?:lbs?|pounds?|kgs?|kilo(?:gram(?:me)?)?s?|g|gr|grams?|grammes?|oz|fl\.?\s?oz|ounces?|ml|cl|dl|l|ltr|lit(?:er|re|ro)s?|gal(?:lon)?s?|m|m²|m2|m³|m3|qm|sq\.?\s?(?:ft|m|yd)|ft²?|feet|foot|yd|kwh)`;

/**
 * A unit right after the amount (and its currency): "/lb", "per 100 g", "/ 100g", "pro kg", "le kilo", "x kg"
 * (Chile), "a pound"; a number before the unit is the quantity priced. A bare letter after an amount may be a
 * magnitude ("$1.299 m"), so a measure needs its "per"; the single piece ("each", "ea.", Spanish "c/u") does not.
 */
const PER_UNIT_AFTER = wordPattern(new RegExp(
  String.raw`^\s*(?:(?:\/|per\b|pro\b|je\b|le\b|la\b|the\b|a\b|an\b|por\b|par\b|x\b)\s*(?:\d+\s*)?(?:us\s+)?(?:${MEASURE}|each|ea|piece|pc|unit)|each|ea\b|c\/u)(?![\p{L}\d])`,
  'iu',
));

/** A price per unit of measure or per piece, whatever its digits: "/lb", "per 100 g", "/L", "each" right after the amount. */
export const perUnitAfter = (after: string): boolean => PER_UNIT_AFTER.test(after);

/** A price per unit of measure whose one separator stands before three digits ("3.499/lb", "1,299 €/kg"). */
export const isUnitPrice = (token: NumberToken, after: string): boolean => /^\d{1,3}[.,]\d{3}$/.test(token.raw) && PER_UNIT_AFTER.test(after);

/**
 * Which reading a unit price's "3.499" takes: US grocers print "$3.499/lb" (a tenth of a cent), Chilean ones
 * "$1.299 x kg" (1299 pesos), so the separator means what it means where the currency is spent: decimal
 * there (and the currency printed with cents) or a thousands group. The euro and other shared currencies have
 * no one home; the page's region decides for them ("de-AT"), else nothing does. Candidates that disagree
 * ("$" unresolved: dollars and pesos) leave the amount 1000× open: refused. Null: nothing to decide by
 * (no currency, or only ones without a home).
 */
export function unitPriceReading(token: NumberToken, codes: readonly string[], locale: string | null | undefined): 'decimal' | 'group' | PriceRefusal | null {
  const separator = token.raw.replace(/\d/g, '');
  const roles = codes.map((code) => roleIn(code, separator, locale));
  if (roles.every((role) => role === 'unknown')) return null;
  const [first] = roles;
  if (first !== 'unknown' && roles.every((role) => role === first)) return first;
  return refuse(PRICE_REFUSAL.ambiguous, `${JSON.stringify(token.raw)} is priced per unit, which shops write past the cent, and ${codes.join('/')} does not say whether ${JSON.stringify(separator)} is its decimal separator`);
}

function roleIn(code: string, separator: string, locale: string | null | undefined): 'decimal' | 'group' | 'unknown' {
  const region = homeRegion(code) ?? regionOf(locale);
  const home = region ? homeSeparators(region) : null;
  if (!home) return 'unknown';
  if (separator === home.group) return 'group';
  // "¥1.299/kg": a decimal the currency is never printed with is no reading of it.
  return separator === home.decimal && (printedMinorDigits(code) ?? 0) >= 2 ? 'decimal' : 'unknown';
}

function regionOf(locale: string | null | undefined): string | null {
  if (!locale) return null;
  try {
    return new Intl.Locale(locale).region ?? null;
  } catch {
    return null;
  }
}
