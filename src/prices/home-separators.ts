// How a currency's home country writes "." and "," in amounts (CLDR through Intl), for readings one separator leaves open.

const separatorsByRegion = new Map<string, { group: string; decimal: string } | null>();

/**
 * The separators of a region's main language with Latin digits ("CL" → es-CL: group ".", decimal ","),
 * or null when the code is no region Intl knows.
 */
export function homeSeparators(region: string): { group: string; decimal: string } | null {
  if (!separatorsByRegion.has(region)) separatorsByRegion.set(region, separatorsOf(region));
  return separatorsByRegion.get(region) ?? null;
}

function separatorsOf(region: string): { group: string; decimal: string } | null {
  try {
    const { language } = new Intl.Locale(`und-${region}`).maximize();
    return formatSeparators(`${language}-${region}`);
  } catch {
    return null; // not a region code
  }
}

function formatSeparators(locale: string): { group: string; decimal: string } | null {
  try {
    const format = new Intl.NumberFormat(locale, { numberingSystem: 'latn' });
    // A language ICU has no data for falls back to the runtime's own ("xx" → en-US): no reading of that page.
    if (new Intl.Locale(format.resolvedOptions().locale).language !== new Intl.Locale(locale).language) return null;
    const parts = format.formatToParts(12345.5);
    const group = parts.find((part) => part.type === 'group')?.value;
    const decimal = parts.find((part) => part.type === 'decimal')?.value;
    return group && decimal ? { group, decimal } : null;
  } catch {
    return null; // no locale Intl reads
  }
}

const LOCALES_KEPT = 1000;
const separatorsByLocale = new Map<string, { group: string; decimal: string } | null>();

/** The separators a page's BCP 47 locale writes amounts with ("de-DE": "." and ","; "en": "," and "."), or null for none Intl reads. */
export function localeSeparators(locale: string | null | undefined): { group: string; decimal: string } | null {
  if (!locale) return null;
  if (!separatorsByLocale.has(locale)) {
    // Locales come from pages: a bound keeps a crawl of odd `lang` values from growing the cache.
    if (separatorsByLocale.size >= LOCALES_KEPT) separatorsByLocale.clear();
    separatorsByLocale.set(locale, formatSeparators(locale));
  }
  return separatorsByLocale.get(locale) ?? null;
}

/**
 * The country a national ISO 4217 code belongs to: its first two letters (USD → US, CLP → CL). The euro, the
 * X-codes (XOF, XAF, XCD …) and the metals are shared by many countries that write amounts differently: none.
 */
export const homeRegion = (code: string): string | null => (code === 'EUR' || code.startsWith('X') ? null : code.slice(0, 2));
