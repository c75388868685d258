// Price table rows: the price of one piece of a pack ("10 St. à 1,99 €") is not the pack's price; beside the pack's total, the total is.
import { loc, type PriceRow } from './price-table-types';

const US = loc('en-US');
const A = 'price/ambiguous';

export const PACKS: PriceRow[] = [
  // A count of pieces and the price of one: the pack's price is not shown (ten times 1,99 € is a sum the shop did not write)
  ['10 St. à 1,99 €', A, null], ['Packung mit 10 Stück à 1,99 €', A, null], ['6 x 0,5 l à 0,89 €', A, null], ['10 Stück je 1,99 €', A, null],
  ['10 Stk. à 1,99 €', A, null], ['6 Flaschen à 0,89 €', A, null], ['4 x 250 ml à 1,29 €', A, null], ['10 szt. à 1,99 zł', A, null],
  ['12 x 0,33 l Dose à 0,79 €', A, null], ['6er Pack à 0,89 €', A, null], ['10 Stück (à 1,99 €)', A, null], ['10 Stück zu je 1,99 €', A, null],
  ['Preis pro Stück 1,99 € (10 Stück)', A, null], ['1,99 €/St. (Packung: 10 St.)', A, null], ['10 Stück, 1,99 €/Stück', A, null],
  // Counted pieces for an amount: a multi-buy, as "3 für 5 €" is (the count's word made it read 5)
  ['3 Stück für 5 €', A, null], ['3 pcs for $5', A, null, US],
  ['10 pcs @ $1.99', A, null, US], ['Case of 12 @ $1.99 ea', A, null, US], ['10 pack $1.99/each', A, null, US], ['12 ct. $1.99 each', A, null, US], ['12 @ $1.99', A, null, US], ['Pack of 10, $1.99 each', A, null, US], ['10 pcs $1.99 each', A, null, US], ['Pack of 10 at $1.99 each', A, null, US],
  // Beside the pack's total, the total is the price, wherever it stands
  ['19,90 € (10 St. à 1,99 €)', '19.90', 'EUR'], ['10 St. à 1,99 € 19,90 €', '19.90', 'EUR'], ['Packung mit 10 Stück à 1,99 € = 19,90 €', '19.90', 'EUR'],
  ['6 x 0,5 l à 0,89 € = 5,34 €', '5.34', 'EUR'], ['5,34 € (6 x 0,5 l à 0,89 €)', '5.34', 'EUR'], ['$19.90 (10 pcs @ $1.99)', '19.90', 'USD', US],
  // Still the price: one piece at it, a pack's own price, a tier's price per piece, a bare "à", a lot's price, a price per piece alone
  ['1 St. à 1,99 €', '1.99', 'EUR'], ['10 Stück 19,90 €', '19.90', 'EUR'], ['6 x 0,5 l 5,34 €', '5.34', 'EUR'], ['Pack of 10 - $19.90', '19.90', 'USD', US],
  ['ab 10 Stück je 1,79 €', A, null], ['6er-Pack 5,34 €', '5.34', 'EUR'], ['Karton mit 12 Flaschen à 0,75 l 12,99 €', '12.99', 'EUR'], ['Set à 3 Stück 9,99 €', '9.99', 'EUR'],
  ['Größe 42 à 59,99 €', '59.99', 'EUR'], ['Preis pro Stück 1,99 €', '1.99', 'EUR'], ['$1.99 each (pack of 10 sold separately)', '1.99', 'USD', US],
  ['19,90 € 10 Stück (1,99 €/Stück)', '19.90', 'EUR'], ['à 1,99 €', '1.99', 'EUR'], ['lot de 10 à 19,90 €', '19.90', 'EUR'], ['1,99 € pro Stück', '1.99', 'EUR'],
];
