// Price rows generated systematically: amounts × locale formats (CLDR via Intl) × currency placements × surrounding labels and traps.
import currencyCodes from 'currency-codes';
import { encodeNonAsciiHTML } from 'entities';
import { Decimal } from '../../src/core/money';
import { LOCALE_CURRENCIES, labelsFor } from './price-table-locales';
import type { PriceRow } from './price-table-types';

const AMOUNTS: Readonly<Record<number, readonly string[]>> = {
  0: ['7', '99', '980', '1299', '12990', '129900', '1299000'],
  2: ['0.99', '4.50', '12.99', '100.00', '999.95', '1299.00', '12345.67', '1234567.89'],
  3: ['0.250', '3.350', '12.500', '1299.000'],
};

/** The fraction digits shops print (CLDR: HUF and IRR prices are whole, though ISO 4217 lists two). */
const digitsOf = (currency: string): number =>
  Math.min(currencyCodes.code(currency)?.digits ?? 2, new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2);
const at = (amount: string, digits: number): string => new Decimal(amount).toFixed(digits);

type Display = 'symbol' | 'narrowSymbol' | 'code';

/** The amount as a shop in `locale` prints it; Intl takes the decimal string exactly (no float). */
function format(locale: string, currency: string, amount: string, currencyDisplay: Display = 'symbol'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay }).format(amount as unknown as number);
}

const spaced = (text: string): string => text.replace(/ {2,}/g, ' ').trim();

/** Every amount in every display; with the page locale, and (codes only) without any option. */
function plainRows(locale: string, currency: string): PriceRow[] {
  const digits = digitsOf(currency);
  const rows: PriceRow[] = [];
  for (const amount of AMOUNTS[digits] ?? AMOUNTS[2]) {
    const texts = new Set((['symbol', 'narrowSymbol', 'code'] as const).map((display) => format(locale, currency, amount, display)));
    for (const text of texts) rows.push([text, amount, currency, { locale }]);
    rows.push([format(locale, currency, amount, 'code'), amount, currency]);
  }
  return rows;
}

/** The traps around a current price C: an old price O, a saving S, a unit price U, ranges, entities, free. */
function trapRows(locale: string, currency: string, current: string): PriceRow[] {
  const digits = digitsOf(currency);
  const C = at(current, digits);
  const O = at(new Decimal(current).times(1.25).plus(1).toFixed(digits, Decimal.ROUND_DOWN), digits);
  const S = at(new Decimal(O).minus(C).toFixed(), digits);
  const U = at(new Decimal(current).times(4).toFixed(digits, Decimal.ROUND_DOWN), digits);
  const f = (amount: string) => format(locale, currency, amount);
  const l = labelsFor(locale);
  const options = { locale };
  const row = (text: string, amount: string, cur: string | null = currency): PriceRow => [spaced(text), amount, amount.startsWith('price/') ? null : cur, options];
  return [
    row(`${l.was} ${f(O)} ${l.now} ${f(C)}`, C),
    row(`${f(C)} ${l.insteadOf} ${f(O)}`, C),
    row(`${l.rrp} ${f(O)} ${f(C)}`, C),
    row(`${l.rrp}: ${f(O)}`, 'price/reference-only'),
    row(`${l.save} ${f(S)}`, 'price/reference-only'),
    row(`${f(C)} ${l.save} ${f(S)}`, C),
    row(`${f(C)} (${f(U)}${l.perKg})`, C),
    row(`${f(C)} – ${f(O)}`, 'price/ambiguous'),
    row(`${l.from} ${f(C)} ${l.to} ${f(O)}`, 'price/ambiguous'),
    row(`${f(O)} ${f(C)}`, 'price/ambiguous'),
    row(`-20% ${f(C)} ${f(O)}`, C),
    row(`${f(C)}*`, C),
    row(`${f(C)} 500 ml`, C),
    row(`2 x 250 g ${f(C)}`, C),
    row(encodeNonAsciiHTML(f(C)), C),
    row(`${f(C)}`.replace(/\u00A0|\u202F/g, '&nbsp;'), C),
    [l.free, '0', currency, { locale, defaultCurrency: currency }],
  ];
}

/** Numbers that are no price, printed the locale's way: dates, sizes, percentages, exponents. */
function nonPriceRows(locale: string): PriceRow[] {
  const date = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.UTC(2024, 2, 12, 12)));
  const number = (value: string) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(value as unknown as number);
  const options = { locale };
  return [
    [date, 'price/not-a-price', null, options],
    [`${number('16.00')} ft`, 'price/not-a-price', null, options],
    [`${number('1.5')} kg`, 'price/not-a-price', null, options],
    [`${number('12.50')} %`, 'price/not-a-price', null, options],
    [`${number('250')} ml`, 'price/not-a-price', null, options],
  ];
}

function rowsFor(locale: string, currency: string): PriceRow[] {
  const digits = digitsOf(currency);
  const amounts = AMOUNTS[digits] ?? AMOUNTS[2];
  return [...plainRows(locale, currency), ...trapRows(locale, currency, amounts[2]), ...trapRows(locale, currency, amounts[5] ?? amounts[3]), ...nonPriceRows(locale)];
}

/** Distinct rows only: several locales print some amounts the same way. */
function distinct(rows: readonly PriceRow[]): PriceRow[] {
  const seen = new Set<string>();
  return rows.filter(([text, , , options]) => {
    const key = `${text}\u0000${JSON.stringify(options ?? null)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const GENERATED_ROWS: readonly PriceRow[] = distinct(LOCALE_CURRENCIES.flatMap(([locale, currency]) => rowsFor(locale, currency)));
