// Price table rows, round 14: a card's or an app's words standing alone before an amount, and net prices with their tax words.
import { loc, type PriceRow } from './price-table-types';

const US = loc('en-US');
const M = 'price/member-only';

export const CARDS_AND_TAX: PriceRow[] = [
  // A card's or the app's words opening the text or between two amounts name the card holder's price (each was stored as the price)
  ['Mit Karte 1,99 €', M, null], ['Mit Karte: 1,99 €', M, null], ['2,49 € Mit Karte 1,99 €', '2.49', 'EUR'], ['4,99 € avec la carte 3,99 €', '4.99', 'EUR'],
  ['4,99 € Con tarjeta 3,99 €', '4.99', 'EUR'], ['Mit Penny App 1,99 €', M, null], ['2,49 € Mit der App 1,99 €', '2.49', 'EUR'], ['$4.99 with the app $3.99', '4.99', 'USD', US],
  ['1,99 € mit Penny App', M, null], ['2,49 € 1,99 € mit Penny App', '2.49', 'EUR'],
  // After a product's name the words are part of it, and a gift card is no shop card
  ['Geschenkbox mit Karte 14,99 €', '14.99', 'EUR'], ['$24.99 with gift card', '24.99', 'USD', US],
  ['Tasse mit Karte 9,99 € 7,99 €', 'price/ambiguous', null],
  // Net prices read as the amount shown: the item says it is without tax (test/prices/net-price.test.ts)
  ['12,00 € zzgl. MwSt.', '12.00', 'EUR'], ['£10.00 ex VAT', '10.00', 'GBP'], ['$10.00 excl. tax', '10.00', 'USD', US], ['Prix HT : 12,00 €', '12.00', 'EUR'],
];
