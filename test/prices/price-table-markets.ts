// Price table rows, round 9: instalments, monthly prices and down payments as Turkish, Israeli, Gulf, Thai, Vietnamese,
// Indonesian, Korean, Indian, Polish, Swiss and Brazilian shops write them, amounts written as whole units and hundredths,
// and the Arabic decimal and thousands separators.
import { loc, shop, type PriceRow } from './price-table-types';

const A = 'price/ambiguous';
const N = 'price/not-a-price';

export const MARKETS: PriceRow[] = [
  // Round 23: "£" in an Egyptian or Lebanese shop is its own pound: the default or locale named it, yet "£" knew only GBP and its par pounds and SYP (GBP stored).
  ['£ 99', '99', 'EGP', shop('EGP')], ['£99', '99', 'EGP', loc('ar-EG')], ['£99', '99', 'LBP', loc('ar-LB')], ['£99', '99', 'SYP', loc('ar-SY')], ['£99', '99', 'GBP'],
  ['£99', '99', 'GBP', loc('en')], ['£1.299', '1299', 'LBP', shop('LBP')],
  // One instalment or a monthly price, alone: never the product's price
  ['41,63 € monatl.', A, null], ['CHF 49.– / Mt.', A, null], ['Fr. 49.– /Mt.', A, null], ['99,90 zł x 10 rat', A, null],
  ['12 taksit x 102,88 TL', A, null], ['102,88 TL x 12 taksit', A, null], ['Aylık 102,88 TL', A, null], ['102,88 TL/ay', A, null], ['102,88 TL x 12 ay', A, null],
  ['3 תשלומים של ₪333', A, null], ['₪333 לחודש', A, null], ['₪333 בחודש', A, null],
  ['قسّطها على 4 دفعات بقيمة 24.75 ر.س', A, null], ['4 دفعات بقيمة 24.75 ر.س مع تابي', A, null], ['شهرياً 99 ر.س', A, null], ['99 ر.س / شهرياً', A, null], ['99 ر.س شهريا', A, null],
  ['4 دفعات شهرية بقيمة 24.75 د.إ', A, null],
  ['เดือนละ 1,299 บาท', A, null], ['ผ่อน 0% 10 เดือน เดือนละ 1,299 บาท', A, null], ['1,299 บาท/เดือน', A, null],
  ['1.250.000₫/tháng', A, null], ['Trả góp 1.250.000₫ x 12 tháng', A, null], ['Rp 125.000/bulan', A, null], ['Rp 125.000/bln', A, null], ['Rp125.000 x 12 bulan', A, null],
  ['Cicilan Rp 125.000', A, null], ['월 12,500원', A, null], ['12,500원/월', A, null], ['12개월 무이자 월 12,500원', A, null], ['EMI ₹2,499', A, null],
  // A down payment ("entrada", "sinal"): the first part of a financed price
  ['Entrada de R$ 100,00', A, null], ['Sinal: 50 €', A, null],
  // The same beside the price: the price
  ['999 zł lub 99,90 zł x 10 rat', '999', 'PLN'], ['1.234,56 TL 12 taksit x 102,88 TL', '1234.56', 'TRY'], ['₪999 או 3 תשלומים של ₪333', '999', 'ILS'],
  ['99.00 ر.س أو 4 دفعات بقيمة 24.75 ر.س', '99.00', 'SAR'], ['12,990 บาท ผ่อน 0% 10 เดือน เดือนละ 1,299 บาท', '12990', 'THB'],
  ['15.000.000₫ Trả góp 1.250.000₫/tháng', '15000000', 'VND'], ['Rp 1.500.000 Cicilan Rp 125.000/bln', '1500000', 'IDR'],
  ['150,000원 12개월 무이자 월 12,500원', '150000', 'KRW'], ['₹29,999 EMI ₹2,499', '29999', 'INR'], ['R$ 600,00 Entrada de R$ 100,00', '600.00', 'BRL'],
  // A count of payments or months alone is no amount (a shop's default currency would make it one)
  ['12 תשלומים', N, null], ['עד 12 תשלומים ללא ריבית', N, null], ['Peşin fiyatına 12 taksit', N, null], ['무이자 12개월', N, null],
  ['10 rat 0%', N, null], ['ผ่อน 0% 10 เดือน', N, null], ['Cicilan 0% 12 bulan', N, null], ['Trả góp 0% 12 tháng', N, null],
  // Whole units and their hundredths written as two numbers, each with its word: one amount (the whole units alone were stored)
  ['12 zł 99 gr', '12.99', 'PLN'], ['12zł 99gr', '12.99', 'PLN'], ['0 zł 99 gr', '0.99', 'PLN'], ['12 руб. 50 коп.', '12.50', 'RUB'], ['1 299 руб. 00 коп.', '1299.00', 'RUB'],
  ['12р. 50к.', '12.50', 'RUB'], ['12 грн 50 коп.', '12.50', 'UAH'], ['5 лв. 99 ст.', '5.99', 'BGN'], ['12 lei 50 bani', '12.50', 'RON'], ['12 Kč 50 hal.', '12.50', 'CZK'],
  ['12 EUR 99 ct', '12.99', 'EUR'], ['12 Euro 99 Cent', '12.99', 'EUR'], ['12 € 5 ct', '12.05', 'EUR'], ['12 dollars 99 cents', '12.99', 'USD', loc('en-US')],
  ['$12 and 99 cents', '12.99', 'USD', loc('en-US')], ['1,299 dollars and 50 cents', '1299.50', 'USD', loc('en-US')], ['£12 and 50p', '12.50', 'GBP'],
  ['159 reais com 90 centavos', '159.90', 'BRL'], ['R$ 12 e 50 centavos', '12.50', 'BRL'], ['12 kr 50 öre', '12.50', 'SEK'], ['12 TL 50 kuruş', '12.50', 'TRY'],
  ['₪ 12 ו-50 אג׳', '12.50', 'ILS'], ["CHF 1'299 und 50 Rappen", '1299.50', 'CHF'], ['Was 15 zł 99 gr now 12 zł 99 gr', '12.99', 'PLN'],
  ['Antes: 159 reais com 90 centavos', 'price/reference-only', null], ['od 12 zł 99 gr', 'price/range', null], ['12 zł 99 gr – 15 zł 99 gr', A, null],
  // Not hundredths: hours, grams, a count, a bare "h" or "p" apart from the digits; a whole number over 99
  ['499 Kč 24 h', '499', 'CZK'], ['12 zł 500 g', '12', 'PLN'], ['12 zł 100 gr', '12', 'PLN'], ['12,99 zł 99 gr', '12.99', 'PLN'], ['$12 60 ct', A, null, loc('en-US')],
  ['£12 50 p', A, null], ['1 234 567 890 zł 50 gr', '1234567890.50', 'PLN'],
  // Hundredths alone, as a page sets them in an element of their own: no amount of the currency (read as 50 of the default)
  ['50 коп.', N, null], ['99 groszy', N, null], ['50 bani', N, null], ['50 öre', N, null], ['50 Rappen', N, null],
  // The Arabic decimal separator (٫) is a decimal point and the Arabic thousands separator (٬) only groups, whatever the digits after them
  ['١٫٢٩٩ ر.س', A, null], ['١٫٢٩٩ ر.س', A, null, { decimalSeparator: ',' }], ['١٬٢٣٤٥٠ ج.م', A, null], ['١٢٬٥٠ ر.س', A, null],
  ['١٫٢٩٩ د.ك', '1.299', 'KWD'], ['١٬٢٣٤٫٥٠ ر.س', '1234.50', 'SAR'], ['١٬٢٩٩ ر.س', '1299', 'SAR'], ['١٬٢٩٩٫٥٠٠ د.ك', '1299.500', 'KWD'],
  // ...except before three digits of a three-decimal currency, where shops type it for the decimal point too ("KWD 3,500" alike)
  ['١٬٢٩٩ د.ك', A, null], ['١٢٬٥٠٠ د.ك', A, null],
  ['١٢٫٥٠ ر.س', '12.50', 'SAR', { decimalSeparator: ',' }], ['۱٬۲۳۴٬۵۶۷ ریال', '1234567', 'IRR'],
];
