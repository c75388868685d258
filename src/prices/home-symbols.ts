// The sign each currency's home country prints (CLDR through Intl): "֏" AMD, "₮" MNT, "TSh" TZS, "B/." PAB.
//
// Why: a sign the symbol table lacked was no currency at all, so the spider's default took its place
// ("100 ֏" on a USD shop read 100 USD). ISO 4217 codes start with their country's ISO 3166 code, and
// CLDR's symbol in that country's language is what its shops print. ~40 ms, once, at start-up.
import currencyCodes from 'currency-codes';
import { isNoMoneyCode } from './iso-currencies';


/**
 * A sign of one or two Latin letters ("K", "L", "Le", "FC", "Ar") is also a size, an initial or a
 * word ("Le 12 mai"): as a currency token it would take numbers that are no price. Such signs are left
 * to a hint or the default (one naming another currency is refused beside them: letter-sign-beside.ts); longer letter signs
 * ("FBu", "TSh") and any with another character are kept.
 */
const distinctive = (sign: string): boolean => /[^A-Za-z]/.test(sign) ? /[^\s\u200B]/.test(sign) && !/^\s|\s$/.test(sign) : sign.length >= 3;

function homeLocale(code: string): string | null {
  try {
    const region = code.slice(0, 2);
    return `${new Intl.Locale(`und-${region}`).maximize().language}-${region}`;
  } catch {
    return null; // "XA…": no region
  }
}

/** Every home sign → the codes printed with it (symbol and narrow), for signs `known` does not list already. */
function homeSigns(known: Readonly<Record<string, unknown>>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const code of currencyCodes.codes()) {
    if (isNoMoneyCode(code)) continue;
    const locale = homeLocale(code);
    if (!locale) continue;
    for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
      const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay }).formatToParts(1);
      const sign = parts.find((part) => part.type === 'currency')?.value.replace(/\p{Zs}/gu, ' ');
      if (!sign || sign === code || Object.hasOwn(known, sign)) continue;
      const codes = (out[sign] ??= []);
      if (!codes.includes(code)) codes.push(code);
    }
  }
  return out;
}

/**
 * The home signs `known` does not list already, split: the distinctive ones, currency tokens ("₮", "TSh"), and those of one or two
 * Latin letters ("Q" GTQ, "L" HNL, "K" MMK/ZMW, "Le" SLE), no token, but beside an amount perhaps its currency, so no other may be
 * put in its place (letter-sign-beside.ts).
 */
export function homeCurrencySymbols(known: Readonly<Record<string, unknown>>): { symbols: Record<string, string[]>; letters: Record<string, string[]> } {
  const all = Object.entries(homeSigns(known));
  return {
    symbols: Object.fromEntries(all.filter(([sign]) => distinctive(sign))),
    letters: Object.fromEntries(all.filter(([sign]) => /^[A-Za-z]{1,2}$/.test(sign))),
  };
}
