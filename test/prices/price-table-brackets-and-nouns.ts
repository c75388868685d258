// Price table rows: amounts alone in brackets (accounting negatives, notes), and the nouns of a list or regular price on either side of their amount.
import { loc, shop, type PriceRow } from './price-table-types';

const US = loc('en-US');
const A = 'price/ambiguous';
const R = 'price/reference-only';

export const BRACKETS_AND_NOUNS: PriceRow[] = [
  // An amount alone in brackets is a negative as accounts and order summaries print it (a credit, a discount line) or a note
  // beside a price: never the price to pay. Each read +5.
  ['(5.00)', A, null, shop('USD')], ['($5.00)', A, null, US], ['(5,00 €)', A, null], ['( $5.00 )', A, null, US], ['€ (5,00)', A, null],
  ['-(5.00)', A, null, shop('USD')], ['Discount ($5.00)', A, null, US], ['Refund: ($5.00)', A, null, US], ['(£12.99)', A, null],
  // Brackets that hold words, a unit after them, or a minus of their own say what the amount is.
  ['$12.99 (incl. VAT)', '12.99', 'USD', US], ['£4.99 (£4.16 / 100 g)', '4.99', 'GBP'], ['(-$5.00)', '-5.00', 'USD', US],
  ['$24.99 (-$5.00)', '24.99', 'USD', US], ['($5.00 off)', R, null, US], ['$24.99 (Pack of 2)', '24.99', 'USD', US],
  // "Reg.", "Regular", "Orig.", "Original price" alone between two amounts: US shops write them on either side of their
  // amount, and beside the price to pay such a price is the higher one ("$29.99 Orig. $19.99" stored 29.99).
  ['$29.99 Orig. $19.99', '19.99', 'USD', US], ['$80.00 Original $39.99', '39.99', 'USD', US], ['$29.99 Reg. $19.99', '19.99', 'USD', US],
  ['$29.99 Regular $19.99', '19.99', 'USD', US], ['$39.99 Orig. $80.00', '39.99', 'USD', US], ['$19.99 Regular price $29.99', '19.99', 'USD', US],
  ['$80.00 Orig., $39.99', '39.99', 'USD', US], ['Sale $39.99 Orig. $80.00', '39.99', 'USD', US], ['$39.99 Orig.: $80.00', '39.99', 'USD', US],
  // A list noun ending the text is its amount's ("29,99 € UVP" is the maker's price, no price to pay); "Reg." alone is the price.
  ['29,99 € UVP', R, null], ['$24.99 MSRP', R, null, US], ['$29.99 Orig.', R, null, US], ['£24.99 RRP', R, null], ['$29.99 Reg.', '29.99', 'USD', US],
  // A noun bound back by a comma is the earlier amount's, and the later keeps its own label: both stored the maker's price.
  ['29,99 € UVP, statt 24,99 €', R, null], ['29,99 € UVP, Sie sparen 5,00 €', R, null], ['$24.99 MSRP, You save $5.00', R, null, US],
  ['£24.99 RRP, Save £5.00', R, null], ['29,99 € UVP, zzgl. Versand 4,95 €', R, null], ['29,99 € UVP, jetzt 24,99 €', '24.99', 'EUR'],
];
