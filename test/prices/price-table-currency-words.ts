// Price table rows: currencies named in the page's own language or by their home country's sign ("100ドル", "100 долларов", "100 ֏"), and currencies outside ISO 4217 (toman, crypto): never the spider's default in their place.
import { loc, shop, type PriceRow } from './price-table-types';

const A = 'price/ambiguous';
const US = loc('en-US');

export const CURRENCY_WORDS: PriceRow[] = [
  // A foreign currency named in Chinese, Japanese or Korean on a domestic shop
  ['100美元', '100', 'USD', shop('CNY')], ['100 美元', '100', 'USD', shop('CNY')], ['港币 128', '128', 'HKD', shop('CNY')], ['128港元', '128', 'HKD', shop('CNY')],
  ['99欧元', '99', 'EUR', shop('CNY')], ['1,280日元', '1280', 'JPY', shop('CNY')], ['人民币 99.00', '99.00', 'CNY'], ['¥99.00 人民币', '99.00', 'CNY'],
  ['新台幣 1,280 元', '1280', 'TWD', shop('CNY')], ['NT$ 1,280元', '1280', 'TWD'], ['100ドル', '100', null, shop('JPY')], ['100米ドル', '100', 'USD', shop('JPY')],
  ['99ユーロ', '99', 'EUR', shop('JPY')], ['100달러', '100', null, shop('KRW')], ['99유로', '99', 'EUR', shop('KRW')], ['1,280엔', '1280', 'JPY', shop('KRW')],
  // … in Russian, Ukrainian, Arabic, Thai, Polish, Czech, Spanish, Italian, German, French: the generic word keeps its candidates
  ['100 долларов', '100', null, shop('RUB')], ['100 долларов США', '100', 'USD', shop('RUB')], ['99 евро', '99', 'EUR', shop('RUB')], ['100 доларів', '100', null, shop('UAH')],
  ['100 دولار', '100', null, shop('SAR')], ['100 دولار أمريكي', '100', 'USD', shop('SAR')], ['99 يورو', '99', 'EUR', shop('SAR')], ['100 ดอลลาร์', '100', null, shop('THB')],
  ['99 ยูโร', '99', 'EUR', shop('THB')], ['100 dolarów', '100', null, shop('PLN')], ['100 dolarů', '100', null, shop('CZK')], ['100 dólares', '100', null, shop('MXN')],
  ['100 dolares', '100', null, shop('MXN')], ['100 dollars', '100', null, shop('MXN')], ['100 dólares', '100', 'USD', shop('USD')], ['100 dollari', '100', null, shop('EUR')],
  ['100 Dollar', '100', null, shop('EUR')], ['100 Franken', '100', 'CHF', shop('EUR')], ['100 francs suisses', '100', 'CHF', shop('EUR')], ['100 francs', '100', null, shop('EUR')],
  ['100 francs', '100', 'XOF', shop('XOF')], ['100 Pfund', '100', null, shop('EUR')], ['925 sterling silver £49.99', '49.99', 'GBP'], ['Set of 2 soles $19.99', '19.99', 'USD', shop('USD')], ['100 Kronen', '100', null, shop('EUR')],
  ['100 zloty', '100', 'PLN', shop('EUR')], ['100 forint', '100', 'HUF', shop('EUR')], ['100 korun', '100', 'CZK', shop('EUR')], ['100 гривень', '100', 'UAH', shop('RUB')],
  ['100 гривен', '100', 'UAH', shop('RUB')], ['100 тенге', '100', 'KZT', shop('RUB')], ['100 лари', '100', 'GEL', shop('RUB')], ['100 сом', '100', 'KGS', shop('RUB')],
  ['100 сум', '100', 'UZS', shop('RUB')], ["100 so'm", '100', 'UZS', shop('USD')], ['100 lira', '100', null, shop('EUR')], ['100 lira', '100', 'TRY', shop('TRY')],
  ['100 rupees', '100', null, shop('USD')], ['100 rupiah', '100', 'IDR', shop('USD')], ['100 ringgit', '100', 'MYR', shop('USD')], ['100 baht', '100', 'THB', shop('USD')],
  ['100 reais', '100', 'BRL', shop('USD')], ['100 US-Dollar', '100', 'USD', shop('EUR')], ['100 kanadische Dollar', '100', 'CAD', shop('EUR')], ['100 naira', '100', 'NGN', shop('USD')], ['100 shillings', '100', null, shop('USD')],
  ['100 shillings', '100', 'KES', shop('KES')], ['100 rand', '100', 'ZAR', shop('USD')], ['100 dirhams', '100', null, shop('USD')], ['100 shekels', '100', 'ILS', shop('USD')],
  ['১২৩৪.৫০ টাকা', '1234.50', 'BDT'], ['1,250 taka', '1250', 'BDT', shop('USD')],
  // The sign the currency's home country prints (CLDR), which the spider's default used to replace
  ['100 ֏', '100', 'AMD', shop('USD')], ['100 ₮', '100', 'MNT', shop('USD')], ['100 ₭', '100', 'LAK', shop('USD')], ['100 ៛', '100', 'KHR', shop('USD')],
  ['100 ብር', '100', 'ETB', shop('USD')], ['B/. 100', '100', 'PAB', shop('USD')], ['USh 10,000', '10000', 'UGX', shop('USD')], ['TSh 10,000', '10000', 'TZS', shop('USD')],
  ['Fdj 100', '100', 'DJF', shop('USD')], ['FBu 100', '100', 'BIF', shop('USD')], ['100 ден.', '100', 'MKD', shop('EUR')], ['Nu. 100', '100', 'BTN', shop('INR')],
  ['100 ؋', '100', 'AFN', shop('USD')], ['MOP$ 100', '100', 'MOP', shop('HKD')], ['Bs.S 100', '100', 'VES', shop('USD')], ['100 Lekë', '100', 'ALL', shop('EUR')],
  ['T$ 100', '100', 'TOP', shop('USD')], ['EC$ 100', '100', 'XCD', shop('USD')], ['Gs. 100.000', '100000', 'PYG', shop('USD')], ['$U 1.000', '1000', 'UYU', shop('USD')],
  ['$b 100', '100', 'BOB', shop('USD')], ['N$ 100', '100', 'NAD', shop('USD')], ['Bs. 100', '100', null, shop('USD')], ['Bs. 100', '100', 'BOB', shop('BOB')],
  ['CFAF 100', '100', null, shop('USD')], ['100 ﷼', '100', null, shop('USD')], ['﷼ 100', '100', 'SAR', shop('SAR')],
  // "C$" is the Canadian dollar but on a Nicaraguan shop; "lei" the Romanian leu but on a Moldovan one
  ['C$ 100', '100', 'NIO', shop('NIO')], ['C$ 100', '100', 'CAD', shop('USD')], ['C$ 12.99', '12.99', 'CAD'], ['100 lei', '100', 'MDL', shop('MDL')], ['100 lei', '100', 'RON', shop('USD')],
  // Currencies outside ISO 4217: the Iranian toman is ten rials, crypto-currencies have no ISO code
  ['۴۵۰٫۰۰۰ تومان', A, null, shop('IRR')], ['450,000 تومان', A, null, shop('IRR')], ['۴۵۰٬۰۰۰ تومان', A, null, shop('IRR')], ['450.000 Toman', A, null, shop('IRR')],
  ['۱۲۳٬۴۵۶ ریال', '123456', 'IRR', shop('IRR')], ['0.0025 BTC', A, null, shop('USD')], ['₿0.0025', A, null, shop('USD')], ['Ξ 0.05', A, null, shop('EUR')],
  ['12.99 USDT', A, null, shop('USD')], ['12.99 USDC', A, null, shop('USD')], ['0.5 ETH', A, null, shop('USD')], ['100 DOGE', A, null, shop('USD')], ['25,000 sats', A, null, shop('USD')],
  ['0.0025', A, null, { currencyHint: 'BTC', defaultCurrency: 'USD' }], ['450.000', A, null, { currencyHint: 'تومان', defaultCurrency: 'IRR' }],
  ['12,99', '12.99', 'EUR', { currencyHint: 'eur', defaultCurrency: 'PLN' }], ['12.99', '12.99', 'USD', { currencyHint: 'US$', defaultCurrency: 'CAD' }],
  ['$49.99 or 0.0012 BTC', '49.99', 'USD', shop('USD')], ['0.0012 BTC or $49.99', '49.99', 'USD', shop('USD')], ['€ 12 (≈ 0.0002 BTC)', '12', 'EUR'],
  // Codes in lower case or capitalised beside the amount, signs and codes of shops worldwide, instalments
  ['12,99 eur', '12.99', 'EUR', shop('PLN')], ['12,99 Eur', '12.99', 'EUR', shop('PLN')], ['eur 12,99', '12.99', 'EUR', shop('PLN')],
  ['12.99 usd', '12.99', 'USD', shop('CAD')], ['12.99 Usd', '12.99', 'USD', shop('CAD')], ['1 299 rub', '1299', 'RUB', shop('UAH')],
  ['1 299 pln', '1299', 'PLN', shop('EUR')], ['1 299 czk', '1299', 'CZK', shop('EUR')], ['99 chf', '99', 'CHF', shop('EUR')], ['99 sek', '99', 'SEK', shop('NOK')],
  ['EUR 12,99 €', '12.99', 'EUR'], ['12.99 $ US', '12.99', 'USD', shop('CAD')], ['12,99 $CA', '12.99', 'CAD', shop('USD')], ['CAD 12.99 $', '12.99', 'CAD', shop('USD')],
  ['€12,99', '12.99', 'EUR'], ['0,001 €', '0.001', 'EUR'], ['999999999999999,99 €', '999999999999999.99', 'EUR'], ['99999999999999999999,99 €', 'price/not-a-price', null], ['12.12.2024 19,99 €', '19.99', 'EUR'],
  ['Tel. 0800 123 456 19,99 €', '19.99', 'EUR'], ['19,99 € / Stück', '19.99', 'EUR'], ['1 Stück 19,99 €', '19.99', 'EUR'], ['Ab 2 Stück je 17,99 €', A, null],
  ['ab 10 Stück 9,99 €', A, null], ['Staffelpreis: ab 10 Stück 9,99 € ab 50 Stück 8,99 €', A, null], ['19,99 EUR inkl. 19 % MwSt.', '19.99', 'EUR'],
  ['Preis: 19,99 EUR*', '19.99', 'EUR'], ['EUR 19.99', '19.99', 'EUR'], ['19.99 EUR', '19.99', 'EUR'], ['$ 19.99 USD', '19.99', 'USD'], ['19,99 zł brutto', '19.99', 'PLN'],
  ['16,25 zł netto 19,99 zł brutto', '19.99', 'PLN'], ['Cena netto: 16,25 zł Cena brutto: 19,99 zł', '19.99', 'PLN'], ['$19.99 + tax', '19.99', 'USD', US],
  ['$19.99 + $4.99 shipping', '19.99', 'USD', US], ['R$ 199,90 à vista', '199.90', 'BRL'], ['R$ 199,90 ou 10x de R$ 19,99', '199.90', 'BRL'],
  ['10x de R$ 19,99 sem juros', A, null], ['12x R$ 16,66', A, null], ['ou 12x de R$ 16,66 sem juros', A, null], ['R$ 199,90 no Pix', '199.90', 'BRL'],
  ['$ 1.299 en 12 cuotas sin interés de $ 108,25', '1299', null], ['12 cuotas de $ 108,25', A, null], ['6 MSI de $216.50', A, null], ['$1,299 MXN', '1299', 'MXN'],
  ['S/. 49.90', '49.90', 'PEN'], ['Bs 150,00', '150.00', null],
  ['Q 149.99', '149.99', 'GTQ', shop('GTQ')], ['L 1,299.00', '1299.00', 'HNL', shop('HNL')], ['C$ 1,299.00', '1299.00', 'NIO', shop('NIO')], ['₡ 12 990', '12990', 'CRC'],
  ['J$ 12,990', '12990', 'JMD'], ['TT$ 129.99', '129.99', 'TTD'], ['UGX 12,000', '12000', 'UGX'],
  ['₦ 12,500', '12500', 'NGN'], ['GH₵ 129.99', '129.99', 'GHS'], ['E£ 1,299', '1299', 'EGP'],
  ['1.299,00 TL', '1299.00', 'TRY'], ['₺1.299,00', '1299.00', 'TRY'], ['1 299 ₸', '1299', 'KZT'], ['1 299 сом', '1299', 'KGS'],
  ['1 299 000 сўм', '1299000', 'UZS', shop('UZS')], ['1 299 000 so‘m', '1299000', 'UZS'], ['₾ 129', '129', 'GEL'], ['129 ₾', '129', 'GEL'], ['129,00 ₼', '129.00', 'AZN'],
  // Round 23: Armenia writes "," for decimals and the dram has two (CLDR), so "12,990" is 12.99 mistyped or 12990: refused; "12 990 ֏" is plain.
  ['֏ 12,990', 'price/ambiguous', null], ['12 990 ֏', '12990', 'AMD'], ['₮ 129,000', '129000', 'MNT'], ['129,000₮', '129000', 'MNT'], ['Rs. 1,299', '1299', 'LKR', shop('LKR')],
  ['රු. 1,299', '1299', 'LKR'], ['Nu. 1,299', '1299', 'BTN'], ['K 12,990', '12990', 'MMK', shop('MMK')], ['12,990 Ks', '12990', 'MMK', shop('MMK')],
  ['₭ 129,000', '129000', 'LAK'], ['129,000 ₭', '129000', 'LAK'], ['៛ 12,900', '12900', 'KHR'], ['12,900៛', '12900', 'KHR'], ['$12.99 (៛53,000)', A, null],
  ['RM 129.00', '129.00', 'MYR'], ['S$ 129.00', '129.00', 'SGD'], ['HK$ 1,299', '1299', 'HKD'], ['NT$ 1,299', '1299', 'TWD'],
  ['MOP$ 129', '129', 'MOP'], ['A$ 129.95', '129.95', 'AUD'], ['NZ$ 129.95', '129.95', 'NZD'], ['F$ 129.95', '129.95', 'FJD', shop('FJD')], ['129 XPF', '129', 'XPF'],
  ['12 900 F CFP', '12900', 'XPF'], ['12 900 FCFP', '12900', 'XPF'],
  // Short Latin signs that are also sizes, initials and words ("K", "L", "Le", "FC") stay unknown: the hint or default decides
  ['Q 100', '100', 'GTQ', shop('GTQ')], ['K 100', '100', 'ZMW', shop('ZMW')], ['Le 12 mai 19,99 €', '19.99', 'EUR'],
];
