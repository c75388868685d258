// Price table rows, round 26: a country's letters set apart from a shared sign ("C $20.00"), "C$" under a page locale, and a dash opening the text.
import { loc, shop, type PriceRow } from './price-table-types';

const A = 'price/ambiguous';
const US = loc('en-US');

export const SIGNS_APART: PriceRow[] = [
  // Letters set apart from the sign as eBay prints a listing's currency name it as glued ones do (the bare "$" was read: null, or
  // USD on an en-US page; "EG £ 50" was GBP)
  ['C $20.00', '20.00', 'CAD'], ['C $ 20.00', '20.00', 'CAD'], ['Price: C $12.99', '12.99', 'CAD'], ['C $20.00', '20.00', 'CAD', loc('en-CA')],
  ['NT $1,290', '1290', 'TWD'], ['NT $1,290', '1290', 'TWD', loc('zh-TW')], ['MX $1,299.00', '1299.00', 'MXN'], ['AR $ 12.990', '12990', 'ARS'],
  ['R $ 1.234,56', '1234.56', 'BRL'], ['R $ 1.234,56', '1234.56', 'BRL', loc('pt-BR')], ['EG £ 50', '50', 'EGP'], ['JP ¥1,980', '1980', 'JPY'], ['C $12.99', '12.99', 'NIO', loc('es-NI')],
  // ... but capitals alone may be a size, a grade or a cream's name: where the bare sign reads another currency, neither is taken
  ['C $20.00', A, null, US], ['S $12.99', A, null, US], ['R $ 1.234,56', A, null, US], ['BB $12.99', A, null, US],
  // After a word or a number the letters end a name, as before
  ['Vitamin C $12.99', '12.99', 'USD', US], ['Grade A $12.99', '12.99', 'USD', US], ['XL $15.99', '15.99', 'USD', US], ['CAD $ 12.99', '12.99', 'CAD'],
  // "C$" is the Canadian dollar on a page whose language CLDR gives the córdoba's narrow "C$" (all of them): it was NIO
  ['C$ 12.99', '12.99', 'CAD', US], ['C$12.99', '12.99', 'CAD', loc('de-DE')], ['C$ 12.99', '12.99', 'CAD', loc('en')], ['C$ 12.99', '12.99', 'NIO', loc('es-NI')],
  // A dash set apart opening the text is a discount line's minus or a name's separator left behind: refused (it read +12.99)
  ['- 12,99 €', A, null], ['– $5.00', A, null, US], ['− 12,99 €', A, null], ['- .50 CHF', A, null], ['€ - 5,00', A, null], ['- €5,00', A, null],
  // A dash after words, after a SKU, glued, or between amounts reads as before
  ['Kettle - 12,99 €', '12.99', 'EUR'], ['EAN 4006381333931 - 12,99 €', '12.99', 'EUR'], ['-12,99 €', '-12.99', 'EUR'], ['10 - 20 €', A, null],
  // Round 27: a from-word needs an amount after it, so letters between it and the sign are the sign's (the bare "$" was read, and
  // the letters hid the from-word: 12.99, in USD under a USD default, where the cheapest variant's price in CAD was shown)
  ['from C $12.99', 'price/range', null], ['Starting at C $12.99', 'price/range', null, US], ['ab C $12.99', 'price/range', null],
  ['from C $12.99', 'price/range', null, shop('USD')],
];
