// parsePrice: table of price texts → exact amount and ISO currency.
import { describe, expect, it } from 'vitest';
import { amountOf, normalizeNumber, parsePrice, type ParsePriceOptions } from '../../src/prices/parse-price';

type Case = [text: string, amount: string | null, currency?: string | null, options?: ParsePriceOptions];

const NBSP = '\u00A0';
const NNBSP = '\u202F';

// amount is Decimal.toFixed() of the result; null means parsePrice returns null.
const CASES: Case[] = [
  ['$1,299.00', '1299', 'USD'],
  ['1.234,56 €', '1234.56', 'EUR'],
  ['£12.99', '12.99', 'GBP'],
  ['1 234,56 €', '1234.56', 'EUR'],
  [`1${NBSP}234,56${NBSP}€`, '1234.56', 'EUR'],
  [`1${NNBSP}234,56${NNBSP}€`, '1234.56', 'EUR'],
  ["CHF 1'234.50", '1234.5', 'CHF'],
  ['CHF 1’234.50', '1234.5', 'CHF'],
  ['12,-', '12', null],
  ['12,– €', '12', 'EUR'],
  ['1299.00', '1299', null],
  ['from $9.99', '9.99', 'USD'],
  ['¥1,000', '1000', 'JPY'],
  ['¥1,000', '1000', 'CNY', { defaultCurrency: 'CNY' }],
  ['12 EUR', '12', 'EUR'],
  ['EUR 12,50', '12.5', 'EUR'],
  ['US$12', '12', 'USD'],
  ['C$ 19.99', '19.99', 'CAD'],
  ['R$ 1.234,56', '1234.56', 'BRL'],
  ['99 kr', '99', null],
  ['99 kr', '99', 'SEK', { defaultCurrency: 'SEK' }],
  ['1 299 zł', '1299', 'PLN'],
  ['$5', '5', 'USD'],
  ['$5', '5', 'CAD', { defaultCurrency: 'CAD' }],
  ['$5', '5', 'USD', { defaultCurrency: 'EUR' }], // a EUR default says nothing about which dollar
  ['$5', '5', 'AUD', { currencyHint: 'A$' }],
  ['$5', '5', 'NZD', { currencyHint: 'nzd', defaultCurrency: 'CAD' }],
  ['€5', '5', 'EUR', { currencyHint: 'USD' }], // an unambiguous symbol in the text wins over a hint
  ['12.50', '12.5', 'EUR', { currencyHint: '€' }],
  ['12.50', '12.5', 'GBP', { defaultCurrency: 'gbp' }],
  ['2 for $5', '5', 'USD'],
  ['20% off: 49.90 EUR', '49.9', 'EUR'],
  ['Price: 1,234,567.89 USD', '1234567.89', 'USD'],
  ['1.234.567,89 €', '1234567.89', 'EUR'],
  ['₹1,23,456.00', '123456', 'INR'],
  ['1.299 €', '1299', 'EUR'], // one separator before three digits: thousands
  ['1,299', '1299', null],
  ['1.299', '1.299', null, { decimalSeparator: '.' }],
  ['0.999', '0.999', null],
  ['1,5', '1.5', null],
  ['-$5.00', '-5', 'USD'],
  ['-12,50 €', '-12.5', 'EUR'],
  ['0,00 €', '0', 'EUR'],
  ['123456789012345678901234.123456789', '123456789012345678901234.123456789', null],
  ['0.000000000000000000001', '0.000000000000000000001', null],
  ['call for price', null],
  ['€', null],
  ['', null],
  ['1,2,3', null],
  ['1.234.56', null],
];

describe('parsePrice', () => {
  it.each(CASES)('%j → %s %s', (text, amount, currency, options) => {
    const parsed = parsePrice(text, options);
    if (amount === null) {
      expect(parsed.ok).toBe(false);
      return;
    }
    if (!parsed.ok) throw new Error(`refused: ${parsed.reason}`);
    expect(parsed.amount.toFixed()).toBe(amount);
    expect(parsed.currency).toBe(currency ?? null);
  });

  it('returns the amount as written in amountText, original spaces included', () => {
    const amountText = (text: string) => {
      const parsed = parsePrice(text);
      return parsed.ok ? parsed.amountText : parsed.reason;
    };
    expect(amountText(`ab 1${NNBSP}234,56 €`)).toBe(`1${NNBSP}234,56`);
    expect(amountText('12,-')).toBe('12,-');
    expect(amountText('from $9.99 incl. VAT')).toBe('9.99');
  });

  it('never goes through a float: 17+ significant digits survive exactly', () => {
    const parsed = parsePrice('9007199254740993.01 USD');
    expect(amountOf(parsed)?.toFixed()).toBe('9007199254740993.01');
    expect(Number('9007199254740993.01').toString()).not.toBe('9007199254740993.01');
  });
});

describe('normalizeNumber', () => {
  it.each([
    ['1,299.00', '1299.00'],
    ['1.234,56', '1234.56'],
    ["1'234.50", '1234.50'],
    ['1 234 567', '1234567'],
    ['12,-', '12'],
    ['1234,567', '1234.567'], // not a valid grouping, so the lone comma is decimal
    ['1,23,456', '123456'],
    ['1,2345', '1.2345'],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeNumber(raw)).toBe(expected);
  });
});
