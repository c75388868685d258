// "12.500": one separator before exactly three digits is a decimal or a thousands group, and only the currency's printed minor digits tell which.
import type { CurrencyChoice } from './currencies';
import { printedMinorDigits } from './iso-currencies';
import { normalizeNumber } from './normalize-number';
import { PRICE_REFUSAL, refuse, type PriceRefusal } from './price-refusal';
import type { NumberToken } from './price-tokens';
import { homeRegion, homeSeparators, localeSeparators } from './home-separators';
import { isUnitPrice, unitPriceReading } from './unit-price';

/**
 * The plain amount of a number once its currency is known. "12.500" is 12.5 in a currency shops print
 * with three decimals (KWD, BHD, OMR, JOD, TND, LYD) and 12500 in any other (EUR, and IQD, which ISO
 * gives three digits but CLDR and Iraqi shops none). A shared sign whose candidates disagree ("ريال":
 * SAR or OMR) leaves the amount 1000× apart, so it is refused. A shop's decimal separator decides
 * before the currency, unless its decimal reading is one the currency is never printed with ("¥1.299"
 * on a "." page: refused); with no currency at all the thousands reading stands (see architecture.md).
 * A price per gallon or litre with one unit before the three digits ("$3.499/gal", "1,799 €/l") is fuel's
 * tenth of a cent, unless the shop's separator says otherwise.
 */
export function amountAtScale(token: NumberToken, choice: CurrencyChoice, scale: AmountScaleContext = {}): string | PriceRefusal {
  const { decimalSeparator, after = '', locale } = scale;
  const read = token.normalized ?? '0';
  if (token.embedded || token.spacedDecimal || token.magnitude) return read;
  const codes = choice.currency ? [choice.currency] : (choice.candidates ?? []);
  // "٣٬٥٠٠ د.ك": by its name the Arabic thousands separator groups (3500), yet shops of a three-decimal currency type it for
  // the decimal point as well (3.500); 1000× apart, refused as "KWD 3,500" is.
  if (scale.shown?.includes('\u066C') && /^\d{1,3}'\d{3}$/.test(token.raw) && codes.some((code) => printedMinorDigits(code) === 3)) {
    return refuse(PRICE_REFUSAL.ambiguous, `${JSON.stringify(scale.shown)} groups by the Arabic separator's name, but ${codes.join('/')} shops also write it for the decimal point`);
  }
  const decimal = normalizeNumber(token.raw, { minorDigits: 3 });
  const grouped = normalizeNumber(token.raw);
  if (decimal === null || decimal === grouped) return read; // not the one-separator, three-digit shape
  if (!decimalSeparator && isUnitPrice(token, after)) return unitAmount(token, codes, locale, { decimal, grouped: grouped ?? read, fuel: isFuelPrice(token, after) });
  const threeDigit = codes.filter((code) => printedMinorDigits(code) === 3);
  if (decimalSeparator) {
    // "¥1.299" on a page whose locale writes "." for decimals: 1.299 is no amount of yen (nor of dollars,
    // euros …), and 1299 is not what the page's convention says; the two disagree, so nothing is read.
    if (read !== decimal || codes.length === 0 || threeDigit.length === codes.length || isUnitPrice(token, after)) return read;
    return refuse(PRICE_REFUSAL.ambiguous, `${JSON.stringify(token.raw)} reads ${decimal} with the page's or the text's decimal separator, but ${codes.join('/')} is never printed with three decimals`);
  }
  if (threeDigit.length === 0) return groupedOrOpen(token.raw, codes, scale, grouped ?? read);
  if (threeDigit.length === codes.length) {
    // "KWD 1,250": Kuwait groups with "," and writes its three decimals after "." (Tunisia the other way
    // round), so this is 1250 by the country's convention and 1.25 by the currency's scale: 1000× apart,
    // and shops write both; refused. "KWD 12.500" and "12,500 DT" use the home decimal: 12.5.
    if (threeDigit.some((code) => separatorRole(code, token.raw) === 'group')) {
      return refuse(PRICE_REFUSAL.ambiguous, `${JSON.stringify(token.raw)} is ${decimal} by ${threeDigit.join('/')}'s three decimals but ${grouped ?? read} by its country's digit grouping`);
    }
    return decimal;
  }
  const others = codes.filter((code) => !threeDigit.includes(code));
  return refuse(PRICE_REFUSAL.ambiguous, `${JSON.stringify(token.raw)} is ${decimal} in ${threeDigit.join('/')} but ${grouped ?? read} in ${others.join('/')}, and nothing says which currency`);
}

/**
 * "£1.299", "US$1.299", "1,299 €" on a French page: the one separator is the decimal mark where the amount is read,
 * yet the currency is printed with two decimals, not three, so the text is either 1.299 mistyped or 1299 grouped the
 * other way: 1000× apart, and nothing in the shape says which. What decides, in order: the text's own other amounts
 * ("$ 1.299 … $ 108,25" writes "," for decimals → 1299); the page's locale (de-DE groups with "." → 1299; en-US
 * writes "." for decimals → refused); the home country of every candidate currency (GBP, USD: refused; DKK, BRL, IDR
 * group with "." → 1299). A currency printed whole (JPY, KRW, CLP, VND) has no decimal reading worth a price, so it
 * groups. The euro, the X-codes and a bare number have no home; with nothing else, the thousands reading stands
 * ("1.299 €", as shops across the euro write it).
 */
function groupedOrOpen(raw: string, codes: readonly string[], scale: AmountScaleContext, grouped: string): string | PriceRefusal {
  const separator = raw.replace(/\d/g, '');
  if (codes.length > 0 && codes.every((code) => printedMinorDigits(code) === 0)) return grouped;
  if (scale.textDecimal) return separator === scale.textDecimal ? openBetween(raw, grouped, 'the text\'s other amounts write it for decimals') : grouped;
  const page = localeSeparators(scale.locale);
  if (page) return separator === page.decimal ? openBetween(raw, grouped, `the page's locale ${scale.locale} writes it for decimals`) : grouped;
  const decimalAtHome = codes.filter((code) => {
    const region = homeRegion(code);
    return region !== null && homeSeparators(region)?.decimal === separator;
  });
  if (decimalAtHome.length === 0) return grouped;
  return openBetween(raw, grouped, `${decimalAtHome.join('/')} is written with it for decimals`);
}

/** An amount whose decimal mark its shape shows: two digits after the last separator, any group mark before it another one ("108,25", "1.299,00"). */
const SHOWS_DECIMAL = /^\d{1,3}(?:([.,' ])\d{3})*([.,])\d{2}$|^\d+([.,])\d{2}$/;

/** The decimal mark the text's other amounts agree on, or undefined when none shows one or they disagree. */
export function decimalMarkOf(others: readonly NumberToken[]): '.' | ',' | undefined {
  const marks = new Set<string>();
  for (const { raw } of others) {
    const shape = SHOWS_DECIMAL.exec(raw);
    if (shape && shape[1] !== shape[2]) marks.add(shape[2] ?? shape[3]!);
  }
  const [mark] = marks;
  return marks.size === 1 && (mark === '.' || mark === ',') ? mark : undefined;
}

const openBetween = (raw: string, grouped: string, why: string): PriceRefusal =>
  refuse(PRICE_REFUSAL.ambiguous, `${JSON.stringify(raw)} is ${grouped} as a thousands group, but ${why} and the currency has no third decimal: 1000× apart`);

/** What decides "3.499" besides the currency: the shop's decimal separator, the words after the amount, the page's locale. */
export interface AmountScaleContext {
  decimalSeparator?: '.' | ',';
  /** The text after the amount and its currency ("/lb", " per gallon"). */
  after?: string;
  locale?: string | null;
  /** The decimal mark the text's other amounts show ("108,25": ","); see decimalMarkOf. */
  textDecimal?: '.' | ',';
  /** The amount as the page wrote it, before its digits and separators were mapped to ASCII ("٣٬٥٠٠"). */
  shown?: string;
}

/**
 * A unit price's one separator means what it means where its currency is spent; with no currency that has a
 * home, fuel's gallon or litre is still the tenth of a cent, and other units leave the amount 1000× open.
 */
function unitAmount(token: NumberToken, codes: readonly string[], locale: string | null | undefined, readings: { decimal: string; grouped: string; fuel: boolean }): string | PriceRefusal {
  const reading = unitPriceReading(token, codes, locale);
  if (reading === 'decimal') return readings.decimal;
  if (reading === 'group') return readings.grouped;
  if (reading) return reading;
  if (readings.fuel) return readings.decimal;
  return refuse(PRICE_REFUSAL.ambiguous, `${JSON.stringify(token.raw)} is priced per unit, which shops write past the cent, and no currency with a home says whether its separator is the decimal one`);
}

/**
 * "/gal", "per gallon", "/l", "pro Liter", "le litre" right after the amount (its currency between): fuel is sold by the
 * gallon or litre at three decimals (US "$3.499/gal", EU "1,799 €/l"); read as a thousands group, 3499 a gallon is no price
 * anyone pays, and a unit price of a costlier liquid is worked out to the cent ("1.299,00 €/l").
 */
const PER_VOLUME_AFTER = /^\s*(?:\/|per\b|pro\b|je\b|le\b|a\b|the\b)\s*(?:us\s+)?(?:gal(?:lon)?s?|l|ltr|lit(?:er|re|ro)s?)(?![\p{L}])/iu;

/** One unit, one separator, three digits, then per gallon or litre: a fuel price in tenths of a cent ("3.499" of "$3.499/gal"). */
export const isFuelPrice = (token: NumberToken, after: string): boolean => /^\d[.,]\d{3}$/.test(token.raw) && PER_VOLUME_AFTER.test(after);

/**
 * What the one separator of "1,250" / "12.500" is in the currency's home country, from CLDR through Intl
 * (Latin digits): a national ISO 4217 code starts with its country's ISO 3166 code (KWD → KW → ar-KW).
 * `decimal` when it is the decimal separator there or unknown (the reading three printed decimals give).
 */
function separatorRole(code: string, raw: string): 'decimal' | 'group' {
  const home = homeSeparators(code.slice(0, 2));
  const separator = /[^\d]/.exec(raw)?.[0];
  return home && separator === home.group && separator !== home.decimal ? 'group' : 'decimal';
}
