// Price table rows, round 21: number formats and signs around the world, German delivery compounds, and points, deposits and marks beside the price.
import { loc, NNBSP, type PriceRow } from './price-table-types';

const A = 'price/ambiguous';
const N = 'price/not-a-price';
const R = 'price/reference-only';
const JA = loc('ja-JP');
const US = loc('en-US');
const SV = loc('sv-SE');

export const WORLD_FORMATS: PriceRow[] = [
  // A loyalty scheme's points under its name are a count, no second price (the first refused before); "Bonus points 500" may be either's
  ['49,99 € 50 Payback Punkte', '49.99', 'EUR'], ['49,99 € + 50 DeutschlandCard Punkte', '49.99', 'EUR'], ['¥3,980 39 Rakuten Super Points', '3980', 'JPY', JA],
  ['49.99 Bonus points 500', A, null],
  // A deposit's noun closes the charge "zzgl." opened: the amount after it is the price (both refused before)
  ['Pfandflasche zzgl. 0,25 € Pfand 1,29 €', '1.29', 'EUR'], ['zzgl. 0,25 € Pfand 1,29 €', '1.29', 'EUR'], ['+ $0.10 deposit $1.99', '1.99', 'USD', US],
  // Spanish "PVC" is "precio de venta al cliente" (the price) to some and PVC the plastic to others: two amounts stay refused
  ['PVC 29,99 € 19,99 €', A, null],
  // German delivery compounds by their head or a charge after a delivery word (stored as the price before); other heads name products
  ['Frachtkosten 49,00 €', R, null], ['Portopauschale 4,90 €', R, null], ['Briefporto 1,10 €', R, null], ['Seefracht 99,00 €', R, null], ['Sperrgutzuschlag 19,90 €', R, null],
  ['Expressversandkosten 9,90 €', R, null], ['Lieferkostenpauschale 4,90 €', R, null], ['29,99 € Expressversand', R, null], ['Expresslieferung: 9,90 € 49,99 €', '49.99', 'EUR'],
  ['Versandtasche 1,99 €', '1.99', 'EUR'], ['Lieferwagen Modell 19,99 €', '19.99', 'EUR'], ['Gratisversand 19,99 €', '19.99', 'EUR'], ['Gratis-Versand 19,99 €', '19.99', 'EUR'],
  ['Oporto 19,99 €', '19.99', 'EUR'], ['Ruby Porto 12,99 €', '12.99', 'EUR'],
  // A sign between a labelled number and a measure makes neither a price (500 and 256 EUR were stored)
  ['Modell 19,99 € 500 ml', N, null], ['Size 42 € 256 GB', N, null], ['Lieferwagen Modell 19,99 € 3 Farben', N, null], ['Modell 19,99 €', '19.99', 'EUR'],
  // Digits run on through an underscore or a spacing accent: one number we cannot read (299.99 was stored)
  ['1_299,99 €', A, null], ['1˙299.00 €', A, null],
  // Decimal digits of every script (Gujarati, Tamil, Khmer were no number, or cut a mixed run: "₹1,૨૯૯" was 1)
  ['₹૧,૨૯૯', '1299', 'INR'], ['₹ ૧,૨૯,૯૯૯', '129999', 'INR'], ['₹௧,௨௯௯', '1299', 'INR'], ['១២,០០០៛', '12000', 'KHR'], ['₹1,૨૯૯', '1299', 'INR'],
  // Japan's reduced 8 % beside the tax-free price: the tax-inclusive one is the price (refused before); at 10 % as before
  ['1,080円（税抜 1,000円）', '1080', 'JPY'], ['1,080円 (本体価格 1,000円)', '1080', 'JPY'], ['1,980円(税抜) 2,178円(税込)', '2178', 'JPY'], ['¥1,980（税込） ¥1,800（税抜）', '1980', 'JPY', JA],
  // A gross or net word before a space-grouped amount is no product's name ending in a model number (refused before)
  ['Bruttó 12 990 Ft Nettó 10 228 Ft', '12990', 'HUF'], ['Brutto 1 299,00 € Netto 1 091,60 €', '1299', 'EUR'], ['Bruttó 12 990 Ft', '12990', 'HUF'], ['Polo 12 990 Ft', A, null],
  // Probed and sound: Swiss, Indian, East Asian, Central European, Latin American and Arabic formats
  ["CHF 1'299.–", '1299', 'CHF'], ['Fr. 19.–', '19', 'CHF'], ['₹1,29,999', '129999', 'INR'], ['¥1,980（税込）', '1980', 'JPY', JA],
  ['1,980円(税抜)', '1980', 'JPY'], ['19,900원', '19900', 'KRW'], [`1${NNBSP}299,99 zł`, '1299.99', 'PLN'], ['1\u2009299 Kč', '1299', 'CZK'],
  ['١٢٣٫٤٥ ر.س', '123.45', 'SAR'], ['€ 1.234', '1234', 'EUR'], ['1.250 KD', '1.250', 'KWD'],
  ['1.250 TND', A, null], ['1,250 KWD', A, null], ['¥1.980', '1980', 'JPY', JA], ['₩19.900', '19900', 'KRW'], ['19.99 US$', '19.99', 'USD'], ['US$ 19.99', '19.99', 'USD'],
  ['$19.99 CAD', '19.99', 'CAD'], ['kr 199,-', '199', 'SEK', SV], ['1 299:- kr', '1299', 'SEK', SV], ['€10–€20', A, null],
  ['19,99 €*', '19.99', 'EUR'], ['19,900.50원', A, null],
];
