// Currency symbols and words the price parser recognises (ISO codes come from iso-currencies), and how shared ones resolve.
import { homeCurrencySymbols } from './home-symbols';
import { ISO_CODES, isNoMoneyCode, isoCodeOf } from './iso-currencies';
import { localeCurrencyAmong } from './price-locale';

export { ISO_CODES } from './iso-currencies';

const PESOS_WITH_DOLLAR_SIGN = ['MXN', 'ARS', 'CLP', 'COP', 'UYU'];
const DOLLARS = ['USD', 'CAD', 'AUD', 'NZD', 'HKD', 'SGD', 'TWD', 'MXN', 'ARS', 'CLP', 'COP', 'UYU', 'BSD', 'BBD', 'BZD', 'FJD', 'LRD', 'NAD', 'SBD', 'SRD', 'XCD', 'BMD', 'KYD', 'GYD'];
/** The word "dollar" never names a peso, though "$" does. */
const DOLLAR_WORDS = DOLLARS.filter((code) => !PESOS_WITH_DOLLAR_SIGN.includes(code));
const RUPEES = ['INR', 'PKR', 'LKR', 'NPR', 'MUR', 'SCR'];
const KRONER = ['SEK', 'NOK', 'DKK', 'ISK'];
const YUAN = ['CNY', 'TWD', 'HKD', 'MOP'];
const DINARS = ['KWD', 'BHD', 'JOD', 'IQD', 'LYD', 'TND', 'DZD', 'RSD'];
const RIALS = ['SAR', 'QAR', 'OMR', 'IRR', 'YER'];
const POUNDS = ['GBP', 'GIP', 'FKP', 'SHP', 'SSP', 'SYP', 'EGP', 'LBP', 'SDG'];
const FRANCS = ['CHF', 'XOF', 'XAF', 'XPF', 'KMF', 'GNF', 'RWF', 'BIF', 'DJF', 'CDF'];
const LIRAS = ['TRY', 'LBP', 'SYP'];
const SHILLINGS = ['KES', 'UGX', 'TZS', 'SOS'];
const DIRHAMS = ['AED', 'MAD'];
const RUBLES = ['RUB', 'BYN'];

/**
 * Symbol, abbreviation or word → candidate ISO codes, as shops write them (local usage, which no ISO
 * data package carries). One candidate: the text decides. Several: hint, locale or default must. No
 * candidate: a currency outside ISO 4217 (see NON_ISO_CURRENCIES), which no amount is read in.
 */
const HAND_SYMBOLS: Readonly<Record<string, readonly string[]>> = {
  US$: ['USD'], 'U$S': ['USD'], USD$: ['USD'], C$: ['CAD', 'NIO'], CA$: ['CAD'], CAN$: ['CAD'], A$: ['AUD'], AU$: ['AUD'],
  NZ$: ['NZD'], HK$: ['HKD'], S$: ['SGD'], SG$: ['SGD'], NT$: ['TWD'], R$: ['BRL'], MX$: ['MXN'], Mex$: ['MXN'],
  // Dollars and pounds whose country's letters are no ISO 3166 prefix of their code (the others: qualified-signs.ts).
  B$: ['BSD', 'BND'], F$: ['FJD'], Bds$: ['BBD'], G$: ['GYD'], L$: ['LRD'], CI$: ['KYD'], BD$: ['BMD'], SI$: ['SBD'], WS$: ['WST'], Col$: ['COP'], 'S£': ['SYP'], 'L.E.': ['EGP'],
  RD$: ['DOP'], J$: ['JMD'], TT$: ['TTD'], N$: ['NAD'], $U: ['UYU'], $b: ['BOB'], 'Bs.': ['BOB', 'VES'], 'Gs.': ['PYG'], Gs: ['PYG'], CFAF: ['XOF', 'XAF'], 'F CFP': ['XPF'], FCFP: ['XPF'],
  // With a space, and the country after the sign ("US $12", "12,99 $ CA", "$US 12"): the same dollars.
  'US $': ['USD'], 'AU $': ['AUD'], 'CA $': ['CAD'], 'NZ $': ['NZD'], 'HK $': ['HKD'], 'SG $': ['SGD'], $US: ['USD'], '$ US': ['USD'], $CA: ['CAD'], '$ CA': ['CAD'],
  $CAN: ['CAD'], '$ CAN': ['CAD'], $AU: ['AUD'], '$ AU': ['AUD'], $NZ: ['NZD'], '$ NZ': ['NZD'],
  $: DOLLARS, dollars: DOLLAR_WORDS, dollar: DOLLAR_WORDS, pesos: ['MXN', 'ARS', 'CLP', 'COP', 'UYU', 'PHP', 'DOP', 'CUP'],
  '€': ['EUR'], Euro: ['EUR'], euro: ['EUR'], Euros: ['EUR'], euros: ['EUR'], EURO: ['EUR'], 'евро': ['EUR'], 'ευρώ': ['EUR'],
  // Egyptian and Lebanese shops write "£" too (colloquially, and where E£ / L£ lose their letter): a default or locale picks them.
  '£': ['GBP', 'GIP', 'FKP', 'SHP', 'SSP', 'SYP', 'EGP', 'LBP'], 'E£': ['EGP'], '£E': ['EGP'], 'ج.م': ['EGP'], 'جنيه': ['EGP'],
  '¥': ['JPY', 'CNY'], '￥': ['JPY', 'CNY'], '円': ['JPY'], 'yen': ['JPY'], '元': YUAN, RMB: ['CNY'], 'юань': ['CNY'], 'юаней': ['CNY'], 'yuan': ['CNY'],
  '₹': ['INR'], 'Rs.': RUPEES, Rs: RUPEES, '₨': RUPEES, 'रु': ['NPR', 'INR'], 'रू': ['NPR'],
  // Belarusian shops print their ruble "р." (CLDR's Russian narrow sign for BYN) and "руб." as Russian ones do.
  '₽': ['RUB'], 'руб': RUBLES, 'руб.': RUBLES, 'р.': RUBLES, 'рублей': RUBLES, 'рубля': RUBLES, 'рубль': RUBLES,
  '₩': ['KRW'], '원': ['KRW'], '₺': ['TRY'], TL: ['TRY'], '₪': ['ILS'], 'ש"ח': ['ILS'], 'ש״ח': ['ILS'], 'שח': ['ILS'],
  '₫': ['VND'], 'đ': ['VND'], 'VNĐ': ['VND'], 'đồng': ['VND'], '₴': ['UAH'], 'грн': ['UAH'], 'грн.': ['UAH'], '₦': ['NGN'], '₸': ['KZT'], 'тг': ['KZT'],
  '฿': ['THB'], 'บาท': ['THB'], '₱': ['PHP'], Rp: ['IDR'], RM: ['MYR'], KSh: ['KES'], Ksh: ['KES'], R: ['ZAR'],
  'zł': ['PLN'], 'złotych': ['PLN'], 'zł.': ['PLN'], 'Kč': ['CZK'], Ft: ['HUF'], lei: ['RON', 'MDL'], Lei: ['RON', 'MDL'], 'лв': ['BGN'], 'лв.': ['BGN'], 'din.': ['RSD'], 'дин.': ['RSD'],
  'ден': ['MKD'], KM: ['BAM'], kn: ['HRK'], '₾': ['GEL'], '₼': ['AZN'], '৳': ['BDT'], Tk: ['BDT'], '₲': ['PYG'], '₡': ['CRC'], 'GH₵': ['GHS'], '₵': ['GHS'], 'درهم': ['AED', 'MAD'],
  'S/': ['PEN'], 'S/.': ['PEN'], KD: ['KWD'], 'د.ك': ['KWD'], BD: ['BHD'], 'د.ب': ['BHD'], 'د.إ': ['AED'], Dhs: ['AED'], 'ر.س': ['SAR'],
  '﷼': RIALS, 'ر.ق': ['QAR'], 'ر.ع': ['OMR'], 'د.أ': ['JOD'], 'ريال': RIALS, 'ریال': ['IRR'], DH: ['MAD'], 'د.م.': ['MAD'], FCFA: ['XOF', 'XAF'], 'F CFA': ['XOF', 'XAF'], CFA: ['XOF', 'XAF'],
  // The dinars and rials CLDR writes in Arabic and French (TND, LYD, KWD … have three minor digits, so an
  // unknown sign there left "12,500" read as 12500); the generic words keep every candidate, never one guessed.
  'د.ت': ['TND'], DT: ['TND'], 'د.ل': ['LYD'], 'د.ع': ['IQD'], 'د.ج': ['DZD'], DA: ['DZD'], 'ر.ي': ['YER'], 'ج.س': ['SDG'], 'ل.س': ['SYP'],
  'ل.ل': ['LBP'], 'L£': ['LBP'], '£L': ['LBP'], '£LB': ['LBP'], 'دينار': DINARS, dinar: DINARS, dinars: DINARS, rial: RIALS, rials: RIALS, riyal: RIALS, riyals: RIALS,
  // The Latin abbreviations Jordanian, Libyan and Omani shops print ("JD 12.500", "12.500 LD", "R.O. 3.750"): with no sign read the
  // three decimals were a thousands group (12500), in the shop's default currency, and "R.O." was read as the rand's "R".
  JD: ['JOD'], LD: ['LYD'], 'R.O.': ['OMR'],
  // And the Gulf's, beside KD and BD: "QR 120" (Qatar), "SR 99" (Saudi Arabia; CLDR's sign of the Seychelles rupee too), "Dh 45"
  // (the UAE; Morocco's "DH"), "RO 1.250" (Oman). Nothing was read: a bare number in words is no price, so the page had none.
  QR: ['QAR'], SR: ['SAR', 'SCR'], RO: ['OMR'], Dh: DIRHAMS,
  // CLDR writes the Arabic abbreviations with a closing dot.
  'د.إ.': ['AED'], 'ر.س.': ['SAR'], 'ج.م.': ['EGP'], 'د.ك.': ['KWD'], 'د.ب.': ['BHD'], 'ر.ع.': ['OMR'], 'د.أ.': ['JOD'], 'ر.ق.': ['QAR'],
  'د.ت.': ['TND'], 'د.ل.': ['LYD'], 'د.ع.': ['IQD'], 'د.ج.': ['DZD'], 'ر.ي.': ['YER'], 'ج.س.': ['SDG'], 'ل.س.': ['SYP'], 'ل.ل.': ['LBP'],
  kr: KRONER, 'kr.': KRONER, Kr: KRONER, 'Kr.': KRONER, 'Fr.': ['CHF'], 'SFr.': ['CHF'], 'Fr': ['CHF'], Franken: ['CHF'],
  // Swiss shops also write the franc's older sign without its dot or with a small s ("SFr 12.50", "sFr. 12.50"): no currency was read.
  SFr: ['CHF'], 'sFr.': ['CHF'], sFr: ['CHF'],
  // A foreign currency named in the page's language ("100ドル" on a yen shop, "100 долларов" on a ruble
  // one): unknown, the word left the default in its place. Words that are also weights, materials or
  // common words ("pounds", "libras", "sterling" silver, "real", "won", "soles", "franco") are left out:
  // they would take numbers that are no price ("925 sterling silver £49.99").
  Dollar: DOLLAR_WORDS, Dollars: DOLLAR_WORDS, 'dólar': DOLLAR_WORDS, 'dólares': DOLLAR_WORDS, dolares: DOLLAR_WORDS, dollari: DOLLAR_WORDS, dollaro: DOLLAR_WORDS, dolar: DOLLAR_WORDS,
  dolara: DOLLAR_WORDS, dolary: DOLLAR_WORDS, 'dolarów': DOLLAR_WORDS, 'dolarů': DOLLAR_WORDS, 'доллар': DOLLAR_WORDS, 'доллара': DOLLAR_WORDS, 'долларов': DOLLAR_WORDS,
  'долар': DOLLAR_WORDS, 'долара': DOLLAR_WORDS, 'доларів': DOLLAR_WORDS, 'دولار': DOLLAR_WORDS, 'ดอลลาร์': DOLLAR_WORDS, 'ドル': DOLLAR_WORDS, '달러': DOLLAR_WORDS,
  '美元': ['USD'], '美金': ['USD'], '米ドル': ['USD'], '港元': ['HKD'], '港币': ['HKD'], '港幣': ['HKD'], '澳门元': ['MOP'], '新台币': ['TWD'], '新台幣': ['TWD'],
  '人民币': ['CNY'], '人民幣': ['CNY'], '日元': ['JPY'], '日圓': ['JPY'], '韩元': ['KRW'], '韓元': ['KRW'], '欧元': ['EUR'], '歐元': ['EUR'], '英镑': ['GBP'], '英鎊': ['GBP'],
  '澳元': ['AUD'], '加元': ['CAD'], '新加坡元': ['SGD'], '新币': ['SGD'], '泰铢': ['THB'], '卢布': ['RUB'],
  'ユーロ': ['EUR'], '유로': ['EUR'], 'يورو': ['EUR'], 'ยูโร': ['EUR'], 'євро': ['EUR'], '엔': ['JPY'], 'ポンド': POUNDS, '파운드': POUNDS,
  Pfund: POUNDS, sterline: ['GBP'], sterlina: ['GBP'], francs: FRANCS, franchi: FRANCS, francos: FRANCS,
  Kronen: KRONER, kronor: ['SEK'], kronur: ['ISK'], 'krónur': ['ISK'], kroner: ['NOK', 'DKK'], korun: ['CZK'], koruna: ['CZK'], koruny: ['CZK'],
  lira: LIRAS, liras: LIRAS, 'ليرة': LIRAS, 'лир': LIRAS, rupees: RUPEES, rupee: RUPEES, Rupees: RUPEES, 'रुपये': ['INR', 'NPR'], 'रुपए': ['INR', 'NPR'],
  shillings: SHILLINGS, shilling: SHILLINGS, dirhams: DIRHAMS, dirham: DIRHAMS, rupiah: ['IDR'], ringgit: ['MYR'], baht: ['THB'], reais: ['BRL'],
  naira: ['NGN'], rand: ['ZAR'], shekels: ['ILS'], shekel: ['ILS'], zloty: ['PLN'], 'złoty': ['PLN'], forint: ['HUF'], forintot: ['HUF'], 'টাকা': ['BDT'], taka: ['BDT'],
  'гривень': ['UAH'], 'гривен': ['UAH'], 'гривня': ['UAH'], 'гривні': ['UAH'], hryvnia: ['UAH'], 'тенге': ['KZT'], 'лари': ['GEL'], 'сум': ['UZS'], "so'm": ['UZS'],
  'лева': ['BGN'], 'драм': ['AMD'], 'манат': ['AZN', 'TMT'], 'сомов': ['KGS'],
  // The everyday word (or its short form) a currency's own shops print in their script, the generic part of its CLDR name
  // ("မြန်မာ ကျပ်", "ქართული ლარი"); CLDR's sign there is a Latin letter or the code, so the default took its place ("5,000 ကျပ်"
  // read 5000 USD). Not the Georgian "ლ" (also the litre), "Br" (a size as often), nor Latin "din"/"lek" (Nordic "your", Polish "drug").
  'ကျပ်': ['MMK'], 'ლარი': ['GEL'], 'រៀល': ['KHR'], 'ກີບ': ['LAK'], 'төгрөг': ['MNT'], 'төг.': ['MNT'], 'դրամ': ['AMD'], 'դր.': ['AMD'],
  'денар': ['MKD'], 'денари': ['MKD'], 'дин': ['RSD'], 'динар': DINARS, 'динара': DINARS, 'динаров': DINARS, 'сомонӣ': ['TJS'], 'сомони': ['TJS'],
  'ман.': ['AZN', 'TMT'], manat: ['AZN', 'TMT'], 'лев': ['BGN'], 'сўм': ['UZS'], 'теңге': ['KZT'], 'රු': ['LKR'], 'රුපියල්': ['LKR'],
  'ரூ': ['INR', 'LKR'], 'ரூ.': ['INR', 'LKR'], 'ரூபாய்': ['INR', 'LKR'], 'रुपैयाँ': ['NPR'], 'रूपैयाँ': ['NPR'], 'روپے': ['PKR', 'INR'], 'روپیہ': ['PKR', 'INR'],
  'افغانی': ['AFN'], 'ናቕፋ': ['ERN'], 'ናቅፋ': ['ERN'], 'שקל': ['ILS'], 'שקלים': ['ILS'], 'lekë': ['ALL'], 'Lekë': ['ALL'], shilingi: SHILLINGS, 'ރުފިޔާ': ['MVR'],
  // Outside ISO 4217: the Iranian toman (ten rials, what Iranian shops print) and crypto-currencies.
  // Read in the rial default it would be 10× off, in a dollar default no amount at all.
  'تومان': [], 'تومن': [], Toman: [], toman: [], Tomans: [], tomans: [], '₿': [], 'Ξ': [], BTC: [], XBT: [], ETH: [], USDT: [], USDC: [], LTC: [], DOGE: [],
  XRP: [], BNB: [], sats: [], satoshi: [], satoshis: [],
};

const HOME = homeCurrencySymbols(HAND_SYMBOLS);
/** The hand table over the signs CLDR says each currency's home country prints: "₮", "֏", "TSh". */
export const CURRENCY_SYMBOLS: Readonly<Record<string, readonly string[]>> = { ...HOME.symbols, ...HAND_SYMBOLS };
/** The home signs of one or two Latin letters, which are no token ("Q" GTQ, "K" MMK/ZMW): see letter-sign-beside.ts. */
export const HOME_LETTER_SIGNS: Readonly<Record<string, readonly string[]>> = HOME.letters;

/**
 * Shared symbols with one reading so dominant that the others write it differently: the other
 * pound currencies (GIP, FKP, SHP) are at par with GBP, and Egypt and Lebanon mostly write E£, ج.م, L£ or ل.ل; "C$" is the
 * Canadian dollar but for Nicaraguan shops (córdoba), "SR" the Saudi riyal but for Seychellois ones (rupee), "lei" the Romanian leu but for Moldovan ones, "р."
 * and "руб." the Russian ruble but for Belarusian ones.
 * A hint, locale or default among the candidates still wins.
 */
const DOMINANT: Readonly<Record<string, string>> = {
  '£': 'GBP', C$: 'CAD', SR: 'SAR', lei: 'RON', Lei: 'RON', ...Object.fromEntries(['руб', 'руб.', 'р.', 'рублей', 'рубля', 'рубль'].map((sign) => [sign, 'RUB'])),
};

export type CurrencySource = 'text' | 'hint' | 'locale' | 'default';

/** Which currency a price is in, and what decided it; `candidates` when a shared symbol stayed unresolved. */
export interface CurrencyChoice {
  currency: string | null;
  source: CurrencySource | null;
  candidates?: readonly string[];
  /** The codes a shared sign allowed when the hint, locale or default picked one of them ("$" → USD on an en-US page). */
  among?: readonly string[];
}

export interface CurrencyContext {
  currencyHint?: string | null;
  locale?: string | null;
  defaultCurrency?: string | null;
}

/** A hint may be an ISO code ("cad") or a symbol ("C$", "€"); returns its candidate codes. */
export function candidatesOf(hint: string | undefined | null): readonly string[] {
  if (!hint) return [];
  const trimmed = hint.trim();
  if (isNoMoneyCode(trimmed.toUpperCase())) return [];
  const code = isoCodeOf(trimmed);
  if (code) return [code];
  return CURRENCY_SYMBOLS[trimmed] ?? [];
}

/** Whether a hint names a currency outside ISO 4217 ("BTC", "تومان") or an ISO code of no money ("XXX"): no code, and no default in its place. */
export function outsideIso(hint: string | undefined | null): boolean {
  const trimmed = hint?.trim();
  if (!trimmed) return false;
  return isNoMoneyCode(trimmed.toUpperCase()) || (!ISO_CODES.has(trimmed.toUpperCase()) && CURRENCY_SYMBOLS[trimmed]?.length === 0);
}

/**
 * Picks an ISO code among a symbol's candidates: the hint, then the region the page locale names, then the
 * spider's default, then what the locale's language alone suggests, each only when it names one of them (a
 * EUR default says nothing about which dollar `$` is).
 * Nothing decides: null with the candidates, never the first one guessed.
 */
export function resolveCurrency(symbol: string, candidates: readonly string[], context: CurrencyContext): CurrencyChoice {
  if (candidates.length === 1) return { currency: candidates[0], source: 'text' };
  if (candidates.length === 0) return currencyFromContext(context);
  const among = candidates;
  const fromHint = candidatesOf(context.currencyHint).filter((code) => candidates.includes(code));
  if (fromHint.length === 1) return { currency: fromHint[0], source: 'hint', among };
  const pool = fromHint.length > 1 ? fromHint : candidates;
  // Why this order: a region the page declares ("en-CA") beats the spider's default, which beats what a bare
  // language only suggests ("en" → likely US, so "$" → USD, on a Canadian shop whose pages say lang="en").
  const fromLocale = context.locale ? localeCurrencyAmong(context.locale, symbol, pool) : null;
  if (fromLocale?.declared) return { currency: fromLocale.code, source: 'locale', among };
  const fallback = context.defaultCurrency?.toUpperCase();
  if (fallback && pool.includes(fallback)) return { currency: fallback, source: 'default', among };
  // "C$" on an en-US page: the córdoba only by CLDR's narrow symbol, which every locale has; the Canadian dollar it is.
  if (fromLocale && !(fromLocale.narrowOnly && DOMINANT[symbol])) return { currency: fromLocale.code, source: 'locale', among };
  if (DOMINANT[symbol]) return { currency: DOMINANT[symbol], source: 'text' };
  return { currency: null, source: null, candidates: pool };
}

/** Currency of a price whose text names none: the hint (code or symbol), else the default, else null. */
export function currencyFromContext(context: CurrencyContext): CurrencyChoice {
  const hint = context.currencyHint?.trim();
  const fromHint = candidatesOf(hint);
  if (hint && fromHint.length > 0) {
    const choice = resolveCurrency(hint, fromHint, { ...context, currencyHint: null });
    return choice.source === 'text' ? { ...choice, source: 'hint' } : choice;
  }
  const fallback = context.defaultCurrency?.trim().toUpperCase();
  return fallback ? { currency: fallback, source: 'default' } : { currency: null, source: null };
}

/** The currency alone, for callers that hold a hint and a default but no price text. */
export function currencyFromHint(hint: string | undefined | null, defaultCurrency: string | undefined | null): string | null {
  return currencyFromContext({ currencyHint: hint, defaultCurrency }).currency;
}
