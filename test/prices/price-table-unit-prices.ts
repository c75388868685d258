// Price table rows: prices per unit of measure with three digits after one separator, read the way the currency's country writes them.
import { loc, sep, shop, type PriceRow } from './price-table-types';

const US = loc('en-US');
const A = 'price/ambiguous';

export const UNIT_PRICES: PriceRow[] = [
  // US, UK and Australian shelf labels print unit prices to a tenth of a cent: 3499 a pound was stored.
  ['$3.499/lb', '3.499', 'USD', US], ['$3.499 / lb', '3.499', 'USD', US], ['$3.499 per lb', '3.499', 'USD', US], ['$0.125/oz', '0.125', 'USD', US],
  ['$0.125 per fl oz', '0.125', 'USD', US], ['$1.299 a pound', '1.299', 'USD', US], ['$12.499/sq ft', '12.499', 'USD', US], ['$0.145/kWh', '0.145', 'USD', US],
  ['$1.299/100g', '1.299', 'AUD', loc('en-AU')], ['$1.299 / 100 g', '1.299', 'AUD', loc('en-AU')], ['$1.299 per 100ml', '1.299', 'AUD', loc('en-AU')],
  ['£1.299/kg', '1.299', 'GBP'], ['£1.299 per kg', '1.299', 'GBP'], ['£0.349/100g', '0.349', 'GBP'], ['$1.299/ea', '1.299', 'USD', US], ['$1.299 each', '1.299', 'USD', US],
  ['CHF 1.299/kg', '1.299', 'CHF'], ['$3.499/lb', '3.499', 'USD', sep('.', 'USD')], ['$1,299/lb', '1299', 'USD', US],
  // Chilean and Colombian supermarkets group thousands with a dot: "$1.299 x kg" is 1299 pesos a kilo.
  ['$1.299 x kg', '1299', 'CLP', loc('es-CL')], ['$1.299/kg', '1299', 'CLP', shop('CLP')], ['$12.990 c/u', '12990', 'COP', loc('es-CO')], ['R$ 1.299/kg', '1299', 'BRL'],
  // Nothing says which convention: "$" for dollars and pesos alike, the euro across countries that write both, no currency at all.
  ['$3.499/lb', A, null], ['1,299 €/kg', A, null], ['1.299 €/kg', A, null], ['3.499/lb', A, null], ['€3.500/m²', A, null],
  // The page's region decides for the euro; the shop's decimal separator decides before anything.
  ['1,299 €/kg', '1.299', 'EUR', loc('de-DE')], ['3.500 €/m²', '3500', 'EUR', loc('de-DE')], ['€1.299/kg', '1.299', 'EUR', loc('en-IE')], ['1,299 €/kg', '1299', 'EUR', sep('.')],
];
