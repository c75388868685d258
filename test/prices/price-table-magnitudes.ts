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
  ['$ 5.5 тыс.', '5500', null], ['5,5 тыс. руб.', '5500', 'RUB'], ['1,2 млн ₽', '1200000', 'RUB'], ['от 1,2 млн ₽', '1200000', 'RUB'], ['1,2 млн', A, null, shop('RUB')],
  ['2,5 млн грн', '2500000', 'UAH'], ['12 тис. грн', '12000', 'UAH'], ['€2,5 Mio.', '2500000', 'EUR'], ['2,5 Mio. €', '2500000', 'EUR'], ['1,2 Mrd. €', '1200000000', 'EUR'],
  ['€ 12 Tsd.', '12000', 'EUR'], ['2,5 Millionen Euro', '2500000', 'EUR'], ['1,5 mln zł', '1500000', 'PLN'], ['€ 1,2 milioni', '1200000', 'EUR'],
  ['Rp 1,5 jt', '1500000', 'IDR'], ['Rp 150rb', '150000', 'IDR'], ['Rp 1,5 juta', '1500000', 'IDR'], ['1,2 triệu ₫', '1200000', 'VND'], ['500k ₫', '500000', 'VND'],
  ['500k', A, null, shop('VND')], ['Giá: 500k', A, null, shop('VND')], ['R$ 1,2 mi', '1200000', 'BRL'], ['5 mi', A, null, shop('USD')],
  ['$1.2M', '1200000', 'USD', US], ['$0.5M', '500000', 'USD', US], ['From $1.2M', '1200000', 'USD', US], ['$1.2 million', '1200000', 'USD', US], ['$850K', '850000', 'USD', US],
  ['$850k', '850000', 'USD', US], ['Price: $45K', '45000', 'USD', US], ['£1.25m', '1250000', 'GBP'], ['₦2.5m', '2500000', 'NGN'], ['KSh 1.2M', '1200000', 'KES'],
  ['₱1.2k', '1200', 'PHP'], ['USD 2.3bn', '2300000000', 'USD'], ['$2B', '2000000000', 'USD', US], ['45 k€', '45000', 'EUR'], ['350k€', '350000', 'EUR'], ['Budget : 1,2 M€', '1200000', 'EUR'], ['2 Millionen verkauft 19,99 €', '19.99', 'EUR'],
  ['8K TV 2.999 €', '2999', 'EUR'], ['$19.99 1M+ views', '19.99', 'USD', US], ['Over 1 million sold! $19.99', '19.99', 'USD', US], ['$5K-$10K', A, null, US], [`CHF${NBSP}1,2${NBSP}Mio.`, '1200000', 'CHF'],
  // Scales that differ by language, and digits a magnitude leaves 1000× open: refused
  ['€ 350 mil', A, null], ['R$ 350 mil', A, null], ['3 mil pesos', A, null], ['R 1,5 mil', A, null], ['$2 billion', A, null, US], ['1 billion €', A, null],
  ['$1.500M', A, null, US], ['$1,500K', A, null, US], ['1.250 Mio. €', A, null],
  // Letters after a number that are no magnitude: resolutions, units, sizes, credits, vitamins
  ['4K UHD TV $499.99', '499.99', 'USD', US], ['Samsung 65" 4K $799', '799', 'USD', US], ['10k+ bought in past month $19.99', '19.99', 'USD', US], ['1.5k sold 19,99 €', '19.99', 'EUR'],
  ['18K Gold Ring $1,299', '1299', 'USD', US], ['Kabel 5m 12,99 €', '12.99', 'EUR'], ['12,99 € 5m Kabel', '12.99', 'EUR'], ['Stoff 12,99 €/m', '12.99', 'EUR'], ['3.5mm Jack $9.99', '9.99', 'USD', US],
  ['Livraison 30 mn 19,99 €', '19.99', 'EUR'], ['$12.50 CR', '12.50', 'USD', US], ['Vitamin B12 $9.99', '9.99', 'USD', US], ['Size 12M 19,99 €', '19.99', 'EUR'], ['100 ml 4,99 €', '4.99', 'EUR'],
  ['Tesla Model 3 $45k', '45000', 'USD', US],
  // "MN" after a Mexican peso amount is "moneda nacional", no million (read 1,299,000,000); "mn" in lower case still scales
  ['$1,299.00 MN', '1299.00', 'MXN', loc('es-MX')], ['$ 999.00 MN', '999.00', 'MXN', loc('es-MX')], ['Precio: $1,299 MN IVA incluido', '1299', 'MXN', loc('es-MX')],
  ['€1.5 mn', '1500000', 'EUR'],
];
