// Price table rows, round 11: a delivery fee beside the price and a discount badge, Swedish öre after a colon, and the formats around them; a label run into its number in scripts without spaces, the Vietnamese "tr"; ISO codes of no money.
import { NBSP, NNBSP, loc, shop, type PriceRow } from './price-table-types';

const A = 'price/ambiguous';
const US = loc('en-US');
const SE = loc('sv-SE');

export const FEES_AND_COLONS: PriceRow[] = [
  // A delivery fee right after the price, then a discount badge: the badge made the lower amount (the fee) the "sale" price.
  ['£25.00 £3.99 delivery 20% off', '25.00', 'GBP'],
  ['£25.00 £3.99 standard delivery 20% off', '25.00', 'GBP'],
  ['£25.00 £3.99 delivery fee -20%', '25.00', 'GBP'],
  ['£25.00 £3.99 P&P 20% off', '25.00', 'GBP'],
  ['£25.00 £3.99 postage Save 20%', '25.00', 'GBP'],
  ['£25.00 £3.99 delivery Sale', '25.00', 'GBP'],
  ['£25.00 £3.99 delivery 20% off everything', '25.00', 'GBP'],
  ['$25.00 $3.99 shipping 20% off', '25.00', 'USD', US],
  ['€ 29,95 € 4,95 Versand 10% Rabatt', '29.95', 'EUR'],
  ['29,95 € 4,95 € Versand -10%', '29.95', 'EUR'],
  ['29,90 € 5,90 € livraison -15%', '29.90', 'EUR'],
  // Shipping words between the two, which may label either amount: no discount pair, so no amount rather than the fee.
  ['29,95 € Versand 4,95 € -10%', A, null],
  ['£3.99 delivery £25.00 20% off', A, null],
  // Unchanged: a note about shipping after the only amount, a discount pair with shipping words elsewhere, the fee labelled.
  ['$19.99 Shipping 2-5 days', '19.99', 'USD', US],
  ['£25.00 £19.99 20% off Free delivery', '19.99', 'GBP'],
  ['Free delivery £25.00 £19.99 20% off', '19.99', 'GBP'],
  ['£25.00 Delivery: £3.99 20% off', '25.00', 'GBP'],
  ['£25.00 (£3.99 delivery) 20% off', '25.00', 'GBP'],
  ['£25.00 + £3.99 delivery', '25.00', 'GBP'],
  ['₹499 + ₹49 delivery charge', '499', 'INR'],
  // Swedish shops write öre after a colon ("29:90", "199:50 kr") as they write whole kronor with ":-": 50 and 199 were read.
  ['199:50 kr', '199.50', 'SEK', SE],
  ['kr 199:50', '199.50', 'SEK', SE],
  ['SEK 199:50', '199.50', 'SEK'],
  ['29:90 kr', '29.90', 'SEK', shop('SEK')],
  ['29:90kr', '29.90', 'SEK', SE],
  [`1 299:50 kr`, '1299.50', 'SEK', SE],
  [`1${NBSP}299:50${NBSP}kr`, '1299.50', 'SEK', SE],
  ['Ord. pris 39:90 kr 29:90 kr', '29.90', 'SEK', SE],
  ['29:90 kr/st', '29.90', 'SEK', SE],
  ['Jämförpris 59:80 kr/kg 29:90 kr', '29.90', 'SEK', SE],
  ['2 för 50:- 29:90 kr', '29.90', 'SEK', SE],
  // A time stays a time: only a krona sign against the digits makes the colon a decimal one.
  ['29:90', 'price/not-a-price', null, SE],
  ['Öppet 10:00-18:00 299 kr', '299', 'SEK', SE],
  ['Leverans före 14:30 299 kr', '299', 'SEK', SE],
  ['kl. 14:30 kr 199', A, null, SE],
  // A label run into its number, as scripts without spaces between words write it ("税込" tax included, "판매가" sale price), then a
  // count: the label was read as a model code's letters, so the count took the sign and became the price (2 JPY, 3 KRW).
  ['税込1,357円 2個', '1357', 'JPY'], ['特価1,200円 3個セット', '1200', 'JPY'], ['1,234円 税込1,357円 12 x 30 cm', '1357', 'JPY'],
  ['판매가12,900원 3개', '12900', 'KRW'], ['ราคา1,290บาท 2 ชิ้น', '1290', 'THB'], ['价格128元 2件', '128', 'CNY', loc('zh-CN')],
  ['全3色1,200円', '1200', 'JPY'], ['第2弾1,200円', '1200', 'JPY'], ['X-2000 $1,199', '1199', 'USD', US], ['RTX4090 1.899 €', '1899', 'EUR'],
  // "Instead of" before the struck price, and the Hungarian "30-day lowest price": two prices were refused as two current ones.
  ['1 299 ₽ вместо 1 599 ₽', '1299', 'RUB'], ['1 299 ₴ замість 1 599 ₴', '1299', 'UAH'], ['129,99 zł zamiast 159,99 zł', '129.99', 'PLN'],
  ['1 299 Kč místo 1 599 Kč', '1299', 'CZK'], ['129,99 € namiesto 159,99 €', '129.99', 'EUR'], ['129,99 € umjesto 159,99 €', '129.99', 'EUR'],
  ['129,99 lei în loc de 159,99 lei', '129.99', 'RON'], ['129,99 € anstatt 159,99 €', '129.99', 'EUR'], ['129,99 € en lugar de 159,99 €', '129.99', 'EUR'],
  ['R$ 129,99 em vez de R$ 159,99', '129.99', 'BRL'], ['129,99 € αντί 159,99 €', '129.99', 'EUR'], ['1 299 kr i stedet for 1 599 kr', '1299', 'NOK', loc('nb-NO')],
  ['12 990 Ft 30 napos legalacsonyabb ár: 13 990 Ft', '12990', 'HUF'], ['30 napos legalacsonyabb ár: 13 990 Ft 12 990 Ft', '12990', 'HUF'],
  // CLDR's Vietnamese "Tr" (triệu, 10⁶) as shops write it, in lower case or capitals: 1.2 VND was read.
  ['1,2 tr ₫', '1200000', 'VND'], ['1.5 tr đ', '1500000', 'VND'], ['1,2tr ₫', '1200000', 'VND'], ['1,5 TR ₫', '1500000', 'VND'], ['Giá 2,5 tr VND', '2500000', 'VND'],
  // ISO 4217 codes of no money ("no currency", metals, the test code): 1200 XXX was stored; the CFA, CFP and Caribbean X codes are money.
  ['1200 XXX', A, null], ['12.99 XAU', A, null], ['XTS 12.99', A, null], ['12.99', A, null, { currencyHint: 'XXX', defaultCurrency: 'USD' }],
  ['XAF 12 990', '12990', 'XAF'], ['XOF 5000', '5000', 'XOF'], ['XPF 1200', '1200', 'XPF'], ['XCD 12.99', '12.99', 'XCD'],
  // Round 11's other strings: read right before and kept so.
  ['₹ 12,34,567', '1234567', 'INR'], ['Rs. 1,499', '1499', 'INR', loc('en-IN')],
  ['M.R.P.: ₹1,999 ₹1,499 (25% off)', '1499', 'INR'], ['₹1,499 M.R.P: ₹1,999 Inclusive of all taxes', '1499', 'INR'],
  ['1’234.– CHF', '1234', 'CHF'], ['CHF 89.90 statt 129.–', '89.90', 'CHF'],
  ['€ 12,--', '12', 'EUR'], ['12,- €', '12', 'EUR'], ['12.- €', '12', 'EUR'], ['€ 1.299,–', '1299', 'EUR'],
  ['1 234,56 zł', '1234.56', 'PLN'], ['1 299,00 Kč bez DPH', '1299.00', 'CZK'], [`12${NNBSP}990${NBSP}Ft`, '12990', 'HUF'],
  ['12.990,- Ft', '12990', 'HUF'], ['9 990 Ft 12 990 Ft helyett', '9990', 'HUF'], ['kr 1.234,50', '1234.50', 'DKK', loc('da-DK')],
  ['1,234円 税込1,357円', '1357', 'JPY'], ['1,357円(税込) 1,234円(税抜)', '1357', 'JPY'], ['¥12,800 → ¥9,800', '9800', 'JPY', loc('ja-JP')],
  ['\u200F١٢٫٥٠ د.إ\u200F', '12.50', 'AED'], ['۱۲٬۳۴۵ تومان', A, null], ['1.250 ر.ع.', '1.250', 'OMR'],
  ['1,200 points', 'price/not-a-price', null], ['$199.99 or 19,999 points', '199.99', 'USD', US], ['0.0025 BTC', A, null],
  ['4 × $25 interest-free', A, null, US], ['or $12/mo', A, null, US], ['$599 or $24.96/mo for 24 mo.', '599', 'USD', US], ['Save $5', 'price/reference-only', null, US],
  ['12,99 $', '12.99', 'CAD', loc('fr-CA')], ['12,99 $ CA', '12.99', 'CAD'], ['$19.99', '19.99', 'AUD', loc('en-AU')], ['¥199', '199', 'CNY', loc('zh-CN')],
];
