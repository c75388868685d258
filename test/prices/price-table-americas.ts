// Price table rows: North, Central and South American and African shops.
import { NBSP, loc, hint, shop, type PriceRow } from './price-table-types';

export const AMERICAS_AFRICA: PriceRow[] = [
  // Fuel by the gallon or litre: three decimals (a tenth of a cent) after one unit, where a bare "$3.499" stays the thousands.
  ['$3.499/gal', '3.499', 'USD', loc('en-US')], ['$3.499 per gallon', '3.499', 'USD', loc('en-US')], ['Regular $3.599/gal', '3.599', 'USD', loc('en-US')],
  // Round 23: an en-US page writes "." for decimals and a dollar has two, so a bare "$3.499" is 3.499 mistyped or 3499: refused (3499 was a guess).
  ['$3.499', 'price/ambiguous', null, loc('en-US')], ['$3.499', '3499', 'USD', { locale: 'de-DE', defaultCurrency: 'USD' }],
  ['1,799 €/l', '1.799', 'EUR'], ['1.799 €/l', '1.799', 'EUR'], ['Super E10: 1,799 € / Liter', '1.799', 'EUR'],
  ['€1.599/L', '1.599', 'EUR'], ['1,799 € pro Liter', '1.799', 'EUR'], ['3.499 €/l', '3499', 'EUR', { decimalSeparator: ',' }],
  // United States
  ['$19.99', '19.99', 'USD', loc('en-US')], ['$1,299.00', '1299.00', 'USD', loc('en-US')], ['$1,299', '1299', 'USD', loc('en-US')], ['US$12.50', '12.50', 'USD'],
  ['USD 45.00', '45.00', 'USD'], ['45.00 USD', '45.00', 'USD'], ['$ 19.99', '19.99', 'USD', loc('en-US')], ['from $9.99', 'price/range', null, loc('en-US')],
  ['Starting at $24.99', 'price/range', null, loc('en-US')], ['Was $49.99 Now $39.99', '39.99', 'USD', loc('en-US')], ['Reg. $59.99 Sale $44.99', '44.99', 'USD', loc('en-US')],
  ['Sale $44.99 Reg. $59.99', '44.99', 'USD', loc('en-US')], ['List Price: $29.99 Price: $19.99', '19.99', 'USD', loc('en-US')], ['Compare at $40.00 $30.00', '30.00', 'USD', loc('en-US')],
  ['$30.00 Compare at $40.00', '30.00', 'USD', loc('en-US')], ['MSRP $1,199.99 $999.99', '999.99', 'USD', loc('en-US')], ['You save $5.00 (20%)', 'price/reference-only', null],
  ['$9.99 - $19.99', 'price/ambiguous', null], ['$9.99–$19.99', 'price/ambiguous', null], ['2 for $5', 'price/ambiguous', null], ['$0.99', '0.99', 'USD', loc('en-US')],
  ['$12,345.67', '12345.67', 'USD', loc('en-US')], ['Price: $1,234,567.89', '1234567.89', 'USD', loc('en-US')], ['$4.99/lb', '4.99', 'USD', loc('en-US')], ['$5', '5', 'USD', loc('en-US')],
  ['Our Price: $79.95', '79.95', 'USD', loc('en-US')], ['Was: $129.00 Now: $99.00', '99.00', 'USD', loc('en-US')], ['Original price $80 Current price $60', '60', 'USD', loc('en-US')],
  ['Regular price $25.00 Sale price $20.00', '20.00', 'USD', loc('en-US')], ['Sale price $20.00 Regular price $25.00', '20.00', 'USD', loc('en-US')],
  ['$1,049.00*', '1049.00', 'USD', loc('en-US')], ['$ 1,049', '1049', 'USD', loc('en-US')], ['Only $3.49 each', '3.49', 'USD', loc('en-US')], ['19.99', '19.99', 'USD', shop('USD')],
  ['19.99', '19.99', null, hint('$')], ['-$5.00', '-5.00', 'USD', loc('en-US')], ['$2.50 off', 'price/reference-only', null],
  // Round 23: Uruguay's "U$S" is the US dollar, whose home writes "." for decimals; nothing in the text says it groups here: refused (1299 was a guess).
  ['U$S 1.299', 'price/ambiguous', null], ['U$S 1.299', '1299', 'USD', loc('es-UY')],
  // Canada
  ['C$19.99', '19.99', 'CAD'], ['CA$1,299.00', '1299.00', 'CAD'], ['$19.99', '19.99', 'CAD', shop('CAD')], ['CAD 45.00', '45.00', 'CAD'],
  ['19,99 $', '19.99', 'CAD', shop('CAD')], [`1${NBSP}299,99${NBSP}$`, '1299.99', 'CAD', shop('CAD')], ['$45.00 CAD', '45.00', 'CAD'],
  ['CAN$ 89.95', '89.95', 'CAD'], ['Was $59.99 CAD Now $49.99 CAD', '49.99', 'CAD'],
  // Mexico
  ['$1,299.00 MXN', '1299.00', 'MXN'], ['MXN 499', '499', 'MXN'], ['$499', '499', 'MXN', shop('MXN')], ['MX$1,299', '1299', 'MXN'],
  ['Antes $1,599 Ahora $1,299', '1299', 'MXN', shop('MXN')], ['$12,999.00', '12999.00', 'MXN', shop('MXN')], ['Mex$ 89.50', '89.50', 'MXN'],
  ['Precio: $349.00 MXN', '349.00', 'MXN'], ['desde $99', 'price/range', null, shop('MXN')],
  // Brazil
  ['R$ 1.299,90', '1299.90', 'BRL'], ['R$1.299,90', '1299.90', 'BRL'], ['R$ 49,90', '49.90', 'BRL'], ['De R$ 199,90 por R$ 149,90', '149.90', 'BRL'],
  ['de R$ 199,90 por R$ 149,90', '149.90', 'BRL'], ['R$ 149,90 à vista', '149.90', 'BRL'], ['10x de R$ 12,99', 'price/ambiguous', null],
  ['BRL 89,00', '89.00', 'BRL'], [`R$${NBSP}2.499,00`, '2499.00', 'BRL'], ['Economize R$ 50,00 R$ 149,90', '149.90', 'BRL'],
  ['R$ 0,99', '0.99', 'BRL'], ['R$ 12.345,67', '12345.67', 'BRL'], ['a partir de R$ 39,90', 'price/range', null],
  // Argentina, Chile, Colombia, Peru, Uruguay, others
  ['$ 1.299,99', '1299.99', 'ARS', shop('ARS')], ['$12.999', '12999', 'ARS', shop('ARS')], ['ARS 4.599', '4599', 'ARS'],
  ['Antes $ 15.999 Ahora $ 12.999', '12999', 'ARS', shop('ARS')], ['$12.990', '12990', 'CLP', shop('CLP')], ['CLP 129.990', '129990', 'CLP'],
  ['$ 1.299.990', '1299990', 'CLP', shop('CLP')], ['Precio normal $19.990 $14.990', '14990', 'CLP', shop('CLP')],
  ['$ 129.900', '129900', 'COP', shop('COP')], ['COP 1.299.000', '1299000', 'COP'], ['$1.299.000', '1299000', 'COP', shop('COP')],
  ['S/ 49.90', '49.90', 'PEN'], ['S/. 1,299.00', '1299.00', 'PEN'], ['PEN 99.00', '99.00', 'PEN'], ['$ 1.290', '1290', 'UYU', shop('UYU')],
  ['UYU 2.490', '2490', 'UYU'], ['RD$ 1,299.00', '1299.00', 'DOP'], ['J$ 4,500', '4500', 'JMD'], ['TT$ 199.99', '199.99', 'TTD'],
  ['₡ 12.500', '12500', 'CRC'], ['₲ 150.000', '150000', 'PYG'], ['Q 149.00', '149.00', 'GTQ', hint('GTQ')],
  // South Africa, Nigeria, Kenya, West Africa, Morocco
  ['R 1 299,00', '1299.00', 'ZAR'], ['R1,299.00', '1299.00', 'ZAR'], ['R 499', '499', 'ZAR'], ['ZAR 1 299', '1299', 'ZAR'],
  ['Was R 1 499 Now R 1 299', '1299', 'ZAR'], ['R 12 999,99', '12999.99', 'ZAR'], ['₦12,500', '12500', 'NGN'], ['₦ 1,299,000', '1299000', 'NGN'],
  ['NGN 4,500.00', '4500.00', 'NGN'], ['KSh 1,299', '1299', 'KES'], ['KES 2,500', '2500', 'KES'], ['KSh 12,999.00', '12999.00', 'KES'],
  ['15 000 FCFA', '15000', 'XOF', loc('fr-SN')], ['XOF 25 000', '25000', 'XOF'], ['299,00 MAD', '299.00', 'MAD'], ['299 DH', '299', 'MAD', hint('MAD')],
  ['GHS 150.00', '150.00', 'GHS'], ['TZS 25,000', '25000', 'TZS'], ['EGP 499', '499', 'EGP'],
];
