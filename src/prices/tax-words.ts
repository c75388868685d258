// Net and gross: words that say an amount is without or with VAT/sales tax ("excl. VAT", "HT", "zzgl. MwSt." / "incl. VAT", "TTC", "brutto").
import { Decimal } from '../core/money';
import { wordPattern } from './word-pattern';

const TAX = '(?:vat|tax|gst|mwst\\.?|ust\\.?|btw|iva|tva|moms|mva|alv|dph|pdv|pvm|áfa|kdv|ндс|ддс|מע"מ|מע״מ)';
/** "Inhalt netto 500 g", "Netto: 1,5 l": a net weight or volume, no price without tax. */
const NOT_CONTENTS = '(?!\\s*:?\\s*\\d+(?:[.,]\\d+)?\\s*(?:kg|g|mg|l|ml|cl|dl|oz|lb|stück|stk)(?![\\p{L}]))';
const NET = [
  `excl?\\.?\\s*${TAX}`, `ex\\.?\\s*${TAX}`, `excluding\\s*${TAX}`, `zzgl\\.?\\s*${TAX}`, `exkl\\.?\\s*${TAX}`, `ohne\\s*${TAX}`, `plus\\s*${TAX}`, `\\+\\s*${TAX}`,
  `netto(?:preis)?${NOT_CONTENTS}`, 'net price', 'hors taxes?', 'sans tva', 'sin iva', `${TAX}\\s*excl(?:\\.|uded|uida|usa)?`, 'bez dph', 'bez vat', 'без ндс', '税抜(?:き)?', '税別', '不含税',
  // Norwegian and Danish "eks."/"ekskl.", "uden"/"utan"/"ilman", Finnish "ALV 0 %", Hungarian "nettó", Hebrew "before"/"without", Japanese "本体価格" (the item's own price).
  // "$10.00 before tax", "pre-tax", Portuguese and Spanish "without taxes".
  `before\\s*${TAX}`, `pre-?\\s*${TAX}`, 'sem impostos', 'sin impuestos',
    `eks(?:kl)?\\.?\\s*${TAX}`, `(?:uden|utan|uten|ilman|bez|sans)\\s*${TAX}`, 'alv 0 ?%', `nettó${NOT_CONTENTS}`, `(?:לפני|ללא|לא כולל)\\s*${TAX}`, '本体価格',
].join('|');
const GROSS = [
  `incl?\\.?\\s*${TAX}`, `including\\s*${TAX}`, `inkl\\.?\\s*${TAX}`, `mit\\s*${TAX}`, 'brutto(?:preis)?', 'gross price', 'toutes taxes comprises', 'con iva',
  `${TAX}\\s*incl(?:\\.|uded|uida|usa)?`, 's dph', 'z vat', 's ндс', '税込(?:み)?', '含税',
  `sis\\.?\\s*${TAX}`, `(?:med|sa)\\s*${TAX}`, 's pdv', 'bruttó', `כולל\\s*${TAX}`,
].join('|');
/** "HT" / "TTC" are French abbreviations in capitals; in lower case they are other words. */
const NET_CAPS = /(?:^|[^\p{L}])HT(?![\p{L}])/u;
const GROSS_CAPS = /(?:^|[^\p{L}])TTC(?![\p{L}])/u;
const NET_WORDS = wordPattern(new RegExp(`(?:^|[^\\p{L}])(?:${NET})(?![\\p{L}])`, 'iu'));
const GROSS_WORDS = wordPattern(new RegExp(`(?:^|[^\\p{L}])(?:${GROSS})(?![\\p{L}])`, 'iu'));

/** A tax's abbreviation alone ("DPH", "MwSt.", "HT"): the label before an amount, never a product's name ending in its first digits. */
const TAX_ALONE = new RegExp(`^(?:${TAX}|HT|TTC)$`, 'iu');
export const isTaxWord = (word: string): boolean => TAX_ALONE.test(word);

/** Words that say an amount is without tax: "excl. VAT", "HT", "zzgl. MwSt.", "netto", "+ tax". */
export const namesNet = (words: string): boolean => NET_WORDS.test(words) || NET_CAPS.test(words);
/** Words that say an amount includes tax: "incl. VAT", "TTC", "inkl. MwSt.", "brutto", "税込". */
export const namesGross = (words: string): boolean => GROSS_WORDS.test(words) || GROSS_CAPS.test(words);

/** How many net or gross labels the text holds: "£100.00 incl. VAT £120.00 incl. VAT" has two, so it is no half-labelled pair. */
export const taxLabelCount = (words: string): number =>
  [NET_WORDS.pattern, GROSS_WORDS.pattern, NET_CAPS, GROSS_CAPS].reduce((sum, label) => sum + (words.match(new RegExp(label.source, `${label.flags}g`))?.length ?? 0), 0);

/** The highest standard VAT rate in force (Hungary's 27 %), with a cent of rounding to spare: a gross above this is no net price plus tax. */
const MAX_GROSS_RATIO = new Decimal('1.28');

/** Whether `gross` can be `net` plus VAT: above it by no more than the highest VAT rate (a product beside an accessory is not). */
export const grossOfNet = (net: Decimal, gross: Decimal): boolean => gross.gt(net) && gross.lte(net.times(MAX_GROSS_RATIO));

/**
 * Standard VAT rates (percent) of the countries spending each currency, as in force in 2025: the euro's are its members'
 * (Luxembourg 17 to Finland 25.5). A currency with no single national rate (USD, CAD, INR) is absent. Japan's reduced 8 %
 * too: food and drink, sold online beside the 10 % goods, is labelled the same way ("1,080円（税抜 1,000円）" was refused).
 */
const VAT_RATES: Readonly<Record<string, readonly string[]>> = {
  GBP: ['20'], EUR: ['17', '18', '19', '20', '21', '22', '23', '24', '25', '25.5'], CHF: ['8.1'], SEK: ['25'], DKK: ['25'], NOK: ['25'],
  PLN: ['23'], CZK: ['21'], HUF: ['27'], RON: ['19', '21'], BGN: ['20'], ISK: ['24'], AUD: ['10'], NZD: ['15'], ZAR: ['15'], JPY: ['10', '8'],
};

/**
 * "£12.99 (£10.83 ex VAT)": one of the pair labelled, the other not. The unlabelled one is the gross only when the two are
 * exactly a VAT rate of the currency's country apart, either amount rounded from the other to the currency's smallest
 * printed unit (12.99 / 1.2 = 10.825, shown 10.83); an accessory's price beside the product's is not.
 */
export function grossAtRate(net: Decimal, gross: Decimal, codes: readonly string[], minorDigits: number): boolean {
  const half = new Decimal(10).pow(-minorDigits).div(2);
  const rates = codes.flatMap((code) => VAT_RATES[code] ?? []);
  return rates.some((rate) => {
    const factor = new Decimal(rate).div(100).plus(1);
    return gross.div(factor).minus(net).abs().lte(half) || net.times(factor).minus(gross).abs().lte(half);
  });
}
