// The currency-symbol scan finds exactly what the regex it replaced found (the regex is the oracle here,
// built as the lexer used to build it), on real price texts and on word-boundary traps.
import { describe, expect, it } from 'vitest';
import { CJK_NUMERALS } from '../../src/prices/cjk-numerals';
import { CURRENCY_SYMBOLS } from '../../src/prices/currencies';
import { scanCurrencySymbols } from '../../src/prices/currency-symbols-scan';
import { PRICE_TABLE } from './price-table';

/** A CJK numeral scales the digits before a sign ("12万円"): no letter the sign would be part of. */
const CJK = Object.keys(CJK_NUMERALS).join('');
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** After a Han or Hangul sign right after digits ("3,000円から", "99元起"), kana or 起 may follow: Japanese and Chinese write no space. */
const kanaAfter = (symbol: string): string =>
  /[\p{Script=Han}\p{Script=Hangul}]$/u.test(symbol) ? `(?<=[\\p{Nd}${CJK}]${escape(symbol)})(?=[\\p{Script=Hiragana}\\p{Script=Katakana}起])|` : '';
/** One or two Latin letters ("R", "TL", "Fr.") joined by a hyphen to a word ("R-Klasse", "Type-R") are part of it. */
const letterSign = (symbol: string): boolean => /^\p{Script=Latin}{1,2}\.?$/u.test(symbol);
/** Checked on each match (lookarounds in the alternation made the oracle too slow to run over the table). */
const hyphenWord = (text: string, index: number, symbol: string): boolean =>
  letterSign(symbol) && (/[\p{L}\p{M}]-$/u.test(text.slice(Math.max(0, index - 2), index)) || /^-[\p{L}\p{M}]/u.test(text.slice(index + symbol.length, index + symbol.length + 2)));
const SYMBOLS = Object.keys(CURRENCY_SYMBOLS).sort((a, b) => b.length - a.length);
const alternative = (symbol: string): string =>
  `${/^\p{L}/u.test(symbol) ? `(?<!(?![${CJK}])[\\p{L}\\p{M}])` : ''}${escape(symbol)}${/[\p{L}\p{M}.]$/u.test(symbol) ? `(?:${kanaAfter(symbol)}(?![\\p{L}\\p{M}]))` : ''}`;
/**
 * The regex over the symbols the text holds only, in the same longest-first order: a symbol absent from the text matches nothing,
 * and the whole alternation of ~400 lookbehind-wrapped symbols took ~100 s over the table on a loaded machine.
 */
const oracleOf = (text: string): RegExp => new RegExp(SYMBOLS.filter((symbol) => text.includes(symbol)).map(alternative).join('|') || '(?!)', 'gu');
const oracle = (text: string) => [...text.matchAll(oracleOf(text))].filter((match) => !hyphenWord(text, match.index, match[0])).map((match) => ({ index: match.index, symbol: match[0] }));

const TRAPS = [
  'US$ 12.99', 'USD$5', '12 руб.', '12 рубля', 'грн.5', 'kr. 99,00', 'Kr.99', 'Fr. 12.50', 'SFr.12', 'Franken 3',
  'Rs.1,299', 'Rs 1,299', 'Rp 15.000', 'R 99', 'Rands 99', 'BRL R$ 10', 'S/. 10', 'S/10', 'FCFA 500', 'F CFA 500',
  'zł.12', '12złotych', 'dollarsX', 'Xdollars', '5 dollars', 'euroshop 5€', 'Euro5', 'ש"ח 5', 'د.إ. 12', 'ر.س.12',
  '𝐀kr 5', 'kr𝐀 5', '𝐀 kr 5', 'яюань', 'юань', '5円', '₹₹', '$$$', '', 'no currency here', 'TL5 TLX XTL', '12万円', '12만원', '1억 2천만원', '5美元', '円12', '金円', '3,000円から', '99元起', '1,000円です', '元素5', '十円から',
  'один 5', '5 000 դր.', 'ကျပ်ဖြင့် 5', '5 ლარით', 'ज़रूरी 499', '499 से शुरू', 'रूसी 5', 'रू 1,299', '1 299 रू', 'रु. 99', 'R-Klasse 12', 'Type-R 12', 'R-12', 'Euro-Preis 5', 'TL-Serie',
];

describe('scanCurrencySymbols', () => {
  it('matches the reference regex on word-boundary traps', () => {
    for (const text of TRAPS) expect(scanCurrencySymbols(text), text).toEqual(oracle(text));
  });

  it('matches the reference regex on every text of the price table', () => {
    const texts = PRICE_TABLE.map(([text]) => text);
    expect(texts.length).toBeGreaterThan(500);
    for (const text of texts) expect(scanCurrencySymbols(text), text).toEqual(oracle(text));
  });
});
