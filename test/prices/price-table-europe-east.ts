// Price table rows: Nordic, central/eastern European, Russian, Turkish and Middle-Eastern shops.
import { NBSP, NNBSP, hint, loc, sep, shop, type PriceRow } from './price-table-types';

const A = 'price/ambiguous';

export const EUROPE_EAST: PriceRow[] = [
  // Sweden
  ['199 kr', '199', 'SEK', shop('SEK')], ['1 299 kr', '1299', 'SEK', shop('SEK')], ['199:-', '199', 'SEK', shop('SEK')],
  ['1 299:-', '1299', 'SEK', shop('SEK')], ['149,00 kr', '149.00', 'SEK', shop('SEK')], ['1 499,00 SEK', '1499.00', 'SEK'],
  ['Ord. pris 399 kr 299 kr', '299', 'SEK', shop('SEK')], ['Ordinarie pris: 1 999 kr', '1999', 'SEK', shop('SEK')],
  [`2${NBSP}495 kr`, '2495', 'SEK', shop('SEK')], ['fr. 49 kr', '49', 'SEK', shop('SEK')], ['SEK 89', '89', 'SEK'],
  ['99 kr', '99', null], ['Spara 100 kr 399 kr', '399', 'SEK', shop('SEK')], ['12,50 kr/st', '12.50', 'SEK', shop('SEK')],
  // Norway
  ['kr 1 299,-', '1299', 'NOK', shop('NOK')], ['1 299,- kr', '1299', 'NOK', shop('NOK')], ['kr 499', '499', 'NOK', shop('NOK')],
  ['NOK 1 299,00', '1299.00', 'NOK'], ['Førpris 2 499,- 1 999,-', '1999', 'NOK', shop('NOK')], ['kr 89,90', '89.90', 'NOK', shop('NOK')],
  ['Kr 349,-', '349', 'NOK', shop('NOK')], ['Normalpris kr 599 kr 449', '449', 'NOK', shop('NOK')], ['1299 NOK', '1299', 'NOK'],
  // Denmark
  ['1.299,00 kr.', '1299.00', 'DKK', shop('DKK')], ['299,95 kr.', '299.95', 'DKK', shop('DKK')], ['kr. 1.299,-', '1299', 'DKK', shop('DKK')],
  ['DKK 499,00', '499.00', 'DKK'], ['Før 399,- Nu 299,-', '299', 'DKK', shop('DKK')], ['1.299 kr.', '1299', 'DKK', shop('DKK')],
  ['Spar 100,00 kr. 899,00 kr.', '899.00', 'DKK', shop('DKK')], ['49,95 DKK', '49.95', 'DKK'],
  // Iceland, Finland (EUR)
  ['12.990 kr.', '12990', 'ISK', shop('ISK')], ['ISK 4.990', '4990', 'ISK'], ['1.490 kr', '1490', 'ISK', shop('ISK')],
  ['24,90 €', '24.90', 'EUR'], ['Norm. 39,90 € 29,90 €', '29.90', 'EUR'],
  // Poland
  ['1 299,99 zł', '1299.99', 'PLN'], ['49,99 zł', '49.99', 'PLN'], [`1${NBSP}299 zł`, '1299', 'PLN'], ['1299 zł', '1299', 'PLN'],
  ['Poprzednia cena: 199,99 zł 149,99 zł', '149.99', 'PLN'], ['od 19,99 zł', 'price/range', null], ['PLN 89,00', '89.00', 'PLN'],
  ['89,00 PLN', '89.00', 'PLN'], ['Oszczędzasz 50 zł 249 zł', '249', 'PLN'], ['2 499,00 zł', '2499.00', 'PLN'], ['0,99 zł', '0.99', 'PLN'],
  ['1.299,00 zł', '1299.00', 'PLN'], [`12${NNBSP}999,00 zł`, '12999.00', 'PLN'],
  // Czechia / Slovakia
  ['1 299 Kč', '1299', 'CZK'], ['1 299,- Kč', '1299', 'CZK'], ['499,90 Kč', '499.90', 'CZK'], ['Cena: 12 990 Kč', '12990', 'CZK'],
  ['Původní cena 1 599 Kč 1 299 Kč', '1299', 'CZK'], ['Ušetříte 300 Kč 1 299 Kč', '1299', 'CZK'], ['CZK 2 490', '2490', 'CZK'],
  ['od 99 Kč', 'price/range', null], 
  // Hungary
  ['12 990 Ft', '12990', 'HUF'], ['1 299 Ft', '1299', 'HUF'], ['12.990 Ft', '12990', 'HUF'], ['HUF 4 990', '4990', 'HUF'],
  ['Ár: 24 990 Ft', '24990', 'HUF'], [`129${NBSP}990 Ft`, '129990', 'HUF'], ['990 Ft', '990', 'HUF'],
  // Romania, Bulgaria, Serbia, North Macedonia, Bosnia
  ['1.299,99 lei', '1299.99', 'RON'], ['49,99 Lei', '49.99', 'RON'], ['RON 129,00', '129.00', 'RON'], ['129,00 RON', '129.00', 'RON'],
  ['Preț vechi 199,99 lei 149,99 lei', '149.99', 'RON'], ['29,99 лв.', '29.99', 'BGN'], ['1 299,00 лв.', '1299.00', 'BGN'],
  ['BGN 45,90', '45.90', 'BGN'], ['1.299,00 RSD', '1299.00', 'RSD'], ['2.499 din.', '2499', 'RSD'], ['1.299 ден', '1299', 'MKD'],
  ['49,90 KM', '49.90', 'BAM'],
  // Russia, Ukraine, Kazakhstan
  ['1 299 ₽', '1299', 'RUB'], ['1 299 руб.', '1299', 'RUB'], ['1299 руб', '1299', 'RUB'], ['1 299 р.', '1299', 'RUB'],
  [`12${NBSP}990 ₽`, '12990', 'RUB'], ['от 499 ₽', 'price/range', null], ['Было 1 500 ₽ 1 200 ₽', '1200', 'RUB'], ['RUB 2 990', '2990', 'RUB'],
  ['1 299,50 ₽', '1299.50', 'RUB'], ['Старая цена: 3 990 ₽ 2 990 ₽', '2990', 'RUB'], ['1 299 грн', '1299', 'UAH'], ['₴1 299', '1299', 'UAH'],
  ['499,00 грн', '499.00', 'UAH'], ['UAH 1 299', '1299', 'UAH'], ['12 990 ₸', '12990', 'KZT'], ['KZT 4 990', '4990', 'KZT'],
  // Turkey
  ['1.299,90 TL', '1299.90', 'TRY'], ['₺1.299,90', '1299.90', 'TRY'], ['49,90 TL', '49.90', 'TRY'], ['TRY 299,00', '299.00', 'TRY'],
  ['Önceki fiyat: 399,90 TL 299,90 TL', '299.90', 'TRY'], ['1.299 TL', '1299', 'TRY'], ['12.499,00 ₺', '12499.00', 'TRY'],
  // Middle East: three minor digits decide "3.350"
  ['KD 3.350', '3.350', 'KWD'], ['3.350 KWD', '3.350', 'KWD'], ['KWD 12.500', '12.500', 'KWD'], ['KWD 1,299.000', '1299.000', 'KWD'],
  ['BD 12.500', '12.500', 'BHD'], ['BHD 4.750', '4.750', 'BHD'], ['OMR 4.500', '4.500', 'OMR'], ['JOD 9.990', '9.990', 'JOD'],
  ['12.500', '12.500', 'KWD', shop('KWD')], ['3.350', '3350', null], ['3.350', '3.350', null, sep('.')],
  ['3.350', '3350', 'EUR', shop('EUR')], ['KWD 3,350', '3350', 'KWD', sep('.')], ['د.ك 5.250', '5.250', 'KWD'],
  // Three ISO digits but none printed (IQD, CLDR 0): "12,500" dinars is twelve thousand five hundred, never 12.5
  ['IQD 12,500', '12500', 'IQD'], ['IQD 1.299', '1299', 'IQD'], ['\u200F١٢٬٥٠٠ د.ع.\u200F', '12500', 'IQD'], ['12.500 IQD', '12500', 'IQD'],
  // The Arabic and French signs of the other three-digit dinars: "12,500" is 12.5, never 12500 with no currency
  ['12,500 DT', '12.500', 'TND'], ['\u200F12,500 د.ت.\u200F', '12.500', 'TND'], ['12,500 د.ل.', '12.500', 'LYD'],
  // The separator the currency's country groups with ("," in Kuwait, "." in Tunisia): 1000× open between the
  // three printed decimals and the country's grouping, so refused, never 1.25 for a 1,250-dinar television
  ['KWD 1,250', A, null], ['12,500 KWD', A, null], ['12,500 BHD', A, null], ['OMR 1,299', A, null], ['DT 1.250', A, null], ['12.500 DT', A, null],
  ['1 299 DA', '1299', 'DZD'], ['1.299,00 د.ج.', '1299.00', 'DZD'], ['١٬٢٩٩ ر.ي.', '1299', 'YER'], ['L£1,299', '1299', 'LBP', shop('USD')],
  // A rial or dinar sign shared by three-digit and two-digit currencies: the amount is 1000× open until something names one
  ['12,500 ريال', A, null], ['١٢٫٥٠٠ ريال', A, null], ['12.500 dinars', A, null], ['12,500 دينار', A, null],
  // The shop's decimal separator reads three decimals the currency is never printed with: no amount of yen, dollars or euros
  ['¥1.299', A, null, { locale: 'ja-JP', decimalSeparator: '.' }], ['$1.299', A, null, sep('.', 'USD')], ['1.299 €', A, null, sep('.')], ['12.500 ريال', A, null, sep('.')],
  ['KWD 1.299', '1.299', 'KWD', sep('.')], ['¥1,299', '1299', 'JPY', { locale: 'ja-JP', decimalSeparator: '.' }],
  ['12,500 ريال', '12500', 'SAR', shop('SAR')], ['12.500 ريال', '12.500', 'OMR', loc('ar-OM')], ['99.50 ريال', '99.50', null], ['12.50 dinars', '12.50', null],
  ['AED 1,299.00', '1299.00', 'AED'], ['1,299.00 AED', '1299.00', 'AED'], ['Dhs 99', '99', 'AED'], ['99.00 د.إ', '99.00', 'AED'],
  ['SAR 1,299', '1299', 'SAR'], ['1,299.00 ر.س', '1299.00', 'SAR'], ['QAR 450', '450', 'QAR'], ['ر.ق 450', '450', 'QAR'],
  ['₪ 99.90', '99.90', 'ILS'], ['₪1,299', '1299', 'ILS'], ['99.90 ₪', '99.90', 'ILS'], ['ILS 249', '249', 'ILS'],
  ['EGP 1,299.00', '1299.00', 'EGP'], ['1,299.00 ج.م', '1299.00', 'EGP'], ['£E 150', '150', 'EGP', hint('EGP')],
  ['₾ 49.90', '49.90', 'GEL'], ['49.90 ₾', '49.90', 'GEL'], ['₼ 29.99', '29.99', 'AZN'],
];
