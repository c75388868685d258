// The country a page's domain names (shop.com.au → AU) and a country's one everyday currency (ISO 4217's country lists).
import currencyCodes from 'currency-codes';
import { getPublicSuffix } from 'tldts';

/**
 * Country-code domains sold as generic names (Google's list of ccTLDs it treats as generic, and the common
 * others: .ai, .gg, .ly …): an AI shop on .ai is no Anguillan one, a .tv shop no Tuvaluan one. Only the bare
 * ccTLD: `com.co` is a Colombian registry, `co` a vanity name.
 */
const GENERIC_CCTLDS: ReadonlySet<string> = new Set([
  'ad', 'as', 'bz', 'cc', 'cd', 'co', 'dj', 'fm', 'io', 'la', 'me', 'ms', 'nu', 'sc', 'sr', 'su', 'tv', 'tk', 'ws',
  'ai', 'ac', 'am', 'gg', 'gl', 'ly', 'sh', 'to', 'vc', 'eu',
]);

/** ISO 3166 code of the country the URL's public suffix names ("com.au" → AU, "uk" → GB), or null (generic, IP, localhost). */
export function siteRegionOf(url: string): string | null {
  const suffix = getPublicSuffix(url);
  if (!suffix) return null;
  const labels = suffix.split('.');
  const last = labels.at(-1)!;
  if (!/^[a-z]{2}$/.test(last) || (labels.length === 1 && GENERIC_CCTLDS.has(last))) return null;
  return last === 'uk' ? 'GB' : last.toUpperCase();
}

/** Funds and settlement units that share a country with its everyday currency. */
const NOT_EVERYDAY = new Set(['USN', 'USS', 'BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'UYI', 'UYW', 'XSU', 'XUA', 'XDR']);

const normalName = (name: string) => name.toLowerCase().replace(/\s*\(the\)\s*/g, ' ').replace(/[^\p{L}\s]/gu, '').trim();
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Region → currency, filled as pages name regions (a few hundred at most: ISO 3166 bounds it). */
const byRegion = new Map<string, string | null>();

/** The one everyday currency of an ISO 3166 region, from ISO 4217's country lists; null when not exactly one (Panama: PAB and USD). */
export function currencyOfRegion(region: string): string | null {
  if (!byRegion.has(region)) byRegion.set(region, lookUpCurrency(region));
  return byRegion.get(region)!;
}

function lookUpCurrency(region: string): string | null {
  let country: string | undefined;
  try {
    country = regionNames.of(region);
  } catch {
    return null;
  }
  if (!country || country === region) return null;
  const wanted = normalName(country);
  const codes = currencyCodes.data
    .filter((entry) => !NOT_EVERYDAY.has(entry.code) && entry.countries.some((name) => normalName(name) === wanted || normalName(name).startsWith(`${wanted} `)))
    .map((entry) => entry.code);
  return codes.length === 1 ? codes[0] : null;
}
