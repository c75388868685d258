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
    const parts = new Intl.NumberFormat(`${language}-${region}`, { numberingSystem: 'latn' }).formatToParts(12345.5);
    const group = parts.find((part) => part.type === 'group')?.value;
    const decimal = parts.find((part) => part.type === 'decimal')?.value;
    return group && decimal ? { group, decimal } : null;
  } catch {
    return null; // not a region code
  }
}

/**
 * The country a national ISO 4217 code belongs to: its first two letters (USD → US, CLP → CL). The euro, the
 * X-codes (XOF, XAF, XCD …) and the metals are shared by many countries that write amounts differently: none.
 */
export const homeRegion = (code: string): string | null => (code === 'EUR' || code.startsWith('X') ? null : code.slice(0, 2));
