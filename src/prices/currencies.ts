// Currency symbols and ISO 4217 codes the price parser recognises, with how ambiguous ones resolve.

/**
 * Symbol → candidate ISO codes. The first candidate is the fallback when neither the hint nor the
 * default currency picks another candidate; `null` first means "unknown without a hint" (kr).
 */
export const CURRENCY_SYMBOLS: Readonly<Record<string, readonly (string | null)[]>> = {
  US$: ['USD'], 'U$S': ['USD'], C$: ['CAD'], CA$: ['CAD'], CAN$: ['CAD'], A$: ['AUD'], AU$: ['AUD'],
  NZ$: ['NZD'], HK$: ['HKD'], S$: ['SGD'], SG$: ['SGD'], NT$: ['TWD'], R$: ['BRL'], MX$: ['MXN'], Mex$: ['MXN'],
  $: ['USD', 'CAD', 'AUD', 'NZD', 'HKD', 'SGD', 'TWD', 'MXN', 'ARS', 'CLP', 'COP'],
  '€': ['EUR'], '£': ['GBP', 'EGP', 'GIP'], '¥': ['JPY', 'CNY'], '円': ['JPY'], '元': ['CNY'], '₹': ['INR'], 'Rs.': ['INR', 'PKR', 'LKR'],
  '₽': ['RUB'], 'руб': ['RUB'], '₩': ['KRW'], '₺': ['TRY'], '₪': ['ILS'], '₫': ['VND'], '₴': ['UAH'], '₦': ['NGN'],
  '฿': ['THB'], '₱': ['PHP'], 'zł': ['PLN'], 'Kč': ['CZK'], Ft: ['HUF'], lei: ['RON'], 'лв': ['BGN'],
  kr: [null, 'SEK', 'NOK', 'DKK', 'ISK'], 'kr.': [null, 'DKK', 'ISK', 'SEK', 'NOK'], 'Fr.': ['CHF'],
};

/** ISO codes recognised when written in upper case in the text (CHF 12, 12 EUR). */
export const ISO_CODES: ReadonlySet<string> = new Set([
  'USD', 'EUR', 'GBP', 'JPY', 'CNY', 'CHF', 'CAD', 'AUD', 'NZD', 'HKD', 'SGD', 'TWD', 'KRW', 'INR', 'PKR',
  'LKR', 'RUB', 'UAH', 'PLN', 'CZK', 'HUF', 'RON', 'BGN', 'SEK', 'NOK', 'DKK', 'ISK', 'TRY', 'ILS', 'AED',
  'SAR', 'QAR', 'KWD', 'BHD', 'OMR', 'EGP', 'ZAR', 'NGN', 'KES', 'MAD', 'BRL', 'MXN', 'ARS', 'CLP', 'COP',
  'PEN', 'THB', 'VND', 'PHP', 'IDR', 'MYR', 'GIP', 'RSD', 'MDL', 'GEL', 'KZT',
]);

/** A hint may be an ISO code ("cad") or a symbol ("C$", "€"); returns its candidate codes. */
export function candidatesOf(hint: string | undefined | null): readonly (string | null)[] {
  if (!hint) return [];
  const trimmed = hint.trim();
  if (ISO_CODES.has(trimmed.toUpperCase()) || /^[A-Za-z]{3}$/.test(trimmed)) return [trimmed.toUpperCase()];
  return CURRENCY_SYMBOLS[trimmed] ?? [];
}

/**
 * Picks an ISO code among a symbol's candidates: the hint if it is one of them, else the default
 * if it is one of them, else the symbol's fallback. `$` stays USD on a EUR shop: a default
 * outside the candidates says nothing about which dollar is meant.
 */
export function resolveCurrency(
  candidates: readonly (string | null)[],
  hint: string | undefined | null,
  defaultCurrency: string | undefined | null,
): string | null {
  for (const preferred of [...candidatesOf(hint), defaultCurrency?.toUpperCase()]) {
    if (preferred && candidates.includes(preferred)) return preferred;
  }
  return candidates[0] ?? null;
}

/** Currency of a price whose text names none: the hint (code or symbol), else the default, else null. */
export function currencyFromHint(hint: string | undefined | null, defaultCurrency: string | undefined | null): string | null {
  const fromHint = candidatesOf(hint);
  if (fromHint.length > 0) return resolveCurrency(fromHint, hint, defaultCurrency);
  return defaultCurrency ? defaultCurrency.toUpperCase() : null;
}
