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
];
