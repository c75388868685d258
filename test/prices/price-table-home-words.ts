// Price table rows, round 22: currencies named by their home country's everyday word ("5,000 ကျပ်", "100 ლარი", "1.299 дин"), which the spider's
// default used to replace, and a shared sign settled by words only its home language writes ("¥1,980（税込）" is yen, "¥99 含税" yuan).
import { loc, shop, type PriceRow } from './price-table-types';

const A = 'price/ambiguous';

export const HOME_WORDS: PriceRow[] = [
  // The word a currency's own shops print after the amount, in its own script: each read in the shop's default (5000 USD) before.
  ['5,000 ကျပ်', '5000', 'MMK', shop('USD')], ['၅,၀၀၀ ကျပ်', '5000', 'MMK', shop('USD')], ['ကျပ် 12,500', '12500', 'MMK', shop('USD')],
  ['100 ლარი', '100', 'GEL', shop('USD')], ['45,90 ლარი', '45.90', 'GEL', shop('EUR')], ['40,000 រៀល', '40000', 'KHR', shop('USD')], ['25,000 ກີບ', '25000', 'LAK', shop('USD')],
  ['15 000 төгрөг', '15000', 'MNT', shop('USD')], ['15 000 төг.', '15000', 'MNT', shop('USD')], ['5 000 դրամ', '5000', 'AMD', shop('USD')], ['5 000 դր.', '5000', 'AMD', shop('USD')],
  ['1.299 денари', '1299', 'MKD', shop('EUR')], ['1.299 денар', '1299', 'MKD', shop('EUR')], ['1.299 дин', '1299', 'RSD', shop('EUR')], ['1.299 дин', '1299', 'RSD', loc('sr-RS')],
  ['1.299 динара', '1299', 'RSD', loc('sr-RS')], ['1.299 динара', A, null, shop('EUR')], ['120 сомонӣ', '120', 'TJS', shop('USD')], ['120 сомони', '120', 'TJS', shop('RUB')],
  ['25 ман.', '25', 'AZN', loc('az-AZ')], ['25 ман.', '25', null, shop('USD')], ['25 manat', '25', 'TMT', loc('tk-TM')], ['25 manat', '25', null, shop('EUR')],
  ['29,90 лев', '29.90', 'BGN', shop('EUR')], ['150 000 сўм', '150000', 'UZS', shop('USD')], ['1,250 රු', '1250', 'LKR', shop('USD')], ['1,250 රුපියල්', '1250', 'LKR', shop('USD')],
  ['ரூ. 1,250', '1250', 'LKR', loc('ta-LK')], ['ரூ 1,250', '1250', 'INR', loc('ta-IN')], ['1,250 ரூபாய்', '1250', null, shop('USD')],
  ['1,250 रुपैयाँ', '1250', 'NPR', shop('USD')], ['1,250 روپے', '1250', 'PKR', loc('ur-PK')], ['1,250 روپے', '1250', null, shop('USD')], ['1,250 افغانی', '1250', 'AFN', shop('USD')],
  ['350 ናቕፋ', '350', 'ERN', shop('USD')], ['99 שקל', '99', 'ILS', shop('USD')], ['99 שקלים', '99', 'ILS', shop('USD')], ['4 990 теңге', '4990', 'KZT', shop('RUB')],
  ['1 299 lekë', '1299', 'ALL', shop('EUR')], ['1,500 shilingi', '1500', null, shop('USD')], ['1,500 shilingi', '1500', 'TZS', loc('sw-TZ')], ['450 ރުފިޔާ', '450', 'MVR', shop('USD')],
  // A generic word keeps every candidate: "1.299 динара" in a euro shop may be Kuwaiti dinars' three decimals or Serbian thousands.
  // Unchanged: a word inside another word is none ("один" holds "дин"), and the Georgian "ლ" is also the litre, so it stays no sign.
  ['один 1.299 €', '1299', 'EUR'], ['1 ლ 4,50 ₾', '4.50', 'GEL'],

  // Words only Japanese writes (税込, 税抜, 税別, 価格, 送料, kana) make "¥" the yen, words only Chinese writes (含税, 价, 运费, 包邮) the
  // yuan: no currency was read. A hint, locale or default naming the other is a contradiction, refused, and so is a text holding both.
  ['¥1,980（税込）', '1980', 'JPY'], ['¥1,980(税込)', '1980', 'JPY'], ['¥1,980 税込', '1980', 'JPY'], ['税込 ¥1,980', '1980', 'JPY'], ['¥1,800（税抜）', '1800', 'JPY'],
  ['¥1,800（税別）', '1800', 'JPY'], ['販売価格 ¥1,980', '1980', 'JPY'], ['¥1,980 送料別', '1980', 'JPY'], ['¥1,980 ポイント還元', '1980', 'JPY'], ['￥1,980（税込）', '1980', 'JPY'],
  ['¥1,980（税込）', '1980', 'JPY', shop('JPY')], ['¥1,980（税込）', '1980', 'JPY', shop('EUR')],
  ['¥99 含税', '99', 'CNY'], ['¥99（含税）', '99', 'CNY'], ['价格 ¥99', '99', 'CNY'], ['¥99 包邮', '99', 'CNY'], ['¥99 运费¥10', '99', 'CNY'], ['现价 ¥99', '99', 'CNY'],
  ['¥1,980（税込）', A, null, shop('CNY')], ['¥1,980（税込）', A, null, loc('zh-CN')], ['¥99 含税', A, null, loc('ja-JP')], ['¥99 含税', A, null, shop('JPY')],
  ['¥1,980.50（税込）', A, null], ['¥99 含税 税込', '99', null],
  // Unchanged: no language's own words ("¥1,980", "¥1,980 元" by its sign), and "の", which Chinese and Taiwanese shops borrow.
  ['¥1,980', '1980', null], ['¥99元 含税', '99', 'CNY'], ['台灣の味 ¥99', '99', null],
];
