// Price table rows: magnitude words after the amount ("5.99 Lakh", "12万円", "1,2 млн ₽", "$850K"), read as the amount they scale it to, or refused when their scale is open.
import { NBSP, loc, shop, type PriceRow } from './price-table-types';

const US = loc('en-US');
const A = 'price/ambiguous';

export const MAGNITUDES: PriceRow[] = [
  // Indian lakh (10⁵) and crore (10⁷), as car and property sites print them
  ['₹ 5.99 Lakh', '599000', 'INR'], ['₹ 5.99 Lakh*', '599000', 'INR'], ['Rs. 5.99 Lakh', '599000', 'INR', shop('INR')], ['Ex-Showroom Price ₹ 6.49 Lakh', '649000', 'INR'],
  ['₹ 1.2 Crore', '12000000', 'INR'], ['₹12 Cr', '120000000', 'INR'], ['₹ 2.5 Cr.', '25000000', 'INR'], ['₹ 75 Lakhs', '7500000', 'INR'], ['Rs 12 lac', '1200000', 'INR', shop('INR')],
  ['1.5 lakh rupees', '150000', null, shop('USD')], ['1.5 lakh', '150000', 'INR', shop('INR')], ['12 cr', A, null, shop('INR')],
  ['₹ 5.99 - 9.99 Lakh', A, null], ['₹ 5.99 Lakh - 9.99 Lakh', A, null], ['₹ 45 L', A, null], ['Kanister 5 L 12,99 €', '12.99', 'EUR'], ['12,99 € 5 L', '12.99', 'EUR'],
  // Japanese, Chinese and Korean numerals after the digits: 千 10³, 万/萬/만 10⁴, 億/亿/억 10⁸, summed in descending order
  ['12万円', '120000', 'JPY'], ['1.5万円', '15000', 'JPY'], ['12.8万円（税込）', '128000', 'JPY'], ['本体価格 128.0万円', '1280000', 'JPY'], ['1,280万円', '12800000', 'JPY'],
  ['3億5,000万円', '350000000', 'JPY'], ['3億円', '300000000', 'JPY'], ['1万2000円', '12000', 'JPY'], ['1万2千円', '12000', 'JPY'], ['1万 2000円', A, null], ['1万20000円', A, null],
  ['12万', '120000', 'JPY', shop('JPY')], ['¥1.2万', '12000', 'JPY', loc('ja-JP')], ['￥3千', '3000', 'JPY', shop('JPY')], ['12.8万元', '128000', null],
  ['¥12.8万', '128000', 'CNY', loc('zh-CN')], ['12.8萬', '128000', 'TWD', shop('TWD')], ['1千万円', '10000000', 'JPY'],
  ['12만원', '120000', 'KRW'], ['1만 2천원', '12000', 'KRW'], ['5천원', '5000', 'KRW'], ['1억 2천만원', '120000000', 'KRW'], ['정가 15만원 판매가 12만원', '120000', 'KRW'],
  ['129,000원', '129000', 'KRW'], ['₩129,000', '129000', 'KRW'],
  // Thousands and millions in words and abbreviations: an abbreviation counts only beside a currency ("30 mn" may be minutes)
  ['$ 5.5 тыс.', '5500', null], ['5,5 тыс. руб.', '5500', 'RUB'], ['1,2 млн ₽', '1200000', 'RUB'], ['от 1,2 млн ₽', 'price/range', null], ['1,2 млн', A, null, shop('RUB')],
  ['2,5 млн грн', '2500000', 'UAH'], ['12 тис. грн', '12000', 'UAH'], ['€2,5 Mio.', '2500000', 'EUR'], ['2,5 Mio. €', '2500000', 'EUR'], ['1,2 Mrd. €', '1200000000', 'EUR'],
  ['€ 12 Tsd.', '12000', 'EUR'], ['2,5 Millionen Euro', '2500000', 'EUR'], ['1,5 mln zł', '1500000', 'PLN'], ['€ 1,2 milioni', '1200000', 'EUR'],
  ['Rp 1,5 jt', '1500000', 'IDR'], ['Rp 150rb', '150000', 'IDR'], ['Rp 1,5 juta', '1500000', 'IDR'], ['1,2 triệu ₫', '1200000', 'VND'], ['500k ₫', '500000', 'VND'],
  ['500k', A, null, shop('VND')], ['Giá: 500k', A, null, shop('VND')], ['R$ 1,2 mi', '1200000', 'BRL'], ['5 mi', A, null, shop('USD')],
  ['$1.2M', '1200000', 'USD', US], ['$0.5M', '500000', 'USD', US], ['From $1.2M', 'price/range', null, US], ['$1.2 million', '1200000', 'USD', US], ['$850K', '850000', 'USD', US],
  ['$850k', '850000', 'USD', US], ['Price: $45K', '45000', 'USD', US], ['£1.25m', '1250000', 'GBP'], ['₦2.5m', '2500000', 'NGN'], ['KSh 1.2M', '1200000', 'KES'],
  ['₱1.2k', '1200', 'PHP'], ['USD 2.3bn', '2300000000', 'USD'], ['$2B', '2000000000', 'USD', US], ['45 k€', '45000', 'EUR'], ['350k€', '350000', 'EUR'], ['Budget : 1,2 M€', '1200000', 'EUR'], ['2 Millionen verkauft 19,99 €', '19.99', 'EUR'],
  ['8K TV 2.999 €', '2999', 'EUR'], ['$19.99 1M+ views', '19.99', 'USD', US], ['Over 1 million sold! $19.99', '19.99', 'USD', US], ['$5K-$10K', A, null, US], [`CHF${NBSP}1,2${NBSP}Mio.`, '1200000', 'CHF'],
  // CLDR's magnitude words of other languages: read without them each amount was silently 10³ to 10⁹ off
  ['1.5 लाख रुपये', '150000', null], ['₹ 2 करोड़', '20000000', 'INR'], ['₹ 1.5 करोड', '15000000', 'INR'], ['₹ 1.5 करो\u095C', '15000000', 'INR'], ['Rs. 50 हज़ार', '50000', 'INR', loc('hi-IN')],
  ['Rs. 1.5 کروڑ', '15000000', 'PKR', loc('ur-PK')], ['১৫ লাখ টাকা', '1500000', 'BDT'], ['2,5 milyon TL', '2500000', 'TRY'], ['850 bin TL', '850000', 'TRY'], ['2,5 miljoen euro', '2500000', 'EUR'],
  ['3,2 miljoner kr', '3200000', 'SEK', loc('sv-SE')], ['₪ 1.5 מיליון', '1500000', 'ILS'], ['45 millió Ft', '45000000', 'HUF'], ['฿3.5 ล้าน', '3500000', 'THB'], ['3.5 ล้านบาท', '3500000', 'THB', shop('THB')],
  ['2 مليون ر.س', '2000000', 'SAR'], ['٢٥٠ ألف ر.س', '250000', 'SAR'], ['۵۰۰ هزار ریال', '500000', 'IRR'], ['5 миллионов ₽', '5000000', 'RUB'], ['1,5 тысячи ₽', '1500', 'RUB'],
  ['2,5 мільйона грн', '2500000', 'UAH'], ['€ 1,5 εκατομμύρια', '1500000', 'EUR'], ['Rp 2 miliar', '2000000000', 'IDR'], ['2,5 tỷ ₫', '2500000000', 'VND'], ['R$ 2 bilhões', '2000000000', 'BRL'],
  ['€2 miljard', '2000000000', 'EUR'], ['1,5 milioane lei', '1500000', 'RON'], ['1,5 miljoonaa €', '1500000', 'EUR'], ['2 tis. Kč', '2000', 'CZK'], ['1,5 mld zł', '1500000000', 'PLN'], ['12 хил. лв.', '12000', 'BGN'],
  ['$ 1 mil millones', '1000000000', 'MXN', loc('es-MX')],
  // Smaller magnitudes after the first add to it, as CJK numerals do; digits there with a currency of their own leave it open
  ['2 tỷ 500 triệu ₫', '2500000000', 'VND'], ['₹ 1 करोड़ 20 लाख', '12000000', 'INR'], ['1 crore 20 lakh ₹', '12000000', 'INR'], ['฿3 ล้าน 5 แสน', '3500000', 'THB'], ['₹ 45 Lakh 2 BHK', '4500000', 'INR'],
  ['2 tỷ 500 ₫', A, null], ['1 million 2 million €', A, null], ['฿5 ล้านกว่า', A, null], ['2 bin', A, null, shop('TRY')],
  // Words of those lists beside a price that they do not scale
  ['Storage 2 bin $19.99', '19.99', 'USD', US], ['12 mila recensioni 19,99 €', '19.99', 'EUR'], ['Oltre 1 milione di clienti 19,99 €', '19.99', 'EUR'],
  // Scales that differ by language, and digits a magnitude leaves 1000× open: refused
  ['€ 350 mil', A, null], ['R$ 350 mil', A, null], ['3 mil pesos', A, null], ['R 1,5 mil', A, null], ['$2 billion', A, null, US], ['1 billion €', A, null],
  ['$1.500M', A, null, US], ['$1,500K', A, null, US], ['1.250 Mio. €', A, null],
  // Letters after a number that are no magnitude: resolutions, units, sizes, credits, vitamins
  ['4K UHD TV $499.99', '499.99', 'USD', US], ['Samsung 65" 4K $799', '799', 'USD', US], ['10k+ bought in past month $19.99', '19.99', 'USD', US], ['1.5k sold 19,99 €', '19.99', 'EUR'],
  ['18K Gold Ring $1,299', '1299', 'USD', US], ['Kabel 5m 12,99 €', '12.99', 'EUR'], ['12,99 € 5m Kabel', '12.99', 'EUR'], ['Stoff 12,99 €/m', '12.99', 'EUR'], ['3.5mm Jack $9.99', '9.99', 'USD', US],
  ['Livraison 30 mn 19,99 €', '19.99', 'EUR'],
  // Round 23: "CR" is no crore but a credit (money owed to the buyer), no price to pay: it was 12.50 USD.
  ['$12.50 CR', 'price/reference-only', null, US], ['Vitamin B12 $9.99', '9.99', 'USD', US], ['Size 12M 19,99 €', '19.99', 'EUR'], ['100 ml 4,99 €', '4.99', 'EUR'],
  ['Tesla Model 3 $45k', '45000', 'USD', US],
  // "MN" after a Mexican peso amount is "moneda nacional", no million (read 1,299,000,000); "mn" in lower case still scales
  ['$1,299.00 MN', '1299.00', 'MXN', loc('es-MX')], ['$ 999.00 MN', '999.00', 'MXN', loc('es-MX')], ['Precio: $1,299 MN IVA incluido', '1299', 'MXN', loc('es-MX')],
  ['€1.5 mn', '1500000', 'EUR'],
  // Letters the currency's home language scales otherwise than English (CLDR short compact forms): Indonesian "M" is a miliar
  // (10⁹: "Rp 1,5 M" read 1.5 million, or 1.5 rupiah with the space), Turkish "B" a thousand, Hungarian "B" 10¹², Vietnamese
  // "T" a tỷ; written with the home decimal comma they are the home language's, otherwise either: refused.
  ['Rp 1,5M', '1500000000', 'IDR'], ['Rp 1,5 M', '1500000000', 'IDR'], ['Harga Rp 2,75 M', '2750000000', 'IDR'], ['Rp1.5M', A, null], ['Rp 2M', A, null],
  ['Rp 2 M', A, null], ['Rp 150 T', A, null], ['₺1,5B', '1500', 'TRY'], ['1,5 Mn TL', '1500000', 'TRY'], ['2,5 T ₫', '2500000000', 'VND'], ['1,5 Tr ₫', '1500000', 'VND'],
  ['2 T ₫', A, null], ['1,5B Ft', '1500000000000', 'HUF'], ['RM1.5J', '1500000', 'MYR'], ['$1.5M', '1500000', 'USD', US], ['R 1,5M', '1500000', 'ZAR'],
  // An amount with its currency whose scale is open is a price all the same: the other one beside it is not the only one.
  ['Rp 2M Rp 1,5M', A, null], ['Rp 1,5M Rp 2M', A, null], ['$2 mil $3', A, null, US], ['$3 $2 mil', A, null, US], ['€3 – €2 mil', A, null],
  ['$3 or $2 mil', A, null, US], ['€1.234.56 €12.99', A, null], ['12,99 € 1 234.567,89 €', A, null],
];
