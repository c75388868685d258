// What a page's locale (BCP 47, e.g. "de-CH") says about its prices: which currency a shared symbol means.
import currencyCodes from 'currency-codes';

/** Locales come from pages: a bound keeps a crawl of odd `lang` values from growing the caches. */
const CACHE_MAX = 1000;
const symbolCache = new Map<string, string | null>();

function regionOf(locale: string): string | null {
  try {
    const parsed = new Intl.Locale(locale);
    return parsed.region ?? parsed.maximize().region ?? null;
  } catch {
    return null; // not a BCP 47 tag: it says nothing
  }
}

/** How CLDR writes `code` in `locale` (symbol and narrow symbol), for comparing with the text's symbol. */
function cldrSymbols(locale: string, code: string): string[] {
  const symbols: string[] = [];
  for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
    try {
      const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay }).formatToParts(1);
      const symbol = parts.find((part) => part.type === 'currency')?.value;
      if (symbol) symbols.push(fold(symbol));
    } catch {
      return symbols;
    }
  }
  return symbols;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Whether ISO 4217 lists the region among the currency's users (Senegal → XOF, Liechtenstein → CHF). */
function usedIn(code: string, region: string): boolean {
  const name = regionNames.of(region)?.toLowerCase();
  const countries = currencyCodes.code(code)?.countries ?? [];
  return name !== undefined && countries.some((country) => country.toLowerCase().startsWith(name));
}

const fold = (symbol: string): string => symbol.replace(/￥/g, '¥').replace(/\.$/, '').toLowerCase();

/**
 * The candidate the locale means: ISO 4217 codes begin with the ISO 3166 region code (CA → CAD,
 * SE → SEK), so the page's region picks its own currency; else the one ISO 4217 lists for the region
 * (SN → XOF, LI → CHF); else the one candidate CLDR writes with this very symbol in that locale
 * (de "$" → USD). Null when it does not tell.
 */
export function localeCurrencyAmong(locale: string, symbol: string, candidates: readonly string[]): string | null {
  const key = `${locale}\u0000${symbol}\u0000${candidates.join(',')}`;
  const cached = symbolCache.get(key);
  if (cached !== undefined) return cached;
  const region = regionOf(locale);
  let chosen = region ? (candidates.find((code) => code.startsWith(region)) ?? null) : null;
  if (!chosen && region) {
    const listed = candidates.filter((code) => usedIn(code, region));
    chosen = listed.length === 1 ? listed[0] : null;
  }
  if (!chosen) {
    const wanted = fold(symbol);
    const matching = candidates.filter((code) => cldrSymbols(locale, code).includes(wanted));
    chosen = matching.length === 1 ? matching[0] : null;
  }
  if (symbolCache.size > CACHE_MAX) symbolCache.clear();
  symbolCache.set(key, chosen);
  return chosen;
}
