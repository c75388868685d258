// The countries that spend a currency, as ISO 3166 region codes: ISO 4217 lists them by English name, which CLDR spells its own way.
import currencyCodes from 'currency-codes';
import { homeRegion } from './home-separators';

/**
 * Words that tell no country from another; "St." and "U.S." are CLDR's short forms of ISO's "Saint" and "United States".
 * Marks are dropped ("Türki̇ye", "São Tomé"), and "&" is "and".
 */
const FILLER = new Set(['the', 'and', 'of']);
function wordsOf(name: string): string[] {
  const plain = name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\bu\.s\./g, 'united states ').replace(/\bst\./g, 'saint ');
  return plain.split(/[^\p{L}]+/u).filter((word) => word !== '' && !FILLER.has(word));
}

interface RegionName {
  region: string;
  words: readonly string[];
}

/** Every region Intl names, by its long and short English names ("Myanmar (Burma)" and "Myanmar", "Hong Kong SAR China" and "Hong Kong"). */
function regionNames(): RegionName[] {
  const out: RegionName[] = [];
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const seen = new Set<string>();
  for (const style of ['long', 'short'] as const) {
    const names = new Intl.DisplayNames(['en'], { type: 'region', style });
    for (const a of letters) {
      for (const b of letters) {
        const name = names.of(a + b);
        // A retired code is named as the one that replaced it ("DD" Germany, "FX" France): filed under that one.
        const region = name && name !== a + b ? new Intl.Locale(`und-${a}${b}`).region : undefined;
        if (region && !seen.has(`${region} ${name}`)) {
          seen.add(`${region} ${name}`);
          out.push({ region, words: wordsOf(name!) });
        }
      }
    }
  }
  return out;
}

/**
 * The region an ISO 4217 country name is: the one whose CLDR name's words all stand in it, the most words winning
 * ("United Kingdom of Great Britain and Northern Ireland (The)" is GB, not IE; "Virgin Islands (British)" VG, not
 * US; "Guinea-Bissau" GW, not GN). Null when none fits or two fit as well ("Congo (The)": CLDR says
 * "Congo - Brazzaville", see regionContaining; "Korea (The Republic Of)": "South Korea").
 */
function regionNamed(country: string, names: readonly RegionName[]): string | null {
  const words = new Set(wordsOf(country));
  let best: string | null = null;
  let bestSize = 0;
  let tie = false;
  for (const { region, words: own } of names) {
    if (own.length === 0 || own.length < bestSize || !own.every((word) => words.has(word)) || region === best) continue;
    tie = own.length === bestSize;
    if (!tie) [best, bestSize] = [region, own.length];
  }
  return tie ? null : best;
}

/**
 * The region a name no CLDR name fits is, when its words all stand in the names of one region only that no other ISO name or
 * national code took: "Congo (The)" is in "Congo - Brazzaville" and "Congo - Kinshasa", and Kinshasa is the Democratic Republic's
 * (CDF's own), so Brazzaville (CG). A name sharing no word with CLDR's ("Holy See", "Bonaire, Sint Eustatius and Saba") is in ISO_ONLY_NAMES.
 */
function regionContaining(country: string, names: readonly RegionName[], taken: ReadonlySet<string>): string | null {
  const words = wordsOf(country);
  if (words.length === 0) return null;
  const fits = new Set(names.filter(({ region, words: own }) => !taken.has(region) && words.every((word) => own.includes(word))).map(({ region }) => region));
  return fits.size === 1 ? [...fits][0] : null;
}

/**
 * ISO 3166 names that share no word with CLDR's English one ("Vatican City", "Caribbean Netherlands"), by their words: the euro
 * and the dollar lacked those regions, so "$12.99" on an nl-BQ page named no currency.
 */
const ISO_ONLY_NAMES: Readonly<Record<string, string>> = { 'holy see': 'VA', 'bonaire sint eustatius saba': 'BQ' };

let byCode: Map<string, readonly string[]> | null = null;

/**
 * The regions ISO 4217 lists for a currency (USD: US, EC, SV, VG, TC …), plus a national code's own
 * (KRW → KR, RUB → RU: ISO's names for those, "Korea (The Republic Of)", fit no CLDR name). Built once.
 */
export function regionsOf(code: string): readonly string[] {
  if (!byCode) {
    const names = regionNames();
    const known = new Set(names.map(({ region }) => region));
    const regions = new Map<string, Set<string>>();
    const unmatched: Array<[currency: string, country: string]> = [];
    for (const currency of currencyCodes.codes()) {
      const own = new Set<string>();
      const home = homeRegion(currency);
      if (home && known.has(home)) own.add(home);
      for (const country of currencyCodes.code(currency)?.countries ?? []) {
        const region = regionNamed(country, names);
        if (region) own.add(region);
        else unmatched.push([currency, country]);
      }
      regions.set(currency, own);
    }
    // A region any name or national code already took is no other name's.
    const taken = new Set([...regions.values()].flatMap((own) => [...own]));
    for (const [currency, country] of unmatched) {
      const region = regionContaining(country, names, taken) ?? ISO_ONLY_NAMES[wordsOf(country).join(' ')];
      if (region) regions.get(currency)!.add(region);
    }
    byCode = new Map([...regions].map(([currency, own]) => [currency, [...own]]));
  }
  return byCode.get(code) ?? [];
}
