// Price table rows: digits of other scripts, invisible marks and odd spaces inside numbers, Swiss and Indian grouping, dashes for whole units and minus signs, labels around prices.
import { loc, shop, type PriceRow } from './price-table-types';

const US = loc('en-US');
const A = 'price/ambiguous';
const N = 'price/not-a-price';
const R = 'price/reference-only';

export const TYPOGRAPHY: PriceRow[] = [
  // Net and gross of one price: tax only adds, so the higher is the gross, what a shopper pays; above the net by more than a VAT rate it is another price.
  ['£100.00 excl. VAT £120.00 incl. VAT', '120.00', 'GBP'], ['100,00 € HT 120,00 € TTC', '120.00', 'EUR'], ['100,00 € zzgl. MwSt. 119,00 € inkl. MwSt.', '119.00', 'EUR'],
  ['Excl. VAT: £100.00 Incl. VAT: £120.00', '120.00', 'GBP'], ['netto 1.000,00 € brutto 1.190,00 €', '1190.00', 'EUR'], ['税抜 1,000円 税込 1,100円', '1100', 'JPY'],
  ['£100.00 excl. VAT £150.00 incl. VAT', A, null], ['£100.00 incl. VAT £120.00 incl. VAT', A, null], ['100,00 € HT 120,00 $ TTC', A, null],
  // Arabic-Indic, Persian, Devanagari, Bengali, Thai and full-width digits, with the Arabic separators ٫ ٬
  ['١٬٢٣٤٫٥٠ ر.س.', '1234.50', 'SAR'], ['‏١٬٢٣٤٫٥٠ ‏د.إ.‏', '1234.50', 'AED'], ['د.إ.‏ ١٢٣٫٤٥', '123.45', 'AED'], ['٩٩٫٩٩ ج.م.‏', '99.99', 'EGP'], ['١٢٫٥٠٠ د.ك.‏', '12.500', 'KWD'],
  ['٣٬٥٠٠ د.ك.‏', A, null], ['۱۲٬۵۰۰٬۰۰۰ ریال', '12500000', 'IRR'], ['Rs ۱٬۲۵۰', '1250', 'PKR', shop('PKR')], ['₹ १,२३,४५६.००', '123456.00', 'INR'], ['৳ ১,২৩,৪৫৬', '123456', 'BDT'],
  ['฿๑,๒๙๙', '1299', 'THB'], ['๑,๒๙๙.๐๐ บาท', '1299.00', 'THB'], ['１，２９９円', '1299', 'JPY'], ['￥１２，８００（税込）', '12800', 'JPY', loc('ja-JP')], ['１２，８００円（税抜）', '12800', 'JPY'],
  ['¥12,800 (税込 ¥14,080)', '14080', 'JPY'], ['US$１２.９９', '12.99', 'USD'], ['1,280 円(税込)', '1280', 'JPY'], ['税込 1,280円', '1280', 'JPY'], ['1,280円 (本体 1,164円)', A, null],
  // Zero-width, word-joiner, soft-hyphen, bidi marks and thin or figure spaces inside a number
  ['1\u200B299,00 €', '1299.00', 'EUR'], ['1\u2060299,00 €', '1299.00', 'EUR'], ['1\u00AD299,00 €', '1299.00', 'EUR'], ['1\u2009299,00 €', '1299.00', 'EUR'],
  ['\u200F1,299.00 \u200F₪', '1299.00', 'ILS'], ['\u200E₪\u200E 1,299.00', '1299.00', 'ILS'], ['\u061C١٬٢٩٩ \u061Cر.ق.', '1299', 'QAR'], ['\uFEFF$1,299.00', '1299.00', 'USD', US],
  // Swiss apostrophes and whole francs
  ["CHF 1'299.00", '1299.00', 'CHF'], ['CHF 1’299.–', '1299', 'CHF'], ['Fr. 1ʼ299.50', '1299.50', 'CHF'], ["SFr. 12'345.–", '12345', 'CHF'], ['CHF 49.–', '49', 'CHF'],
  // A dash for zero francs before the rappen ("Fr. –.50" is half a franc), as "49.–" has one for no rappen; elsewhere a dash there is a minus.
  ['Fr. –.50', '0.50', 'CHF'], ['CHF -.95', '0.95', 'CHF'], ['–.95 CHF', '0.95', 'CHF'], ['-.95', '0.95', 'CHF', shop('CHF')], ['€ -.95', '-0.95', 'EUR'], ['–.95', A, null],
  ['CHF 49.--', '49', 'CHF'], ["1'299.- CHF", '1299', 'CHF'], ['CHF 1 299.90', '1299.90', 'CHF'], ["CHF 1'299", '1299', 'CHF'], ["1'299,50 CHF", '1299.50', 'CHF'],
  // Indian grouping and "/-"
  ['₹1,23,45,678.50', '12345678.50', 'INR'], ['Rs. 1,23,456/-', '123456', 'INR', shop('INR')], ['Rs. 1,23,456/-', '123456', null], ['₹ 12,999/-', '12999', 'INR'], ['₹499/-', '499', 'INR'],
  ['M.R.P.: ₹1,999.00 Deal Price: ₹1,499.00', '1499.00', 'INR'], ['₹1,499 (Inclusive of all taxes)', '1499', 'INR'], ['INR 10,00,000', '1000000', 'INR'],
  ['Rs 2,50,000.00', '250000.00', 'INR', shop('INR')], ['PKR 1,250', '1250', 'PKR'], ['₹ 5,99,000', '599000', 'INR'],
  // Dashes and equals signs for whole units
  ['12.-', '12', null], ['12,–', '12', null], ['€ 12,-', '12', 'EUR'], ['1.299,– €', '1299', 'EUR'], ['1 995:- kr', '1995', null], ['€ 12,—', '12', 'EUR'], ['12,= €', '12', 'EUR'], ['Fr. 12.=', '12', 'CHF'],
  // Minus signs: the hyphen-minus, U+2212, Unicode hyphens and the en dash typesetting puts for a minus
  ['−12,50 €', '-12.50', 'EUR'], ['‐12,50 €', '-12.50', 'EUR'], ['‑5,00 €', '-5.00', 'EUR'], ['–12,50 €', '-12.50', 'EUR'], ['Betrag: –12,50 €', '-12.50', 'EUR'],
  ['-€12.50', '-12.50', 'EUR'], ['Gutschrift: -12,50 €', '-12.50', 'EUR'], ['10–20 €', A, null], ['12,– €', '12', 'EUR'],
  // Percentages, multi-buys, instalments, was/now, "from", unit prices and tax labels around the price
  ['−20 % 39,99 €', '39.99', 'EUR'], ['39,99 € -20%', '39.99', 'EUR'], ['3 x 12,99 €', A, null], ['4 payments of $25.00', A, null, US],
  ['or 4 interest-free payments of $12.50 with Afterpay', A, null, US], ['$49.99 or 4 payments of $12.50', '49.99', 'USD', US], ['Was $59.99 Now $49.99', '49.99', 'USD', US],
  ['Was: £59.99, Now: £49.99', '49.99', 'GBP'], ['from $19.99', 'price/range', null, US], ['ab 19,99 €', 'price/range', null], ['à partir de 19,99 €', 'price/range', null],
  ['desde $ 19.990', 'price/range', null], ['od 199 zł', 'price/range', null], ['от 1 990 ₽', 'price/range', null], ['1,99 € / 100 g', '1.99', 'EUR'], ['39,90 € pro m²', '39.90', 'EUR'],
  ['1,29 € je Liter', '1.29', 'EUR'], ['12,99 € (2,60 € / 1 l)', '12.99', 'EUR'], ['19,99 € inkl. MwSt.', '19.99', 'EUR'], ['16,80 € zzgl. MwSt.', '16.80', 'EUR'],
  ['$19.99 excl. GST', '19.99', 'USD', US], ['£16.66 ex VAT £19.99 inc VAT', '19.99', 'GBP'], ['£19.99 inc. VAT (£16.66 ex. VAT)', '19.99', 'GBP'], ['€ 19,99 (incl. 21% btw)', '19.99', 'EUR'],
  ['0.0049 €/kWh', '0.0049', 'EUR'], ['Arbeitspreis 32,49 ct/kWh', N, null], ['0,3249 €/kWh', '0.3249', 'EUR'], ['Grundpreis: 12,50 €/Monat', A, null],
  // Exponents, leading zeros, grouping-only amounts, codes against the separators
  ['1.2E+03 USD', N, null], ['€ 0012,50', '12.50', 'EUR'], ['$007.99', '7.99', 'USD', US], ['1.000.000 ₫', '1000000', 'VND'], ['1.000 ₫', '1000', 'VND'], ['1.000.000 €', '1000000', 'EUR'],
  ['USD 1.234,56', '1234.56', 'USD'], ['99.999.999,99 €', '99999999.99', 'EUR'], ['€ 0,01', '0.01', 'EUR'],
  // The Arabic comma, entities, line breaks, glued codes, superscript cents after a separator, codes in brackets, approximations beside the price
  ['١،٢٩٩ ر.س', '1299', 'SAR'], ['1،299 ر.س', '1299', 'SAR'], ['٢٩٩،٩٩ ر.س', '299.99', 'SAR'], ['۱٬۲۹۹٫۵۰ ریال', '1299.50', 'IRR'],
  ['￥1,280-', '1280', 'JPY', { locale: 'ja-JP' }], ['1,280-円', '1280', 'JPY'], ['¥1,280-(税込)', '1280', 'JPY', { locale: 'ja-JP' }], ['1,280円～', 'price/range', null],
  ['1,280円〜', 'price/range', null], ['12,900원~', 'price/range', null], ['¥ 99.00 起', 'price/range', null, { locale: 'zh-CN' }], ['99元起', 'price/range', null], ['USD1,299', '1299', 'USD'],
  ['1,299USD', '1299', 'USD'], ['EUR1.299,00', '1299.00', 'EUR'], ['1.299,00EUR', '1299.00', 'EUR'], ['&euro;12,99', '12.99', 'EUR'], ['&#8364; 12,99', '12.99', 'EUR'],
  ['&#x20AC;12,99', '12.99', 'EUR'], ['&yen;1,280', '1280', null], ['&#36;12.99', '12.99', 'USD', US], ['€\n12\n99', A, null], ['€\n12,99', '12.99', 'EUR'],
  ['12,99\n€', '12.99', 'EUR'], ['+$5.00', R, null, US], ['+ 5,00 €', R, null], ['ر.س 1,299.00', '1299.00', 'SAR'], ['₪ 1,299.90', '1299.90', 'ILS'],
  ['1,299.90 ש״ח', '1299.90', 'ILS'], ['฿1,299.-', '1299', 'THB'], ['1,234,56 €', A, null], ['1 234.567,89 €', A, null], ['12,⁹⁹ €', A, null], ['$12.⁹⁹', A, null, US],
  ['12 ⁹⁹ €', A, null], ['19⁹⁵', A, null, shop('EUR')], ['UVP¹ 19,99 €', R, null], ['19,99 €¹', '19.99', 'EUR'], ['19,99 €²', '19.99', 'EUR'],
  ['19,99 €*²', '19.99', 'EUR'], ['19,99¹ €', '19.99', 'EUR'], ['2² 19,99 €', '19.99', 'EUR'], ['19.99 $ (CAD)', '19.99', 'CAD', shop('USD')],
  ['(USD) $19.99', '19.99', 'USD', shop('CAD')], ['$19.99 (USD)', '19.99', 'USD', shop('CAD')], ['$19.99 USD / $26.99 CAD', A, null], ['€19,99 / £17.99', A, null],
  ['19,99 € | 17,99 £', A, null], ['19,99 €, 17,99 £', A, null], ['CHF 19.90 / € 18.50', A, null], ['Preis: 19,90 CHF (ca. 18,50 €)', '19.90', 'CHF'],
  ['£17.99 (approx. €20.99)', '17.99', 'GBP'], ['$19.99 (~€18.40)', '19.99', 'USD', US], ['€18.40 (≈ $19.99)', '18.40', 'EUR'],
  // Approximation words of more languages (the page reader's list too): each pair was refused as two prices.
  ['29,90 € (aprox. 32,50 US$)', '29.90', 'EUR'], ['1.299 Kč (cca 52,10 €)', '1299', 'CZK'], ['199 zł (około 46,50 €)', '199', 'PLN'], ['€ 29,99 (ongeveer $32,50)', '29.99', 'EUR'],
  ['¥2,980（約 $19.80）', '2980', 'JPY', loc('ja-JP')], ['€ 29,99 voorheen € 39,99', '29.99', 'EUR'],
  // A raised dot between digits: British typography's decimal point, or a thousands dot set high; a grave accent typed for the Swiss apostrophe.
  ['£12·99', '12.99', 'GBP'], ['£1,299·99', '1299.99', 'GBP'], ['Only £4·50', '4.50', 'GBP'], ['€1·299,00', '1299.00', 'EUR'],
  ['CHF 1`299.–', '1299', 'CHF'], ['Fr. 12`345.60', '12345.60', 'CHF'], ['1`299.00 CHF', '1299.00', 'CHF'], ['4.5 · 128 reviews · £19.99', '19.99', 'GBP'],
  // Markup left in the text (a feed's HTML field, a spider's .html()): "$19<sup>99</sup>" read 19. Raised digits are cents or a
  // footnote mark, digits split over elements units and cents apart: both refused after whole units; other tags are no letters.
  ['$19<sup>99</sup>', A, null, US], ['12<sup>99</sup> €', A, null], ['<span>$12</span><span>99</span>', A, null, US],
  ['$12.99<sup>1</sup>', '12.99', 'USD', US], ['<span class="price">$12.99</span>', '12.99', 'USD', US], ['<b>Now</b> $12.99 <del>$19.99</del>', '12.99', 'USD', US],
  ['12,99 €<br/>inkl. MwSt.', '12.99', 'EUR'], ['<span>1</span><span>299</span> €', '1299', 'EUR'], ['Under <b>$50</b>', R, null, US],
];
