// Net and gross: words that say an amount is without or with VAT/sales tax ("excl. VAT", "HT", "zzgl. MwSt." / "incl. VAT", "TTC", "brutto").
import { Decimal } from '../core/money';

const TAX = '(?:vat|tax|gst|mwst\\.?|ust\\.?|btw|iva|tva|moms|dph|áfa|kdv|ндс)';
const NET = [
  `excl?\\.?\\s*${TAX}`, `ex\\.?\\s*${TAX}`, `excluding\\s*${TAX}`, `zzgl\\.?\\s*${TAX}`, `exkl\\.?\\s*${TAX}`, `ohne\\s*${TAX}`, `plus\\s*${TAX}`, `\\+\\s*${TAX}`,
  'netto(?:preis)?', 'net price', 'hors taxes?', 'sans tva', 'sin iva', `${TAX}\\s*excl(?:\\.|uded|uida|usa)?`, 'bez dph', 'bez vat', 'без ндс', '税抜(?:き)?', '税別', '不含税',
].join('|');
const GROSS = [
  `incl?\\.?\\s*${TAX}`, `including\\s*${TAX}`, `inkl\\.?\\s*${TAX}`, `mit\\s*${TAX}`, 'brutto(?:preis)?', 'gross price', 'toutes taxes comprises', 'con iva',
  `${TAX}\\s*incl(?:\\.|uded|uida|usa)?`, 's dph', 'z vat', 's ндс', '税込(?:み)?', '含税',
].join('|');
/** "HT" / "TTC" are French abbreviations in capitals; in lower case they are other words. */
const NET_CAPS = /(?:^|[^\p{L}])HT(?![\p{L}])/u;
const GROSS_CAPS = /(?:^|[^\p{L}])TTC(?![\p{L}])/u;
const NET_WORDS = new RegExp(`(?:^|[^\\p{L}])(?:${NET})(?![\\p{L}])`, 'iu');
const GROSS_WORDS = new RegExp(`(?:^|[^\\p{L}])(?:${GROSS})(?![\\p{L}])`, 'iu');

/** Words that say an amount is without tax: "excl. VAT", "HT", "zzgl. MwSt.", "netto", "+ tax". */
export const namesNet = (words: string): boolean => NET_WORDS.test(words) || NET_CAPS.test(words);
/** Words that say an amount includes tax: "incl. VAT", "TTC", "inkl. MwSt.", "brutto", "税込". */
export const namesGross = (words: string): boolean => GROSS_WORDS.test(words) || GROSS_CAPS.test(words);

/** The highest standard VAT rate in force (Hungary's 27 %), with a cent of rounding to spare: a gross above this is no net price plus tax. */
const MAX_GROSS_RATIO = new Decimal('1.28');

/** Whether `gross` can be `net` plus VAT: above it by no more than the highest VAT rate (a product beside an accessory is not). */
export const grossOfNet = (net: Decimal, gross: Decimal): boolean => gross.gt(net) && gross.lte(net.times(MAX_GROSS_RATIO));
