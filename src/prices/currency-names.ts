// Currency names written out in words ("белорусского рубля", "dollars canadiens", "جنيه لبناني"): the CLDR name
// around a generic currency word decides which currency it is.
//
// Why: the symbol table reads "рубля" as RUB, "dollars" as any dollar and "جنيه" as EGP. When the word is
// part of a longer CLDR name, the qualifier names another currency (BYN, CAD, LBP), and the generic
// reading gave a wrong currency silently (or let a USD default pick the dollar of "dollars canadiens").
import currencyCodes from 'currency-codes';
import { CURRENCY_SYMBOLS } from './currencies';
import { regionsOf } from './currency-regions';

interface QualifiedName {
  /** The whole name, lower case ("dollars canadiens"). */
  name: string;
  /** Where the generic word starts inside the name. */
  offset: number;
  codes: readonly string[];
}

/** Languages whose names are read for every currency; each currency's own countries add their main language. */
const SHOP_LANGUAGES = ['en', 'fr', 'de', 'es', 'pt', 'it', 'nl', 'ru', 'ar'];
/** Numbers whose plural forms cover every plural category CLDR has (one, two, few, many, other, fractions). */
const PLURAL_SAMPLES = [0, 1, 2, 3, 5, 11, 21, 100, 1.5];
/** Funds, metals and test codes are no shop currency; the CFA, CFP and East Caribbean ones are. */
const SHOP_X_CODES = new Set(['XAF', 'XOF', 'XPF', 'XCD']);
const WORD_SPLIT = /[ -]/;

/** The lower-case generic words of the symbol table that are whole words ("dollars", "рубля", "euro"). */
const GENERIC_WORDS = new Set(Object.keys(CURRENCY_SYMBOLS).filter((symbol) => /^\p{L}+$/u.test(symbol)).map((symbol) => symbol.toLowerCase()));

/** The languages a currency's names are read in: the shop languages and the main one of each country spending it (Belarus → ru, Myanmar → my). */
function languagesOf(code: string): Set<string> {
  const languages = new Set(SHOP_LANGUAGES);
  for (const region of regionsOf(code)) languages.add(new Intl.Locale(`und-${region}`).maximize().language);
  return languages;
}

/** One number per plural category of the language: the names differ by category only. */
function samplesOf(language: string): number[] {
  const rules = new Intl.PluralRules(language);
  const seen = new Set<string>();
  return PLURAL_SAMPLES.filter((n) => !seen.has(rules.select(n)) && Boolean(seen.add(rules.select(n))));
}

/** Every CLDR name of two words or more that holds a generic word, filed under that word. Built once, on the first word currency. */
function buildNames(): Map<string, QualifiedName[]> {
  const codesByName = new Map<string, Set<string>>();
  const perLanguage = new Map<string, { display: Intl.DisplayNames; samples: number[] }>();
  for (const code of currencyCodes.codes()) {
    if (code.startsWith('X') && !SHOP_X_CODES.has(code)) continue;
    for (const language of languagesOf(code)) {
      let tools = perLanguage.get(language);
      if (!tools) perLanguage.set(language, (tools = { display: new Intl.DisplayNames([language], { type: 'currency' }), samples: samplesOf(language) }));
      const format = new Intl.NumberFormat(language, { style: 'currency', currency: code, currencyDisplay: 'name', minimumFractionDigits: 0 });
      const forms = [tools.display.of(code), ...tools.samples.map((n) => format.formatToParts(n).find((part) => part.type === 'currency')?.value)];
      for (const form of forms) {
        const name = form?.toLowerCase().replace(/\p{Zs}/gu, ' ').trim();
        if (!name || !WORD_SPLIT.test(name)) continue;
        (codesByName.get(name) ?? codesByName.set(name, new Set()).get(name)!).add(code);
      }
    }
  }
  const byWord = new Map<string, QualifiedName[]>();
  for (const [name, codes] of codesByName) {
    let offset = 0;
    for (const word of name.split(WORD_SPLIT)) {
      if (GENERIC_WORDS.has(word)) (byWord.get(word) ?? byWord.set(word, []).get(word)!).push({ name, offset, codes: [...codes] });
      offset += word.length + 1;
    }
  }
  for (const list of byWord.values()) list.sort((a, b) => b.name.length - a.name.length);
  return byWord;
}

let names: Map<string, QualifiedName[]> | null = null;

const LETTER = /\p{L}/u;

/**
 * The longest CLDR name around the generic word at `start`–`end` of `text` (a price text, its spaces all
 * " "), matched without regard to case, at word boundaries: its span and codes, or null.
 */
export function qualifiedName(text: string, start: number, end: number): { start: number; end: number; codes: readonly string[] } | null {
  const word = text.slice(start, end).toLowerCase();
  if (!GENERIC_WORDS.has(word)) return null;
  names ??= buildNames();
  for (const { name, offset, codes } of names.get(word) ?? []) {
    const from = start - offset;
    const to = from + name.length;
    if (from < 0 || to > text.length || LETTER.test(text[from - 1] ?? '') || LETTER.test(text[to] ?? '')) continue;
    if (text.slice(from, to).toLowerCase() === name) return { start: from, end: to, codes };
  }
  return null;
}
