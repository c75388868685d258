// parsePrice: each class of input that used to give a wrong amount gives the right one or a named refusal.
import { describe, expect, it } from 'vitest';
import { amountOf, normalizeNumber, parsePrice, PRICE_REFUSAL, type ParsePriceOptions } from '../../src/prices/parse-price';
import { priceParts } from '../../src/prices/price-parts';
import { showsPrice } from '../../src/prices/shows-price';

/** "12.5 EUR", "12.5 -" (no currency), or a refusal code. */
function outcome(text: string, options?: ParsePriceOptions): string {
  const parsed = parsePrice(text, options);
  return parsed.ok ? `${parsed.amount.toFixed()} ${parsed.currency ?? '-'}` : parsed.reason;
}

type Case = [text: string, want: string, options?: ParsePriceOptions];
const table = (cases: Case[]) => it.each(cases)('%j → %s', (text, want, options) => expect(outcome(text, options)).toBe(want));

const NBSP = '\u00A0';
const NNBSP = '\u202F';
const { notAPrice, ambiguous, referenceOnly } = PRICE_REFUSAL;

describe('parsePrice', () => {
  describe('basics', () => table([
    ['1.234,56 €', '1234.56 EUR'], ['£12.99', '12.99 GBP'], [`1${NNBSP}234,56${NNBSP}€`, '1234.56 EUR'], ["CHF 1'234.50", '1234.5 CHF'],
    ['12,-', '12 -'], ['12,– €', '12 EUR'], ['EUR 1.049,--', '1049 EUR'], ['1299.00', '1299 -'], ['12 EUR', '12 EUR'], ['US$12', '12 USD'],
    ['R$ 1.234,56', '1234.56 BRL'], ['1 299 zł', '1299 PLN'], ['€5', '5 EUR', { currencyHint: 'USD' }], ['12.50', '12.5 EUR', { currencyHint: '€' }],
    ['12.50', '12.5 GBP', { defaultCurrency: 'gbp' }], ['20% off: 49.90 EUR', '49.9 EUR'], ['1.299 €', '1299 EUR'], ['1.299', '1.299 -', { decimalSeparator: '.' }],
    ['0.999', '0.999 -'], ['1,5', '1.5 -'], ['0,00 €', '0 EUR'], ['123456789012345.123456789', '123456789012345.123456789 -'], ['123456789012345678901234.123456789', notAPrice],
    ['call for price', notAPrice], ['€', notAPrice], ['', notAPrice],
  ]));

  describe('a leading decimal point', () => table([
    ['.75', '0.75 -'], ['$.05', '0.05 USD', { locale: 'en-US' }], ['€ ,50', '0.5 EUR'], ['Price: .99 USD', '0.99 USD'], ['v.2 $4.99', '4.99 USD', { locale: 'en-US' }],
  ]));

  describe('a space between the decimal separator and the decimals', () => table([
    ['119. 95 €', '119.95 EUR'], ['118, 99 zł', '118.99 PLN'], ['£ 1,299. 00', '1299 GBP'], ['119. 95', ambiguous], ['Sizes 38, 40', notAPrice], ['38, 40', ambiguous],
  ]));

  describe('a price followed by a quantity, unit or pack size is never fused with it', () => table([
    ['12.50 / 100 g', '12.5 -'], ['1.99 500 ml', '1.99 -'], ['1,99 € 500 ml', '1.99 EUR'], ['3 for 10.00', ambiguous], ['2 for $5', ambiguous],
    ['4,99 € 250 g', '4.99 EUR'], ['9.99 12 pcs', '9.99 -'], ['1.49 2 l', '1.49 -'], ['€ 3,49 1 kg', '3.49 EUR'],
  ]));

  describe('exponents, dates, dimensions and years are no price', () => table([
    ['1e309', notAPrice], ['1E5', notAPrice], ['1.5e3 €', notAPrice], ['12.03.2024', notAPrice], ['2024-03-12', notAPrice], ['03/12/24', notAPrice],
    ['16.00 ft', notAPrice], ['12 x 30 cm', notAPrice], ['© 2024', notAPrice], ['2024年', notAPrice], ['Valid until 31.12.2024: 19,99 €', '19.99 EUR'],
    ['Since 1999 · $12.00', '12 USD', { locale: 'en-US' }], ['256 GB', notAPrice], ['1e5 12,50 €', '12.5 EUR'],
  ]));

  describe('literal HTML entities and Unicode spaces', () => table([
    ['12,50&nbsp;&euro;', '12.5 EUR'], ['&#8364; 9,99', '9.99 EUR'], ['&#x20AC;1&#x202F;299,00', '1299 EUR'], ['1&amp;nbsp;299,00 &amp;euro;', '1299 EUR'],
    ['&pound;12.99', '12.99 GBP'], ['1\u2009299,00 €', '1299 EUR'], ['1\u2007299,00 €', '1299 EUR'], ['1\u3000299円', '1299 JPY'], ['1\u205F299,00 €', '1299 EUR'],
    ['1\u2002299,00 €', '1299 EUR'], [`CHF 1\u2019299.50`, '1299.5 CHF'], ['CHF 1\u02BC299.50', '1299.5 CHF'], ['\u200F99.00 د.إ\u200E', '99 AED'], [`1${NBSP}299 kr`, '1299 SEK', { locale: 'sv-SE' }],
  ]));

  describe('was/now, ranges, RRP and savings: the current price or a refusal, never the old one', () => table([
    ['Was £15 Now £12', '12 GBP'], ['From £10 to £20', ambiguous], ['£10 – £20', ambiguous], ['10 – 20 €', ambiguous], ['von 10 bis 20 €', ambiguous],
    ['RRP £20.00', referenceOnly], ['Save £5.00', referenceOnly], ['RRP £20.00 £15.00', '15 GBP'], ['£24.99 Save £5.00', '24.99 GBP'], ['€ 1.299,00 € 999,00', ambiguous],
    ['-15% 84,99 € 99,99 €', '84.99 EUR'], ['Regular price £25.00', '25 GBP'], ['Regular price £25.00 Sale price £20.00', '20 GBP'], ['$7.50/mo', ambiguous],
    ['10x de R$ 12,99', ambiguous], ['R$ 149,90 à vista ou 10x de R$ 14,99', '149.9 BRL'], ['Free shipping over £50 £19.95', '19.95 GBP'], ['£2.50 off', referenceOnly],
  ]));

  describe('"Free" and its translations are zero where the text is a price', () => table([
    ['Free', '0 -'], ['FREE', '0 -'], ['Gratis', '0 -'], ['Kostenlos', '0 EUR', { defaultCurrency: 'EUR' }], ['Gratuit', '0 -'], ['Gratuito', '0 -'], ['Бесплатно', '0 -'],
    ['無料', '0 -'], ['免费', '0 -'], ['Price: Free', '0 -'], ['Free shipping', notAPrice], ['送料無料', notAPrice], ['Kostenloser Versand', notAPrice], ['Free returns', notAPrice],
  ]));

  describe('the same character as group and decimal separator', () => table([
    ['1.234.56', ambiguous], ['1,234,56 €', ambiguous], ['1,2,3', ambiguous], ['1.234.567', '1234567 -'], ['1,234,567.89', '1234567.89 -'], ['1.234,567.89', ambiguous],
  ]));

  describe('currencies written as words, codes and shared symbols', () => table([
    ['Price: £ 12.50', '12.5 GBP'], ['20 евро', '20 EUR'], ['100 юаней', '100 CNY'], ['50 złotych', '50 PLN'], ['3,50 лв.', '3.5 BGN'], ['1 299 Kč', '1299 CZK'],
    ['12 990 Ft', '12990 HUF'], ['49,90 lei', '49.9 RON'], ['1 299 руб.', '1299 RUB'], ['299 грн', '299 UAH'], ['₺1.299,90', '1299.9 TRY'], ['1.299 TL', '1299 TRY'],
    ['₹1,299', '1299 INR'], ['Rs. 1,299', '1299 INR', { defaultCurrency: 'INR' }], ['Rs. 1,299', '1299 PKR', { locale: 'ur-PK' }],
    // Unresolved, "Rs." is also the rupee of Mauritius and the Seychelles, whose main language (CLDR: French) writes "," for decimals: 1299 or 1.299.
    ['Rs. 1,299', ambiguous], ['₩29,900', '29900 KRW'], ['29,900원', '29900 KRW'],
    ['1,290 บาท', '1290 THB'], ['1.299.000 ₫', '1299000 VND'], ['299.000đ', '299000 VND'], ['RM 49.90', '49.9 MYR'], ['Rp 99.000', '99000 IDR'], ['₱499', '499 PHP'],
    ['CHF 19.90', '19.9 CHF'], ['Fr. 12.50', '12.5 CHF'], ['SFr. 49.00', '49 CHF'], ['$12', '12 -'], ['$12', '12 USD', { locale: 'en-US' }], ['$12', '12 CAD', { locale: 'en-CA' }],
    ['$12', '12 CAD', { locale: 'fr-CA' }], ['$12', '12 MXN', { locale: 'es-MX' }], ['$12', '12 AUD', { defaultCurrency: 'AUD' }], ['$12', '12 NZD', { currencyHint: 'nzd', defaultCurrency: 'CAD' }],
    ['$12', '12 -', { defaultCurrency: 'EUR' }], ['$12', '12 AUD', { currencyHint: 'A$' }], ['$1,299 MXN', '1299 MXN'], ['99 kr', '99 -'], ['99 kr', '99 SEK', { locale: 'sv-SE' }],
    ['99 kr', '99 NOK', { locale: 'nb-NO' }], ['99 kr.', '99 DKK', { locale: 'da-DK' }], ['990 kr.', '990 ISK', { locale: 'is-IS' }], ['¥1,980', '1980 -'], ['¥1,980', '1980 JPY', { locale: 'ja-JP' }],
    ['¥199', '199 CNY', { locale: 'zh-CN' }], ['¥199', '199 CNY', { defaultCurrency: 'CNY' }], ['199元', '199 TWD', { locale: 'zh-TW' }], ['1,980円', '1980 JPY'], ['15 000 FCFA', '15000 XOF', { locale: 'fr-SN' }],
    ['15 000 FCFA', '15000 XAF', { locale: 'fr-CM' }], ['$5', '5 -', { locale: 'not a locale' }],
  ]));

  it('records how a shared symbol was resolved, and the candidates when nothing resolves it', () => {
    const pick = (text: string, options?: ParsePriceOptions) => {
      const parsed = parsePrice(text, options);
      return parsed.ok ? [parsed.currency, parsed.currencySource, parsed.currencyCandidates?.slice(0, 3) ?? null] : parsed.reason;
    };
    expect(pick('€5')).toEqual(['EUR', 'text', null]);
    expect(pick('$5', { currencyHint: 'CAD' })).toEqual(['CAD', 'hint', null]);
    expect(pick('$5', { locale: 'en-AU' })).toEqual(['AUD', 'locale', null]);
    expect(pick('$5', { defaultCurrency: 'NZD' })).toEqual(['NZD', 'default', null]);
    expect(pick('$5')).toEqual([null, null, ['USD', 'CAD', 'AUD']]);
    expect(pick('5', { defaultCurrency: 'EUR' })).toEqual(['EUR', 'default', null]);
    expect(pick('5', { currencyHint: 'chf' })).toEqual(['CHF', 'hint', null]);
    expect(pick('5')).toEqual([null, null, null]);
  });

  it('never lets the locale turn a thousands group into decimals: where it writes the separator for decimals the amount is refused', () => {
    expect(outcome('1.299 €', { locale: 'en' })).toBe(ambiguous);
    expect(outcome('1,299 €', { locale: 'fr-FR' })).toBe(ambiguous);
    expect(outcome('1.299 €', { locale: 'de' })).toBe('1299 EUR');
    expect(outcome('1.299', { locale: 'de-CH', decimalSeparator: '.' })).toBe('1.299 -');
    expect(outcome('KWD 3.350', { locale: 'en-US' })).toBe('3.35 KWD');
  });

  // One separator before exactly three digits in a currency printed with two decimals: 1.299 mistyped or 1299 grouped, 1000× apart.
  describe('one separator before three digits decides nothing where it is the decimal mark', () => table([
    ['£1.299', ambiguous], ['US$1.299', ambiguous], ['$1.299', ambiguous], ['$1.299', ambiguous, { locale: 'en-US' }], ['1.299 CHF', ambiguous],
    ['£1.299', '1299 GBP', { locale: 'de-DE' }], ['US$1.299', '1299 USD', { locale: 'de' }], ['£1.299', ambiguous, { locale: 'en-GB' }],
    ['$1,299', '1299 USD', { locale: 'en-US' }], ['1.299 €', '1299 EUR'], ['1.299 kr.', '1299 -'], ['R$ 1.299', '1299 BRL'], ['¥1.980', '1980 JPY', { locale: 'ja-JP' }],
    ['$ 1.299 en 12 cuotas de $ 108,25', '1299 -'], ['£1.299 or £12.99 a month', ambiguous, { locale: 'de-DE' }], ['1.299 €', ambiguous, { locale: 'en-IE' }],
    ['£1.299/kg', '1.299 GBP'], ['£1,299', '1299 GBP'], ['KWD 1.299', '1.299 KWD'], ['1.299', ambiguous, { defaultCurrency: 'USD' }], ['1.299', '1299 -'],
  ]));

  describe('negative numbers, minor units, Indian grouping and other digits', () => table([
    ['-$5.00', '-5 USD', { locale: 'en-US' }], ['-12,50 €', '-12.5 EUR'], ['\u221212,50 €', '-12.5 EUR'], ['10-20', ambiguous], ['JPY 1,980', '1980 JPY'], ['KWD 3.350', '3.35 KWD'],
    ['BHD 4.750', '4.75 BHD'], ['3.350', '3350 -'], ['₹1,23,456.78', '123456.78 INR'], ['₹12,34,567', '1234567 INR'], ['1 23 456', ambiguous], ['٣٥٠٫٥٠ د.إ', '350.5 AED'],
    ['١٬٢٩٩ ر.س', '1299 SAR'], ['۱۲۳٬۴۵۶ ریال', '123456 IRR'], ['１，２３４円', '1234 JPY'], ['￥１，２３４', '1234 JPY', { locale: 'ja-JP' }], ['₹१,२९९', '1299 INR'],
  ]));

  it('returns the amount as written in amountText, after entity decoding', () => {
    const amountText = (text: string) => {
      const parsed = parsePrice(text);
      return parsed.ok ? parsed.amountText : parsed.reason;
    };
    expect(amountText(`Preis 1${NNBSP}234,56 €`)).toBe(`1${NNBSP}234,56`);
    expect(amountText('12,-')).toBe('12,-');
    expect(amountText('now $9.99 incl. VAT')).toBe('9.99');
    expect(amountText('1&nbsp;299,00&nbsp;&euro;')).toBe(`1${NBSP}299,00`);
    expect(amountText('Gratis')).toBe('Gratis');
  });

  it('marks a free price as free', () => {
    const parsed = parsePrice('Kostenlos', { defaultCurrency: 'EUR' });
    expect(parsed.ok && parsed.free).toBe(true);
    expect(parsePrice('0,00 €').ok && (parsePrice('0,00 €') as { free?: true }).free).toBeFalsy();
  });

  it('refuses with a detail that says why', () => {
    const detail = (text: string) => {
      const parsed = parsePrice(text);
      return parsed.ok ? 'parsed' : parsed.detail;
    };
    expect(detail('From £10 to £20')).toMatch(/range/);
    expect(detail('12.03.2024')).toMatch(/date/);
    expect(detail('RRP £20')).toMatch(/reference/);
    // A delivery word alone between two amounts may label either: the refusal says so, not "more than one current price".
    expect(detail('12,99 € Versandkosten 4,95 €')).toMatch(/delivery word between "12,99" and "4,95"/);
    expect(detail('£3.99 delivery £25.00')).toMatch(/delivery word between/);
    // "¥99 含税" on a Japanese page: the text's language and the locale name different currencies.
    expect(parsePrice('¥99 含税', { locale: 'ja-JP' })).toMatchObject({ ok: false, detail: expect.stringMatching(/written in Chinese, whose sign is CNY, but the locale says JPY/) });
  });

  it('never goes through a float: 17+ significant digits survive exactly', () => {
    // 15 whole digits, the most a price has (src/prices/implausible-amount.ts), and two decimals a double cannot keep.
    const parsed = parsePrice('999999999999999.99 USD');
    expect(amountOf(parsed)?.toFixed()).toBe('999999999999999.99');
    expect(Number('999999999999999.99').toString()).not.toBe('999999999999999.99');
  });

  it('reads a 100 KB text in one linear pass (no backtracking blow-up)', () => {
    // Each filler once hit a quadratic path (a slice per number, a re-mask per date); now each finishes in well under a second.
    const filler = ['1 ', '12,99 € ', '2024-01-01 ', '1e', '&nbsp;'];
    for (const piece of filler) {
      const text = piece.repeat(Math.ceil(100_000 / piece.length));
      expect(() => parsePrice(text)).not.toThrow();
    }
  });
});

describe('showsPrice', () => {
  it('says whether a card shows an amount with a currency, whichever price it is', () => {
    for (const text of ['$1,299.00', 'ab 9,99 €', '$10 – $20', 'Was £15 Now £12', 'Kettle 12,99 EUR ★ 4.5']) expect(showsPrice(text)).toBe(true);
    for (const text of ['Next page', '4.5 (151)', 'Ships 12.03.2024', '20 % off everything', 'ALL 12 items']) expect(showsPrice(text)).toBe(false);
  });
});

describe('priceParts', () => {
  const parts = (text: string, options?: ParsePriceOptions) => priceParts(text, options).map((part) => `${part.role} ${part.price.amount.toFixed()} ${part.price.currency ?? '-'}`);

  it('lists every amount of a refused text with the role its label gives it, exact, dates and sizes left out', () => {
    expect(parts('RRP £40.00')).toEqual(['reference 40 GBP']);
    expect(parts('4 x 32,25 €')).toEqual(['multiple 32.25 EUR']);
    expect(parts('Was £15 Now £12')).toEqual(['reference 15 GBP', 'current 12 GBP']);
    expect(parts('$10 – $20', { defaultCurrency: 'USD' })).toEqual(['plain 10 USD', 'plain 20 USD']);
    expect(parts('12,50 € / 100 g · lieferbar bis 12.03.2025')).toEqual(['unit 12.5 EUR']);
    expect(parts('3.350 KWD')).toEqual(['plain 3.35 KWD']);
    // One amount 1000× open (SAR 12500 or OMR 12.5): no part at all, never the text's other amount as its only one.
    expect(parts('RRP 12.500 ريال 9,99 €')).toEqual([]);
    expect(parts('IQD 12,500')).toEqual(['plain 12500 IQD']);
    expect([priceParts('$10 – $20').map((part) => part.rangeEnd), priceParts('Was £15 Now £12').map((part) => part.rangeEnd)]).toEqual([[true, true], [false, false]]);
  });
});

describe('normalizeNumber', () => {
  it.each([
    ['1,299.00', '1299.00'], ['1.234,56', '1234.56'], ["1'234.50", '1234.50'], ['1 234 567', '1234567'], ['12,-', '12'], ['1234,567', '1234.567'],
    ['1,23,456', '123456'], ['1,2345', '1.2345'], ['1.99 500', null], ['1 23 456', null], ['1.234 567', null],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeNumber(raw)).toBe(expected);
  });
});
