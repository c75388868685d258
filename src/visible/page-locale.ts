// The page's own locale (<html lang>, og:locale, Content-Language) → decimal separator and the region's currency.
import type { CheerioAPI } from 'cheerio';
import currencyCodes from 'currency-codes';

export interface PageLocale {
  /** BCP 47 tag as the page declares it ("de-DE"), or null. */
  tag: string | null;
  /** The locale's decimal separator; decides "1.234" vs "1,234". Null without a locale. */
  decimalSeparator: '.' | ',' | null;
  /**
   * ISO code of the region's currency, only when the tag names a region ("de-CH" → CHF; "de" names
   * none, so no currency is inferred from a language alone).
   */
  regionCurrency: string | null;
  /**
   * The locale whose way of writing currencies resolves a sign several currencies share ("kr", "¥"): the
   * tag when it names a region; for a language spoken as its own in one country only, the language, which
   * the parser places in that country unless the spider's default says otherwise ("sv": "kr" is SEK, "ja":
   * "¥" is JPY); else null. Not for a language of
   * many countries: "en" says nothing about which dollar "$" is.
   */
  symbolLocale: string | null;
}

/**
 * Languages whose shops writing "kr" or "¥" are all of one country. Only these two signs need it (the
 * other signs of these languages are their own), and only for a sign, never for a bare number: a
 * Swedish-language shop in Finland prices in euros, and writes "€".
 */
const ONE_COUNTRY_LANGUAGES: ReadonlySet<string> = new Set(['sv', 'da', 'nb', 'nn', 'no', 'is', 'ja']);

function symbolLocaleOf(tag: string): string | null {
  const locale = new Intl.Locale(tag);
  if (locale.region) return tag;
  // The bare language, not language-region: a country the page only suggests gives way to the spider's
  // default currency (price-locale.ts), as a region the tag names would not.
  return ONE_COUNTRY_LANGUAGES.has(locale.language) ? locale.language : null;
}

/** Funds and settlement units that share a country with its everyday currency. */
const NOT_EVERYDAY = new Set(['USN', 'USS', 'BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'UYI', 'UYW', 'XSU', 'XUA', 'XDR']);

function canonicalTag(raw: string | undefined): string | null {
  const text = raw?.split(',')[0].trim().replace(/_/g, '-');
  if (!text) return null;
  try {
    return new Intl.Locale(text).toString();
  } catch {
    return null;
  }
}

function decimalSeparatorOf(tag: string): '.' | ',' | null {
  // An unknown language would get the root locale's "." from Intl: no evidence, so no separator.
  if (Intl.NumberFormat.supportedLocalesOf(tag).length === 0) return null;
  try {
    const part = new Intl.NumberFormat(tag).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
    return part === '.' || part === ',' ? part : null;
  } catch {
    return null;
  }
}

const normalName = (name: string) => name.toLowerCase().replace(/\s*\(the\)\s*/g, ' ').replace(/[^\p{L}\s]/gu, '').trim();

/** The one everyday currency of the tag's explicit region, from ISO 4217's country lists; null when not exactly one. */
function regionCurrencyOf(tag: string): string | null {
  const region = new Intl.Locale(tag).region;
  if (!region) return null;
  const country = new Intl.DisplayNames(['en'], { type: 'region' }).of(region);
  if (!country) return null;
  const wanted = normalName(country);
  const codes = currencyCodes.data
    .filter((entry) => !NOT_EVERYDAY.has(entry.code) && entry.countries.some((name) => normalName(name) === wanted || normalName(name).startsWith(`${wanted} `)))
    .map((entry) => entry.code);
  return codes.length === 1 ? codes[0] : null;
}

/** `<html lang>` first (what the page says of itself), then og:locale, then the Content-Language header. */
export function readPageLocale($: CheerioAPI, contentLanguage?: string): PageLocale {
  const tag = canonicalTag($('html').attr('lang')) ?? canonicalTag($('meta[property="og:locale" i]').attr('content')) ?? canonicalTag(contentLanguage);
  if (!tag) return { tag: null, decimalSeparator: null, regionCurrency: null, symbolLocale: null };
  return { tag, decimalSeparator: decimalSeparatorOf(tag), regionCurrency: regionCurrencyOf(tag), symbolLocale: symbolLocaleOf(tag) };
}
