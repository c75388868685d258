// What a page's locale (BCP 47, e.g. "de-CH") says about its prices: which currency a shared symbol means.
import { regionsOf } from './currency-regions';

/** Locales come from pages: a bound keeps a crawl of odd `lang` values from growing the caches. */
const CACHE_MAX = 1000;
const symbolCache = new Map<string, LocaleCurrency | null>();

/** The currency a locale picks among a symbol's candidates, and whether the tag itself names the region that picked it. */
export interface LocaleCurrency {
  code: string;
  /**
   * "en-CA" names Canada: the page says where it sells. "en" names no region; Intl's likeliest one (US) and
   * the language's CLDR symbols are a guess, which a spider's declared shop currency outranks.
   */
  declared: boolean;
  /**
   * Only a narrow symbol matched: CLDR's root data gives every locale the narrow "C$" of the córdoba (NIO), so on any page
   * "C$" was NIO by this guess alone; a symbol one reading dominates outranks it (currencies.ts).
   */
  narrowOnly?: true;
}

function regionOf(locale: string): { region: string; declared: boolean } | null {
  try {
    const parsed = new Intl.Locale(locale);
    if (parsed.region) return { region: parsed.region, declared: true };
    const likely = parsed.maximize().region;
    return likely ? { region: likely, declared: false } : null;
  } catch {
    return null; // not a BCP 47 tag: it says nothing
  }
}

/** How CLDR writes `code` in `locale` (symbol, or narrow symbol), for comparing with the text's symbol. */
function cldrSymbols(locale: string, code: string, displays: readonly ('symbol' | 'narrowSymbol')[]): string[] {
  const symbols: string[] = [];
  for (const currencyDisplay of displays) {
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

/** Whether ISO 4217 lists the region among the currency's users (Senegal → XOF, Liechtenstein → CHF, Turks and Caicos → USD). */
const usedIn = (code: string, region: string): boolean => regionsOf(code).includes(region);

const BOTH_DISPLAYS = ['symbol', 'narrowSymbol'] as const;
const fold = (symbol: string): string => symbol.replace(/￥/g, '¥').replace(/\.$/, '').toLowerCase();

/**
 * The candidate the locale means: ISO 4217 codes begin with the ISO 3166 region code (CA → CAD,
 * SE → SEK), so the page's region picks its own currency; else the one ISO 4217 lists for the region
 * (SN → XOF, LI → CHF); else the one candidate CLDR writes with this very symbol in that locale
 * (de "$" → USD). Null when it does not tell.
 */
export function localeCurrencyAmong(locale: string, symbol: string, candidates: readonly string[]): LocaleCurrency | null {
  const key = `${locale}\u0000${symbol}\u0000${candidates.join(',')}`;
  const cached = symbolCache.get(key);
  if (cached !== undefined) return cached;
  const found = regionOf(locale);
  const region = found?.region;
  let code = region ? (candidates.find((candidate) => candidate.startsWith(region)) ?? null) : null;
  if (!code && region) {
    const listed = candidates.filter((candidate) => usedIn(candidate, region));
    code = listed.length === 1 ? listed[0] : null;
  }
  let declared = code !== null && found!.declared;
  let narrowOnly = false;
  if (!code) {
    const wanted = fold(symbol);
    const matching = candidates.filter((candidate) => cldrSymbols(locale, candidate, BOTH_DISPLAYS).includes(wanted));
    code = matching.length === 1 ? matching[0] : null;
    declared = false; // how the language writes a currency says nothing of where the shop sells
    narrowOnly = code !== null && !cldrSymbols(locale, code, ['symbol']).includes(wanted);
  }
  const chosen: LocaleCurrency | null = code === null ? null : narrowOnly ? { code, declared, narrowOnly } : { code, declared };
  if (symbolCache.size > CACHE_MAX) symbolCache.clear();
  symbolCache.set(key, chosen);
  return chosen;
}
