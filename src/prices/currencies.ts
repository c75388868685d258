// Currency symbols the price parser recognises (ISO codes come from iso-currencies), and how ambiguous ones resolve.
import { ISO_CODES } from './iso-currencies';

export { ISO_CODES } from './iso-currencies';

const DOLLARS = ['USD', 'CAD', 'AUD', 'NZD', 'HKD', 'SGD', 'TWD', 'MXN', 'ARS', 'CLP', 'COP', 'UYU'];

/**
 * Symbol (or local abbreviation) → candidate ISO codes. The first candidate is the fallback when
 * neither the hint nor the default currency picks another; `null` first means "unknown without a
 * hint" (kr). Symbols are local usage, which no ISO data package carries.
 */
export const CURRENCY_SYMBOLS: Readonly<Record<string, readonly (string | null)[]>> = {
  US$: ['USD'], 'U$S': ['USD'], C$: ['CAD'], CA$: ['CAD'], CAN$: ['CAD'], A$: ['AUD'], AU$: ['AUD'],
  NZ$: ['NZD'], HK$: ['HKD'], S$: ['SGD'], SG$: ['SGD'], NT$: ['TWD'], R$: ['BRL'], MX$: ['MXN'], Mex$: ['MXN'],
  RD$: ['DOP'], J$: ['JMD'], TT$: ['TTD'], $: DOLLARS,
  '€': ['EUR'], Euro: ['EUR'], euro: ['EUR'], Euros: ['EUR'], euros: ['EUR'],
  '£': ['GBP', 'EGP', 'GIP'], '¥': ['JPY', 'CNY'], '￥': ['CNY', 'JPY'], '円': ['JPY'], '元': ['CNY'], RMB: ['CNY'],
  '₹': ['INR'], 'Rs.': ['INR', 'PKR', 'LKR', 'NPR'], Rs: ['INR', 'PKR', 'LKR', 'NPR'],
  '₽': ['RUB'], 'руб': ['RUB'], 'р.': ['RUB'], '₩': ['KRW'], '원': ['KRW'], '₺': ['TRY'], TL: ['TRY'],
  '₪': ['ILS'], '₫': ['VND'], 'đ': ['VND'], '₴': ['UAH'], 'грн': ['UAH'], '₦': ['NGN'], '₸': ['KZT'],
  '฿': ['THB'], 'บาท': ['THB'], '₱': ['PHP'], Rp: ['IDR'], RM: ['MYR'], KSh: ['KES'], R: ['ZAR'],
  'zł': ['PLN'], 'Kč': ['CZK'], Ft: ['HUF'], lei: ['RON'], Lei: ['RON'], 'лв': ['BGN'], 'din.': ['RSD'],
  'ден': ['MKD'], KM: ['BAM'], '₾': ['GEL'], '₼': ['AZN'], '৳': ['BDT'], Tk: ['BDT'], '₲': ['PYG'], '₡': ['CRC'],
  'S/': ['PEN'], 'S/.': ['PEN'], KD: ['KWD'], 'د.ك': ['KWD'], BD: ['BHD'], 'د.إ': ['AED'], Dhs: ['AED'], 'ر.س': ['SAR'],
  'ر.ق': ['QAR'], 'ج.م': ['EGP'], FCFA: ['XOF', 'XAF'], CFA: ['XOF', 'XAF'],
  kr: [null, 'SEK', 'NOK', 'DKK', 'ISK'], 'kr.': [null, 'DKK', 'ISK', 'SEK', 'NOK'], Kr: [null, 'SEK', 'NOK', 'DKK', 'ISK'],
  'Fr.': ['CHF'], 'SFr.': ['CHF'],
};

/** A hint may be an ISO code ("cad") or a symbol ("C$", "€"); returns its candidate codes. */
export function candidatesOf(hint: string | undefined | null): readonly (string | null)[] {
  if (!hint) return [];
  const trimmed = hint.trim();
  if (ISO_CODES.has(trimmed.toUpperCase())) return [trimmed.toUpperCase()];
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
