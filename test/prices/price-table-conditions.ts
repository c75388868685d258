// Price table rows, round 6: prices not everyone pays (a code, a coupon, a subscription, an app, the cart), half-labelled net and gross pairs, and a sign beside a code that disagrees.
import { loc, type PriceRow } from './price-table-types';

const US = loc('en-US');
const A = 'price/ambiguous';

export const CONDITIONS: PriceRow[] = [
  // A sign and an ISO code beside one amount that name no currency in common: either may be the shop's mistake
  ['12.99 € USD', A, null], ['$12.99 EUR', A, null, US], ['£12.99 (EUR)', A, null], ['¥1000 USD', A, null], ['R$ 12,99 USD', A, null], ['99 kr EUR', A, null],
  ['12.99 USD €', A, null], ['EUR 12.99 $', A, null],
  ['12,99 € EUR', '12.99', 'EUR'], ['£12.99 GBP', '12.99', 'GBP'], ['¥1000 JPY', '1000', 'JPY'], ['99 kr NOK', '99', 'NOK'], ['R$ 12,99 BRL', '12.99', 'BRL'],
];
