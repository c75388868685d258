// Price table rows: Latin letters that are a currency's sign in one place and a size, a class or an initial in another.
import { loc, shop, type PriceRow } from './price-table-types';

const A = 'price/ambiguous';

export const LETTER_SIGNS: PriceRow[] = [
  // A tyre's size: "R16" is a 16-inch radial rim, no rand (16 ZAR was stored on a EUR tyre shop, over the shop's own currency).
  ['205/55 R16 89,90', '89.90', 'EUR', shop('EUR')], ['205/55 R16 91V 89,90', '89.90', 'EUR', shop('EUR')], ['205/55R16 91V 89,90 €', '89.90', 'EUR'],
  ['225/45 ZR17 94Y 119,00 €', '119.00', 'EUR'], ['Michelin Primacy 4 205/55 R16 91V £89.90', '89.90', 'GBP'], ['LT265/75R16 123R $189.99', '189.99', 'USD', loc('en-US')],
  ['205/55 R 16 89,90 €', '89.90', 'EUR'], ['205/55 R16', 'price/not-a-price', null, shop('EUR')],
  // Still the rand where it is written beside the amount.
  ['R16', '16', 'ZAR'], ['R 16,50', '16.50', 'ZAR', shop('EUR')], ['Only R16 each', '16', 'ZAR'], ['Fr. –.50 (Rappen)', '0.50', 'CHF'],
  // One or two letters away from the amount are a class, a rating, a size or an initial, never its currency: the shop's stands.
  ['R-Klasse 12,99', '12.99', 'EUR', shop('EUR')], ['Serie R, 12,99', '12.99', 'EUR', shop('EUR')], ['12.99 (R)', '12.99', 'GBP', shop('GBP')],
  ['Colour: R / 12.99', '12.99', 'GBP', shop('GBP')], ['Movie (Rated R) 12.99', '12.99', 'USD', shop('USD')], ['TL-Serie, 49,90', '49.90', 'EUR', shop('EUR')],
  // A letter after a size, rating, class or type label is that label's value, even one space from the amount: the rand was read.
  ['Size R 12.99', '12.99', 'USD', shop('USD')], ['Size: R 12.99', '12.99', 'USD', shop('USD')], ['Rated R 12.99', '12.99', 'USD', shop('USD')],
  ['Größe R 12,99 €', '12.99', 'EUR'], ['Gr. R 12,99', '12.99', 'EUR', shop('EUR')], ['Taille R 12,99', '12.99', 'EUR', shop('EUR')],
  ['Honda Civic Type R £12.99', '12.99', 'GBP'], ['Type R 12.99', '12.99', 'GBP', shop('GBP')], ['Fit: R 12.99', '12.99', 'USD', shop('USD')],
  // After a size's value, or with no label, the letter beside the amount is the rand's sign still.
  ['Size 10 R 299.00', '299.00', 'ZAR'], ['Size: M, R 299', '299', 'ZAR'], ['Price R 12.99', '12.99', 'ZAR', shop('USD')],
  // The Latin abbreviations of the three-decimal dinars and rials: "JD 12.500" is twelve and a half dinars (12500 was read, in the shop's currency).
  ['JD 12.500', '12.500', 'JOD'], ['12.500 JD', '12.500', 'JOD'], ['12.500 JD', '12.500', 'JOD', shop('USD')], ['JD 25', '25', 'JOD'], ['JD 1,250', A, null],
  ['R.O. 12.500', '12.500', 'OMR'], ['12.500 R.O.', '12.500', 'OMR'], ['R.O. 3.750', '3.750', 'OMR', shop('USD')],
  // The Gulf's Latin abbreviations beside KD and BD: "QR 120" (Qatar), "SR 99" (Saudi Arabia), "Dh 45" (the UAE, "DH" in Morocco),
  // "RO 1.250" (Oman). Nothing was read: no price on the page, or the shop's currency in their place.
  ['QR 120', '120', 'QAR'], ['QR 1,299.00', '1299.00', 'QAR', shop('USD')], ['120 QR', '120', 'QAR'], ['SR 99.00', '99.00', 'SAR'], ['1,299 SR', '1299', 'SAR', shop('USD')],
  ['Dh 45', '45', 'AED', loc('en-AE')], ['Dh 45', '45', 'MAD', loc('fr-MA')], ['Dh 45', '45', null], ['SR 99', '99', 'SCR', loc('en-SC')], ['RO 1.250', '1.250', 'OMR'], ['RO 12', '12', 'OMR', shop('USD')],
  // A size's value, a rating, still: no rial.
  ['Size SR 12.99', '12.99', 'USD', shop('USD')],
  // Libya writes "," for the decimal (CLDR ar-LY), so "LD 12.500" is 12.5 or 12500 as "LYD 12.500" is: refused, never 12500 read bare.
  ['LD 12.500', A, null], ['12,500 LD', '12.500', 'LYD'], ['LD 12', '12', 'LYD'],
  // Round 27: CLDR's home signs of one or two letters are no token, so the default took their place ("Q 129.00" on a USD shop was
  // 129 USD); beside the amount they leave only a default among their currencies, after a word they end a name
  ['Q 129.00', A, null, shop('USD')], ['Q. 129.00', A, null, shop('USD')], ['Precio: Q 129.00', A, null, shop('USD')], ['L 1,299.00', A, null, shop('EUR')],
  ['K 12,990', A, null, shop('USD')], ['1 500 Kz', A, null, shop('USD')], ['129 Ar', A, null, shop('EUR')], ['Q 129.00', A, null, { currencyHint: 'USD' }],
  ['L 1,299.00', '1299.00', 'MDL', shop('MDL')], ['1 500 Kz', '1500', 'AOA', shop('AOA')],
  ['Size M 12.99', '12.99', 'USD', shop('USD')], ['Vitamin E 12.99', '12.99', 'USD', shop('USD')], ['XL 12.99', '12.99', 'USD', shop('USD')],
];
