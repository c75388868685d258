// Price table rows, round 12: multi-buy totals written after the amount, list commas that are no decimal comma, decimals a currency has no minor unit for, store cards by name, Swiss signs.
import { loc, type PriceRow } from './price-table-types';

const US = loc('en-US');
const A = 'price/ambiguous';
const M = 'price/member-only';

export const COUNTS_AND_SCALES: PriceRow[] = [
  // The total of several pieces, the count after the amount: the price of one is a third of it, or the pack is the product; refused
  ['£10 for 3 pairs', A, null], ['£10 for 3', A, null], ['£10 for 2 items', A, null], ['£10 for two', A, null], ['$10 for 2', A, null, US],
  ['5 € für 2 Stück', A, null], ['5 € pour 2', A, null], ['5 € les 2', A, null], ['10 € les 3 paires', A, null], ['€5 per 2', A, null],
  ['£10 for 3 pairs.', A, null], ['£10 (for 3)', A, null], ['£10 for 3 pairs of socks', A, null], ['$12 for 2 bottles of wine', A, null, US], ['12,99 € für 3 Stück', A, null],
  // The count before the amount, in Dutch, French and Spanish as in German and English
  ['Price for 2: $20', A, null, US], ['Total for 3: £30', A, null], ['Preis für 2 Stück: 5 €', A, null], ['¥1,000 (2個で)', A, null], ['¥1,000（2個で）', A, null], ['1,500円で2点', A, null],
  ['2 stuks voor € 5', A, null], ['3 paires pour 10 €', A, null], ['2 unidades por 5 €', A, null], ['3 pairs for £10', A, null],
  // Still the price: one piece, a measure, a duration or a pack the product is, a multi-buy beside the price of one
  ['$9.99 for 1', '9.99', 'USD', US], ['€2,99 for 500 g', '2.99', 'EUR'], ['2,99 € für 500 g', '2.99', 'EUR'], ['$19.99 for 2 years', '19.99', 'USD', US],
  ['£10 for 3 pack', '10', 'GBP'], ['Price for 1: $12.99', '12.99', 'USD', US], ['2個で¥1,500 ¥800', '800', 'JPY'], ['£25 for a pair', '25', 'GBP'], ['$5 each or 2 for $8', '5', 'USD', US], ['£10 Any 2 for £15', '10', 'GBP'],
  ['£10 / 3 for £25', '10', 'GBP'], ['3 for 2 £10', '10', 'GBP'], ['4,99 € 2 für 8 €', '4.99', 'EUR'], ['£4.99 for 2 day delivery', 'price/reference-only', null],
  // A comma and a space between a whole amount and a count of its own ("10+", "10-49", "10:") is a list, never a decimal comma
  ['1-9: €5, 10+: €4', '5', 'EUR'], ['€5, 10+ €4', '5', 'EUR'], ['$5, 10-49 $4', A, null, US], ['€5, 10: €4', A, null],
  ['€ 118, 99', '118.99', 'EUR'],
  // Decimals a currency has no minor unit for (ISO 4217: yen, won, dong, króna, peso chileno): never an amount charged
  ['12.50円', A, null], ['123.45 JPY', A, null], ['₩12.50', A, null], ['₫12.50', A, null], ['12.50 ISK', A, null], ['1.5 CLP', A, null],
  ['1.234,5 ISK', A, null], ['1,234.56 KRW', A, null],
  ['12,500円', '12500', 'JPY'], ['1.234 ISK', '1234', 'ISK'], ['¥1,000.00', '1000.00', null], ['₩12,000', '12000', 'KRW'], ['1.000,00 ISK', '1000.00', 'ISK'],
  ['12,50 Ft', '12.50', 'HUF'], ['1.234 KWD', '1.234', 'KWD'], ['165.5円/L', '165.5', 'JPY'],
  // A store card by its name right after the amount, and "with the card" in French, Spanish, Italian, Portuguese, German and Dutch
  ['£9 with Clubcard', M, null], ['£9.00 with Clubcard', M, null], ['£12 £9 with Clubcard', '12', 'GBP'], ['9,99 € avec la carte', M, null],
  ['9,99 € con tarjeta', M, null], ['9,99 € con la carta', M, null], ['R$ 9,99 com cartão', M, null], ['9,99 € mit Karte', M, null], ['€ 9,99 met de kaart', M, null],
  ['12,99 € 9,99 € avec la carte', '12.99', 'EUR'], ['$12 with giftcard', '12', 'USD', US],
  // A negative amount beside one to pay is what a sale takes off, no price and no range's end; alone it stays negative (refused downstream)
  ['Sale -3,00 € 12,99 €', '12.99', 'EUR'], ['15,99 € -3,00 € 12,99 €', '12.99', 'EUR'], ['$15.99 -$3.00 $12.99', '12.99', 'USD', US], ['-$3.00 $12.99', '12.99', 'USD', US],
  ['Rabatt -3,00 € Preis 12,99 €', '12.99', 'EUR'], ['$12.99 -$3.00', '12.99', 'USD', US], ['15,99 € -2,00 € 12,99 €', A, null], ['$10-$20', A, null, US],
  // Swiss francs' signs without their dot, and with a lower-case s
  ['SFr 12.50', '12.50', 'CHF'], ['sFr. 12.50', '12.50', 'CHF'], ['sFr 12.50', '12.50', 'CHF'], ['12.50 SFr', '12.50', 'CHF'],
];
