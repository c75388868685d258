// The page's own locale (<html lang>, og:locale, Content-Language) → decimal separator and the region's currency.
import type { CheerioAPI } from 'cheerio';
import { currencyOfRegion, siteRegionOf } from './site-country';

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

/** The one everyday currency of the tag's explicit region; null when the tag names none. */
function regionCurrencyOf(tag: string): string | null {
  const region = new Intl.Locale(tag).region;
  return region ? currencyOfRegion(region) : null;
}

/**
 * The country of the page's domain when it prices in another currency than the country of the page's language:
 * WordPress writes lang="en-US" on Australian and Canadian shops alike, a Swedish-language theme runs on a .no
 * shop, a Japanese one on a .cn shop. Then the language's region and its one-country signs say nothing of the
 * market: "$49.95" on shop.com.au read USD, "299 kr" on a lang="sv" .no shop SEK. The domain never picks a
 * currency itself (a .com.au shop may price in USD): the sign stays open for the page's structured data, the
 * spider's default or the text to settle. Null when they agree, or the domain names no country.
 */
export function otherMarket(tag: string, url: string | undefined): string | null {
  const site = url ? siteRegionOf(url) : null;
  const siteCurrency = site ? currencyOfRegion(site) : null;
  if (!siteCurrency) return null;
  const region = new Intl.Locale(tag).maximize().region;
  const tagCurrency = region ? currencyOfRegion(region) : null;
  return tagCurrency !== null && tagCurrency !== siteCurrency ? site : null;
}

/**
 * `<html lang>` first (what the page says of itself), then og:locale, then the Content-Language header; `url`, the page's,
 * whose country domain (shop.com.au) may contradict it (see otherMarket): then the tag is kept, its region's currency
 * and signs are not, and its decimal separator only where the language writes the same one in the domain's country
 * ("en" on .co.uk keeps ".", "es" on .mx loses ",").
 */
export function readPageLocale($: CheerioAPI, contentLanguage?: string, url?: string): PageLocale {
  const tag = canonicalTag($('html').attr('lang')) ?? canonicalTag($('meta[property="og:locale" i]').attr('content')) ?? canonicalTag(contentLanguage);
  if (!tag) return { tag: null, decimalSeparator: null, regionCurrency: null, symbolLocale: null };
  const decimalSeparator = decimalSeparatorOf(tag);
  const site = otherMarket(tag, url);
  if (site !== null) {
    const there = decimalSeparatorOf(`${new Intl.Locale(tag).language}-${site}`);
    return { tag, decimalSeparator: there === decimalSeparator ? decimalSeparator : null, regionCurrency: null, symbolLocale: null };
  }
  return { tag, decimalSeparator, regionCurrency: regionCurrencyOf(tag), symbolLocale: symbolLocaleOf(tag) };
}
