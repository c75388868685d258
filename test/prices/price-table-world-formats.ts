// Price table rows, round 21: number formats and signs around the world, German delivery compounds, and points, deposits and marks beside the price.
import { type PriceRow } from './price-table-types';

const R = 'price/reference-only';

export const WORLD_FORMATS: PriceRow[] = [
  // German delivery compounds by their head or a charge after a delivery word (stored as the price before); other heads name products
  ['Frachtkosten 49,00 €', R, null], ['Portopauschale 4,90 €', R, null], ['Briefporto 1,10 €', R, null], ['Seefracht 99,00 €', R, null], ['Sperrgutzuschlag 19,90 €', R, null],
  ['Expressversandkosten 9,90 €', R, null], ['Lieferkostenpauschale 4,90 €', R, null], ['29,99 € Expressversand', R, null], ['Expresslieferung: 9,90 € 49,99 €', '49.99', 'EUR'],
  ['Versandtasche 1,99 €', '1.99', 'EUR'], ['Lieferwagen Modell 19,99 €', '19.99', 'EUR'], ['Gratisversand 19,99 €', '19.99', 'EUR'], ['Gratis-Versand 19,99 €', '19.99', 'EUR'],
  ['Oporto 19,99 €', '19.99', 'EUR'], ['Ruby Porto 12,99 €', '12.99', 'EUR'],
];
