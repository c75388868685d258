// Words and numbers that sit around a price on real pages (SKUs, ratings, sizes, delivery times): adding them must never change the amount.
import type { PriceRow } from './price-table-types';

export const NOISE: readonly string[] = [
  'Art.-Nr. 104233', '4.5 out of 5 stars', '(1,234)', 'Lieferzeit 2-3 Tage', 'Only 3 left!', 'Size 42', '20% off', 'SKU 88123', '500 ml', '© 2024',
  'Ships 12.03.2024', '1.5 kg', 'Pack of 6', '256 GB', '★ 4.8 (151)', 'Model 2024', 'EAN 4006381333931', '3 Farben', 'incl. VAT', 'free returns',
  '12 x 30 cm', '16.00 ft', '14:30', 'Qty 2', 'Sizes 38, 40, 42', '-', '|', '·', 'Free shipping over $50', 'Save 20%', '4 payments of $7.50',
  'RRP £999.99', 'Was 9.999,00 €', 'Delivery 4.95', '(123 reviews)', 'Only 2 in stock', 'Gratis Versand ab 29 €', 'Model: X-2000', 'v2.0',
  'Ships in 24h', '10 % Rabatt', 'ab 2 Stück', 'inkl. 19% MwSt.', '+ 4,99 € Versand', '1x',
];

/**
 * Row i with noise before it and other noise after it (separately: noise holding a price of its own,
 * "Was 9.999,00 €", would make a text with two current prices), picked so every noise meets many rows.
 */
export function withNoise(rows: readonly PriceRow[]): PriceRow[] {
  return rows
    .filter(([, amount]) => !amount.startsWith('price/'))
    .flatMap(([text, amount, currency, options], index): PriceRow[] => [
      [`${NOISE[index % NOISE.length]} ${text}`, amount, currency, options],
      [`${text} ${NOISE[(index * 7 + 3) % NOISE.length]}`, amount, currency, options],
    ]);
}

/** Noise that holds a price of its own: beside a bare amount it can make two prices, so the cross below leaves it out. */
const PRICED_NOISE = new Set(['Free shipping over $50', '4 payments of $7.50', 'RRP £999.99', 'Was 9.999,00 €', 'Delivery 4.95', 'Gratis Versand ab 29 €', '+ 4,99 € Versand']);

/** Every row with every price-free noise before it and after it (~370,000 texts, ~10 s): the sample above, made whole. */
export function withEveryNoise(rows: readonly PriceRow[]): PriceRow[] {
  const noises = NOISE.filter((noise) => !PRICED_NOISE.has(noise));
  return rows
    .filter(([, amount]) => !amount.startsWith('price/'))
    .flatMap(([text, amount, currency, options]) =>
      noises.flatMap((noise): PriceRow[] => [
        [`${noise} ${text}`, amount, currency, options],
        [`${text} ${noise}`, amount, currency, options],
      ]),
    );
}

/** Texts the noise run once turned into wrong amounts, kept as rows of their own. */
export const NOISE_ROWS: PriceRow[] = [
  ['Art.-Nr. 104233 CHF 1’234.50 Pack of 6', '1234.50', 'CHF'], ['SKU 88123 EUR 100.00 Pack of 6', '100.00', 'EUR'], ['© 2024 R$ 49,90 Pack of 6', '49.90', 'BRL'],
  ['Size 42 299,95 kr.', '299.95', 'DKK', { defaultCurrency: 'DKK' }], ['Qty 2 990 Ft', '990', 'HUF'], ['Qty 2 149 € 99', '149.99', 'EUR'], ['RUB 2 990 Pack of 6', '2990', 'RUB'],
  ['Pack of 6 200 рублей', '200', 'RUB'], ['Pack of 6 １２３円', '123', 'JPY'], ['Qty 2 ٣٥٠ ر.س', '350', 'SAR'], ['10 000 € 20% off', '10000', 'EUR'],
  ['2 499 € 12 x 30 cm', '2499', 'EUR'], ['.75 20% off', '0.75', null], ['$.05 4.5 out of 5 stars', '0.05', 'USD', { locale: 'en-US' }], ['€,95 256 GB', '0.95', 'EUR'],
  ['Model 2024 119. 95 €', '119.95', 'EUR'], ['$119. 95 12 x 30 cm', '119.95', 'USD', { locale: 'en-US' }], ['© 2024 1.299, 00 €', '1299.00', 'EUR'],
  ['CHF 49. 90 16.00 ft', '49.90', 'CHF'], ['Normalpris kr 599 kr 449 Pack of 6', '449', 'NOK', { defaultCurrency: 'NOK' }], ['Sizes 38, 40', 'price/not-a-price', null],
  ['Førpris 2 499,- 1 999,- Pack of 6', '1999', 'NOK', { defaultCurrency: 'NOK' }], ['Qty 2 USD 1,234,567.89 Pack of 6', '1234567.89', 'USD'],
  ['Only 2 in stock 1 299,00 €', '1299.00', 'EUR'], ['Only 2 in stock 19,99 € 2 Stück', '19.99', 'EUR'], ['2,49 €/100 g Ships in 24h', '2.49', 'EUR'],
  ['Free shipping over $50 149 € 99', '149.99', 'EUR'], ['Free shipping over $50 980 ₫ (3.920 ₫/kg)', '980', 'VND'], ['₴1 299 Free shipping over $50', '1299', 'UAH'],
  ['Gratis Versand ab 29 € 1 299,00 ₸ (5 196,00 ₸/kg)', '1299.00', 'KZT'], ['1x $1,299.00 ($5,196.00/kg)', '1299.00', 'USD', { locale: 'en-US' }],
  ['1 x 12,99 € (25,98 €/kg)', '12.99', 'EUR'], ['Gratis Versand ab 29 € 12 345,67 EUR', '12345.67', 'EUR'],
  // A point for the decimals after the space groups (Swiss French): 345.67 alone was read, the 12 taken for the euro's cents
  ['Gratis Versand ab 29 € 12 345.67 CHF', '12345.67', 'CHF', { locale: 'fr-CH' }], ['ab 29 € 12 345.67 CHF', 'price/range', null, { locale: 'fr-CH' }],
  // Two digits scaled by a magnitude after a euro sign are an amount, not the sign's cents (read 42.12)
  ['Sizes 38, 40, 42 € 12 Tsd.', '12000', 'EUR'],
  // The whole cross of rows and noise (433,620 texts) once gave these: an option list counted as a quantity
  // ("449 Sizes 38, 40" lost its currency to the "Normalpris"), "SKU" read as a currency code that split
  // "12 990", a list's last item grouped with the amount, a year/model code/priced amount given the euro's
  // cents, a labelled count scaled by the magnitude, a currency glued to the digits read as a model code
  ['₡ 12 990 SKU 88123', '12990', 'CRC'], ['₴1 299 SKU 88123', '1299', 'UAH'], ['$119. 95 SKU 88123', '119.95', 'USD', { locale: 'en-US' }],
  ['Sizes 38, 40, 42 149 € 99', '149.99', 'EUR'], ['Normalpris kr 599 kr 449 Sizes 38, 40, 42', '449', 'NOK', { defaultCurrency: 'NOK' }],
  ['Precio normal $19.990 $14.990 Sizes 38, 40, 42', '14990', 'CLP', { defaultCurrency: 'CLP' }], ['Samsung 65" 4K $799 Sizes 38, 40, 42', '799', 'USD', { locale: 'en-US' }],
  ['Was $599 $449 Sizes 38', '449', 'USD', { locale: 'en-US' }], ['© 2024 € 89 p.P.', '89', 'EUR'], ['Model: X-2000 € 12', '12', 'EUR'],
  ['Free shipping over $50 € 89 p.P.', '89', 'EUR'], ['Size 42 500k ₫', '500000', 'VND'], ['Qty 2 500k ₫', '500000', 'VND'], ['Pack of 6 500k ₫', '500000', 'VND'],
  ['Delivery 4.95 R1,299.00', '1299.00', 'ZAR'], ['Delivery 4.95 Rp150.000', '150000', 'IDR'], ['Delivery 4.95 RM1,299.00', '1299.00', 'MYR'],
  ['3 Farben 12,99 €', '12.99', 'EUR'],
  // Two digits after a euro sign that have a sign of their own are the next amount, not the first one's cents (read 5.99, 129.99)
  ['5 € 99 €', 'price/ambiguous', null], ['12€ 99€', 'price/ambiguous', null], ['statt 129 € 99 €', '99', 'EUR'], ['UVP 59 € 49 €', '49', 'EUR'],
  ['5 € 99 EUR', 'price/ambiguous', null], ['12€ 49€/Monat', '12', 'EUR'],
  // A size in a country's sizing system before a space-grouped price is a number of its own (read 42129.99, 8129.99)
  ['EU 42 129,99 €', '129.99', 'EUR'], ['UK 8 129,99 €', '129.99', 'EUR'], ['Größe: EU 42 129,99 €', '129.99', 'EUR'], ['US 10 1 299,00 €', '1299.00', 'EUR'],
  ['US 129,99 €', '129.99', 'EUR'], ['de 199,90 por 149,90', '149.90', null],
  // A product name ending in a model number before a space-grouped amount: the number may be the amount's first group (read 15129.99, 5549.99)
  ['iPhone 15 129,99 €', 'price/ambiguous', null], ['PlayStation 5 549,99 €', 'price/ambiguous', null], ['Xbox 360 129,99 €', 'price/ambiguous', null],
  ['Air Max 90 149,99 €', 'price/ambiguous', null], ['Kapitel 12 129 Kč', 'price/ambiguous', null], ['Ab 1 299 €', 'price/range', null], ['Preis 1 299,00 €', '1299.00', 'EUR'],
  ['Původní cena 1 599 Kč Nyní 1 299 Kč', '1299', 'CZK'],
  ['iPhone 15 Pro Max 256 GB 1 449 €', '1449', 'EUR'],
  ['Gratis Versand ab 29 € 12 345 ₽', '12345', 'RUB'], ['Gratis Versand ab 29 € 12 990 XOF', '12990', 'XOF'], ['Free shipping over 29 € 12 345 Ft', '12345', 'HUF'],
  ['Free shipping over $50 ٩٨٠ د.ع. (٣٬٩٢٠ د.ع./kg)', '980', 'IQD'], ['Free shipping over $50 980 zł (3 920 zł/kg)', '980', 'PLN'], ['Ordinarie pris: 1 999 kr Ships in 24h', '1999', 'SEK', { defaultCurrency: 'SEK' }],
];
