// Price table rows: real-world texts of the classes that used to give wrong amounts (fusions, old prices, entities, free, units).
import { NBSP, NNBSP, hint, loc, shop, type PriceRow } from './price-table-types';

const US = loc('en-US');
const A = 'price/ambiguous';
const N = 'price/not-a-price';
const R = 'price/reference-only';
const M = 'price/member-only';

export const TRAPS: PriceRow[] = [
  // A loyalty club's price: a label between two amounts is either one's (Tesco writes it after, most shops before); the club's is the lower.
  ['$80.00 Member price $70.00', '80.00', 'USD', US], ['Member price $70.00 $80.00', '80.00', 'USD', US], ['$70.00 for members', M, null, US],
  ['Member price: $70.00', M, null, US], ['£2.00 £1.50 Clubcard Price', '2.00', 'GBP'], ['Clubcard Price £1.50', M, null], ['£2.00 Clubcard Price £1.50', '2.00', 'GBP'],
  ['24,99 € Mitgliederpreis 19,99 €', '24.99', 'EUR'], ['19,99 € für Mitglieder 24,99 €', '24.99', 'EUR'], ['Prix adhérent 19,99 € 24,99 €', '24.99', 'EUR'],
  ['Regular $80.00 Member $70.00', '80.00', 'USD', US], ['£1.50 Members £2.00', '2.00', 'GBP'], ['Was $100.00 Member $70.00', M, null, US],
  ['Non-member price $80.00 Member price $70.00', '80.00', 'USD', US], ['$2.99 with Club Card', M, null, US], ['$3.49 $2.99 with Club Card', '3.49', 'USD', US],
  // 通常価格 ("usual price") is the Japanese regular price: everyone's beside a club's price, the price alone, the struck one beside a sale.
  ['会員価格 ¥7,000 通常価格 ¥8,000', '8000', 'JPY', loc('ja-JP')], ['通常価格 ¥8,000 会員価格 ¥7,000', '8000', 'JPY', loc('ja-JP')], ['通常価格 4,980円', '4980', 'JPY'],
  ['メンバー価格 7,000円 通常価格 8,000円', '8000', 'JPY'], ['会員特価 7,000円', M, null], ['通常価格 4,980円（税込） 3,980円（税込）', '3980', 'JPY'],
  ['$80.00 Member price €70.00', A, null, US], ['Members: $70 Everyone: $80', '80', 'USD', US], ['$80.00 (members $70.00)', '80.00', 'USD', US],
  // Longer than any price (a code or digits run together): refused, never stored in exponent form; 15 whole digits still read.
  [`$${'9'.repeat(16)}.99`, N, null, US], [`${'1'.repeat(400)} €`, N, null], ['999.999.999.999.999 ₫', '999999999999999', 'VND'], ['IRR 1,250,000,000,000', '1250000000000', 'IRR'],
  // Leading decimal point
  ['.75', '0.75', null], ['$.05', '0.05', 'USD', US], ['$.99 each', '0.99', 'USD', US], ['Only .49 USD', '0.49', 'USD'], ['€,95', '0.95', 'EUR'],
  ['£.50p', '0.50', 'GBP'], ['Price: $.89', '0.89', 'USD', US], ['.99', '0.99', 'USD', shop('USD')],
  // Pence and cents: the minor unit, never read as that many pounds, dollars or euros
  ['99p', N, null, shop('GBP')], ['50p', N, null], ['99c', N, null, shop('AUD')], ['99¢', N, null, shop('USD')], ['99 ¢', N, null, US],
  ['50 cents', N, null, shop('USD')], ['99 Cent', N, null, shop('EUR')], ['Only 75 pence', N, null, shop('GBP')], ['£0.75p', '0.75', 'GBP'],
  // Cents set apart by the page and joined back by a space only: either number alone is wrong
  ['$ 12 99', A, null, US], ['12 99 €', A, null], ['€ 1299 00', A, null], ['Galaxy S24 99 €', '99', 'EUR'], ['Größe 42 49,99 €', '49.99', 'EUR'],
  // The dollar's country written apart from the sign: never the spider's default instead
  ['12,99 $ CAD', '12.99', 'CAD', shop('USD')], ['CAD $ 12.99', '12.99', 'CAD', shop('USD')], ['US $1,299.00', '1299.00', 'USD', shop('AUD')],
  ['AU $1,299.00', '1299.00', 'AUD', shop('USD')], ['12,99 $ CA', '12.99', 'CAD', shop('USD')], ['$US 12.99', '12.99', 'USD', shop('CAD')],
  ['GH₵ 12.99', '12.99', 'GHS', shop('USD')],
  // Round 23: "درهم" is the dirham of the Emirates (which group with ",") or of Morocco (which writes "," for decimals): 1299 or 1.299, refused.
  ['1,299 درهم', 'price/ambiguous', null, shop('USD')],
  // A currency written out in words: the whole CLDR name decides, never its generic word ("рубля", "dollars", "جنيه") or the default
  ['12 dollars canadiens', '12', 'CAD', shop('USD')], ['12.99 Canadian dollars', '12.99', 'CAD', shop('USD')], ['12,50 белорусского рубля', '12.50', 'BYN'],
  ['1 299 белорусских рублей', '1299', 'BYN'], ['٧٥٠٠ جنيه لبناني', '7500', 'LBP'], ['12.500 Kuwaiti dinars', '12.500', 'KWD'], ['١٢٫٥٠٠ دينار كويتي', '12.500', 'KWD'],
  ['12 pesos mexicanos', '12', 'MXN', shop('ARS')], ['12.50 WIR-Euro', '12.50', 'CHE', shop('EUR')], ['12,50 pesos cubanos convertibles', '12.50', 'CUC'],
  ['12 Euro inkl. MwSt.', '12', 'EUR'], ['12.50 US dollars', '12.50', 'USD', shop('CAD')], ['1 299 рублей', '1299', 'RUB'],
  // Raised cents as superscript digits: refused, never the whole units alone; a footnote after decimals stays one
  ['€12⁹⁹', A, null], ['12⁹⁹ €', A, null], ['$1,299⁹⁹', A, null, US], ['12,99 €¹', '12.99', 'EUR'], ['$12.99²', '12.99', 'USD', US], ['29,99 €¹ inkl. MwSt.', '29.99', 'EUR'],
  // A sign the page's charset could not decode (U+FFFD): never the default currency in its place
  ['12,99 \uFFFD', A, null, shop('USD')], ['\uFFFD12.99', A, null, loc('en-GB')], ['Preis: 12,99\uFFFD', A, null, shop('EUR')],
  // ... or in or against the number, whatever its currency: the lost byte may have been a digit or a separator (C1 controls are lost bytes too)
  ['1\uFFFD299,00 €', A, null], ['€1\uFFFD299.00', A, null], ['\uFFFD9\uFFFD799元', A, null], ['1\uFFFD 299 ₽', A, null], ['$12.\uFFFD9', A, null, US],
  ['Preis: 1\u0081299 €', A, null], ['¥1,\uFFFD980', A, null, loc('ja-JP')], ['Neu \uFFFD 12,99 €', '12.99', 'EUR'], ['12,99 € (\uFFFD)', '12.99', 'EUR'],
  // A UTF-8 sign read one byte per character (windows-1252, ISO-8859-1): letters where the sign stood, never the default instead
  ['12,99 \u00E2\u201A\u00AC', A, null, shop('USD')], ['\u00E2\u201A\u00B91,299.00', A, null, shop('USD')], ['1 299,00 z\u00C5\u201A', A, null, shop('EUR')],
  ['\u00E2\u201A\u00A912,000', A, null, shop('USD')], ['12,99 \u00E2\u0082\u00AC', A, null, shop('USD')], ['Preis: 12,99 \u00E2\u201A\u00AC*', A, null, shop('USD')],
  ['\u00C2\u00A312.99', '12.99', 'GBP', shop('USD')], ['Café 12,99 €', '12.99', 'EUR', shop('USD')],
  // A space between the decimal separator and the decimals
  ['119. 95 €', '119.95', 'EUR'], ['118, 99 €', '118.99', 'EUR'], ['$119. 95', '119.95', 'USD', US], ['1.299, 00 €', '1299.00', 'EUR'],
  ['CHF 49. 90', '49.90', 'CHF'], ['119. 95', A, null], ['118, 99', A, null], ['12, 50 zł', '12.50', 'PLN'],
  // A price followed by a quantity, unit or pack size
  ['12.50 / 100 g', '12.50', null], ['1.99 500 ml', '1.99', null], ['3 for 10.00', A, null], ['3 for $10.00', A, null, US], ['Any 3 for £10', A, null],
  ['2 für 5 €', A, null], ['3 pour 10 €', A, null], ['€ 1,99 500 ml', '1.99', 'EUR'], ['2,49 € 1 l', '2.49', 'EUR'], ['£3.00 750ml', '3.00', 'GBP'],
  ['$4.99 16 oz', '4.99', 'USD', US], ['9,95 € 6 x 0,5 l', '9.95', 'EUR'], ['¥298 1個', '298', 'JPY', loc('ja-JP')], ['₹499 1 kg', '499', 'INR'],
  ['19,99 € 2 Stück', '19.99', 'EUR'], ['R$ 29,90 200 g', '29.90', 'BRL'], ['1 299 Kč 2 ks', '1299', 'CZK'], ['89,90 zł 3 szt.', '89.90', 'PLN'],
  ['4.99 250 g', '4.99', null], ['0.89 per kg', '0.89', null], ['£0.89 per kg', '0.89', 'GBP'], ['£2.00/kg', '2.00', 'GBP'], ['$3.49/lb', '3.49', 'USD', US],
  ['12,99 € (25,98 € / 1 kg)', '12.99', 'EUR'], ['(25,98 € / 1 kg) 12,99 €', '12.99', 'EUR'], ['Grundpreis: 25,98 €/kg 12,99 €', '12.99', 'EUR'],
  ['$12.99 ($0.81 / Fl Oz)', '12.99', 'USD', US], ['$24.99 ($1.25/Count)', '24.99', 'USD', US], ['£1.50 (£3.00 per 100g)', '1.50', 'GBP'],
  // Exponents and other numbers that are no price
  ['1e309', N, null], ['1E5', N, null], ['2.5E-3', N, null], ['16.00 ft', N, null], ['12 x 30 cm', N, null], ['15.6"', N, null], ['2024', '2024', null],
  ['© 2024', N, null], ['Copyright 2023', N, null], ['since 1998', N, null], ['Modelljahr 2024', N, null], ['12.03.2024', N, null], ['2024-03-12', N, null],
  ['12/03/2024', N, null], ['3/12/24', N, null], ['14:30', N, null], ['256 GB', N, null], ['4.5 out of 5 stars', N, null], ['(1,234)', N, null],
  ['Size 42', N, null], ['SKU 88123', N, null], ['EAN 4006381333931', N, null], ['20%', N, null], ['-20 %', N, null], ['Only 3 left', N, null],
  ['Lieferung 3-5 Tage', N, null], ['Delivered by 12/03', N, null], ['Art.-Nr. 104233', N, null], ['4.8 (151)', N, null], ['1,5 kg', N, null],
  // Literal HTML entities and Unicode spaces
  ['12,50&nbsp;&euro;', '12.50', 'EUR'], ['&euro;&nbsp;12,50', '12.50', 'EUR'], ['12,50 &#8364;', '12.50', 'EUR'], ['12,50 &#x20AC;', '12.50', 'EUR'],
  ['12,50 &#x20ac;', '12.50', 'EUR'], ['&pound;1,299.00', '1299.00', 'GBP'], ['&yen;1,980', '1980', 'JPY', loc('ja-JP')], ['1&#8239;299,00&#8239;€', '1299.00', 'EUR'],
  ['1&#160;299,00 €', '1299.00', 'EUR'], ['1&thinsp;299,00 €', '1299.00', 'EUR'], ['CHF 1&rsquo;299.00', '1299.00', 'CHF'], ['CHF 1&#39;299.00', '1299.00', 'CHF'],
  ['1&amp;nbsp;299,00&amp;nbsp;&amp;euro;', '1299.00', 'EUR'], ['&lt;b&gt;19,99 €&lt;/b&gt;', '19.99', 'EUR'], ['$19.99&nbsp;USD', '19.99', 'USD'],
  ['1\u2009299,00\u00A0€', '1299.00', 'EUR'], ['1\u202F299\u202F€', '1299', 'EUR'], ['1\u2007299,00 €', '1299.00', 'EUR'], ['1\u2008299,00 €', '1299.00', 'EUR'],
  ['1\u200A299,00 €', '1299.00', 'EUR'], ['1\u2005299,00 €', '1299.00', 'EUR'], ['1\u3000299円', '1299', 'JPY'], ['1\u1680299,00 €', '1299.00', 'EUR'],
  ['CHF 1\u2019299.50', '1299.50', 'CHF'], ['CHF 1\u02BC299.50', '1299.50', 'CHF'], ["CHF 1'299.50", '1299.50', 'CHF'], ['12\u200B,50 €', '12.50', 'EUR'],
  ['\u200E€ 12,50\u200E', '12.50', 'EUR'], ['12,50\u00AD €', '12.50', 'EUR'], [`1${NBSP}299${NBSP}999,00 €`, '1299999.00', 'EUR'], [`12${NNBSP}345 ₽`, '12345', 'RUB'],
  // Was/now, ranges, RRP, savings: the current price or a refusal
  ['Original price was: $20.00.Current price is: $15.00.', '15.00', 'USD', US], ['Special Price $15.00 Regular Price $20.00', '15.00', 'USD', US],
  ['Regular Price $20.00 Special Price $15.00', '15.00', 'USD', US], ['Typical price: £19.99 £14.99', '14.99', 'GBP'], ['List Price: $29.99', R, null, US],
  ['Was: $29.99', R, null, US], ['RRP £49.99', R, null], ['UVP 49,99 €', R, null], ['Sie sparen 10,00 €', R, null], ['You save $5.00', R, null, US],
  ['Save up to $50', R, null, US], ['statt 49,99 €', R, null], ['UVP¹ 49,99 € 39,99 €', '39.99', 'EUR'],
  // A maker's price noun alone between two amounts ("UVP", "RRP", "MSRP", "定価") labels the one before it as readily as the one after
  // ("25,00 € UVP 20,00 €" stored 25): refused unless another label, a colon or punctuation says which (a line break reads as a space).
  ['39,99 € UVP 49,99 €', A, null], ['25,00 € UVP 20,00 €', A, null], ['£24.99 RRP £29.99', A, null], ['$24.99 MSRP $29.99', A, null, US],
  ['¥1,980 定価 ¥2,980', A, null, loc('ja-JP')], ['19,99 € Listenpreis 24,99 €', A, null], ['Jetzt 24,99 € UVP 29,99 €', '24.99', 'EUR'],
  ['24,99 € UVP: 29,99 €', '24.99', 'EUR'], ['24,99 €, UVP 29,99 €', '24.99', 'EUR'], ['24,99 €\nUVP 29,99 €', A, null],
  ['25,00 € UVP\n20,00 €', A, null], ['29,99 € UVP, 24,99 €', '24.99', 'EUR'], ['$24.99 instead of $29.99', '24.99', 'USD', US],
  ['$15 - $20', A, null, US], ['$15 to $20', A, null, US], ['From $15 to $20', A, null, US], ['15,00 € – 20,00 €', A, null], ['von 15 € bis 20 €', A, null],
  ['de 15 € à 20 €', A, null], ['od 15 zł do 20 zł', A, null], ['от 15 до 20 ₽', A, null], ['¥99～¥199', A, null, loc('ja-JP')], ['¥99-199', A, null, loc('zh-CN')],
  ['15–20 €', A, null], ['$15.00 $20.00', A, null, US], ['€ 15,00 € 20,00', A, null], ['£12 £15', A, null], ['Sale $15.00 $20.00', '15.00', 'USD', US],
  ['-25% $15.00 $20.00', '15.00', 'USD', US], ['Now $15.00 $20.00', '15.00', 'USD', US], ['$20.00 Now $15.00', '15.00', 'USD', US],
  ['£1.50 Clubcard Price £2.00', '2.00', 'GBP'], ['Was £20 Now £15 Save £5', '15', 'GBP'], ['Save £5 Was £20 Now £15', '15', 'GBP'],
  ['Jetzt 39,99 € statt 49,99 €', '39.99', 'EUR'], ['Avant 49,99 € Maintenant 39,99 €', '39.99', 'EUR'], ['Prima 49,99 € Ora 39,99 €', '39.99', 'EUR'],
  ['Antes 49,99 € Ahora 39,99 €', '39.99', 'EUR'], ['Было 4 990 ₽ Сейчас 3 990 ₽', '3990', 'RUB'], ['通常価格 ¥4,980 ¥3,980', '3980', 'JPY', loc('ja-JP')],
  ['ab 29,95 €', 'price/range', null], ['from £ 9.99', 'price/range', null], ['à partir de 9,99 €', 'price/range', null], ['desde 9,99 €', 'price/range', null], ['od 9,99 zł', 'price/range', null],
  // Free and its translations
  ['Free', '0', null], ['FREE', '0', null], ['free', '0', null], ['Gratis', '0', null], ['Kostenlos', '0', 'EUR', shop('EUR')], ['Gratuit', '0', null],
  ['Gratuito', '0', null], ['Grátis', '0', null], ['Бесплатно', '0', null], ['無料', '0', null], ['免费', '0', null], ['무료', '0', null], ['Zdarma', '0', null],
  ['Ingyenes', '0', null], ['Ücretsiz', '0', null], ['Darmowy', '0', null], ['Price: FREE', '0', null], ['Free shipping', N, null], ['Free delivery', N, null],
  ['Kostenloser Versand', N, null], ['Livraison gratuite', N, null], ['Envío gratis', N, null], ['送料無料', N, null], ['包邮', N, null], ['Free returns', N, null],
  ['Free shipping on orders over $50 $19.95', '19.95', 'USD', US], ['Versandkostenfrei ab 50 € 19,95 €', '19.95', 'EUR'], ['Livraison gratuite dès 50 € 19,95 €', '19.95', 'EUR'],
  // The same character as group and decimal separator
  ['1.234.56', A, null], ['1,234,56', A, null], ['1.234.56 €', A, null], ['$1,234,56', A, null, US], ['1.234.567', '1234567', null], ['1,234,567', '1234567', null],
  ['1.234.567,89 EUR', '1234567.89', 'EUR'], ['1,234,567.89 USD', '1234567.89', 'USD'], ['1.234,567.89', A, null], ['1,234.567,89', A, null],
  // Currency written as free text beside the number
  ['Price from £ 12.50', 'price/range', null], ['Preis in EUR: 12,50', '12.50', 'EUR'], ['Price (USD): 12.50', '12.50', 'USD'], ['Prix TTC en euros : 12,50', '12.50', 'EUR'],
  ['12,50 Euro', '12.50', 'EUR'], ['12,50 euros', '12.50', 'EUR'], ['12.50 dollars', '12.50', 'USD', US], ['100 юаней', '100', 'CNY'], ['200 рублей', '200', 'RUB'],
  ['50 złotych', '50', 'PLN'], ['1 000 евро', '1000', 'EUR'],
  // Round 23: Switzerland writes "." for decimals (and "'" to group), so "1.500 Franken" is 1.50 or 1500: refused; a de-DE page groups with ".".
  ['1.500 Franken', 'price/ambiguous', null], ['1.500 Franken', '1500', 'CHF', loc('de-DE')], ['12,50 lei', '12.50', 'RON'], ['120 kn', '120', 'HRK'],
  // Negative numbers, minor units, Indian grouping, other digits
  ['-$5.00', '-5.00', 'USD', shop('USD')], ['−5,00 €', '-5.00', 'EUR'], ['-5,00 €', '-5.00', 'EUR'], ['Betrag: -5,00 €', '-5.00', 'EUR'], ['JPY 1,980', '1980', 'JPY'],
  ['KWD 1.250', '1.250', 'KWD'], ['BHD 0.500', '0.500', 'BHD'], ['OMR 12.345', '12.345', 'OMR'], ['₹1,23,456.78', '123456.78', 'INR'], ['₹ 12,34,56,789', '123456789', 'INR'],
  ['Rs. 1,23,456', '123456', 'INR', loc('en-IN')], ['٣٥٠ ر.س', '350', 'SAR'], ['١٬٢٣٤٫٥٠ د.إ', '1234.50', 'AED'], ['۱۲۳٬۴۵۶ ریال', '123456', 'IRR'],
  ['１２３円', '123', 'JPY'], ['￥１，９８０', '1980', 'JPY', loc('ja-JP')], ['₹१,२३४', '1234', 'INR'], ['৳ ১,২৯৯', '1299', 'BDT'], ['฿๑,๒๙๐', '1290', 'THB'],  // Loyalty points and miles are no money: the shop's default currency never stands in for them (read 5000 USD, 1299 EUR …)
  ['5,000 points', N, null, shop('USD')], ['Earn 250 points', N, null, shop('USD')], ['$49.99 or 5,000 points', '49.99', 'USD', US], ['1.299 Punkte', N, null, shop('EUR')],
  ['2.500 Bonuspunkte', N, null, shop('EUR')], ['10,000 Avios', N, null, shop('GBP')], ['100ポイント', N, null, shop('JPY')], ['1,980円 19ポイント還元', '1980', 'JPY'],
  ['12,000 miles', N, null, shop('USD')], ['Only 12,000 miles $18,995', '18995', 'USD', US], ['12 999 pts', N, null, shop('USD')],
  // Decimals the currency the locale or default names is never printed with: the sign was another one's ("¥99.99": yuan), never 99.99 yen
  ['¥99.99', A, null, loc('ja-JP')], ['¥1,980.50', A, null, loc('ja-JP')], ['12.50', A, null, shop('JPY')], ['$ 12.50', A, null, loc('es-CO')],
  ['12,50', A, null, hint('KRW')], ['￥128.00', '128', 'JPY', loc('ja-JP')], ['¥99.99', '99.99', 'CNY', loc('zh-CN')],
  // Two currencies joined by a slash: the code after "/" is the next price's currency, no unit ("per EUR"): neither amount alone is the price
  ['CHF 80.00 / EUR 74.00', A, null, loc('de-CH')], ['USD 80.00 / CAD 100.00', A, null], ['EUR 74.00 / CHF 80.00', A, null], ['GBP 45.00 / USD 57.20', A, null, shop('GBP')],
  ['PLN 99,00 / EUR 23,00', A, null, loc('pl-PL')], ['RON 49,99 / EUR 10,05', A, null], ['BGN 19,99 / EUR 10,22', A, null, loc('bg-BG')],
  // A unit after the slash stays a unit price, the price beside it stands
  ['£5.98 / £2.99/kg', '5.98', 'GBP'], ['12,99 € / 25,98 €/kg', '12.99', 'EUR'], ['CHF 5.90 / 100 g CHF 11.80', '11.80', 'CHF'],
];
