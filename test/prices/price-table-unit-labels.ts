// Price table rows, round 10: a unit (base, comparison) price named by its own label in Nordic, Dutch, Finnish, Portuguese, Central European, Turkish, Russian and East Asian shops, beside the price.
import { loc, type PriceRow } from './price-table-types';

export const UNIT_LABELS: PriceRow[] = [
  // Each was refused as two prices: the label of the price per kilo, litre or piece was not read
  ['Kiloprijs € 12,45 € 2,49', '2.49', 'EUR'], ['€ 2,49 Kiloprijs € 12,45', '2.49', 'EUR'], ['€ 2,49 Literprijs € 4,98', '2.49', 'EUR'], ['€ 2,49 Eenheidsprijs € 0,50', '2.49', 'EUR'],
  ['24,90 kr Jfr-pris 124,50 kr', '24.90', 'SEK', loc('sv-SE')], ['24,90 kr Jämförelsepris 124,50 kr', '24.90', 'SEK', loc('sv-SE')], ['24,90 kr. Enhedspris: 124,50 kr.', '24.90', 'DKK', loc('da-DK')],
  ['24,90 kr Enhetspris 124,50 kr', '24.90', 'NOK', loc('nb-NO')], ['2,49 € Kilohinta 12,45 €', '2.49', 'EUR'], ['2,49 € Yksikköhinta 12,45 €', '2.49', 'EUR'], ['2,49 € Vertailuhinta 12,45 €', '2.49', 'EUR'],
  ['2,49 € Preço por kg: 12,45 €', '2.49', 'EUR'], ['2,49 € Preço unitário: 12,45 €', '2.49', 'EUR'], ['2,49 € Precio/kg 12,45 €', '2.49', 'EUR'], ['2,49 € Prix/kg 12,45 €', '2.49', 'EUR'],
  ['2,49 € Literpreis 4,98 €', '2.49', 'EUR'], ['2,49 € Kilopreis 4,98 €', '2.49', 'EUR'], ['2,49 € Vergleichspreis 4,98 €', '2.49', 'EUR'],
  ['24,90 Kč Jednotková cena: 124,50 Kč', '24.90', 'CZK'], ['249 Ft Egységár: 1 245 Ft', '249', 'HUF'], ['2,49 lei Preț unitar: 12,45 lei', '2.49', 'RON'],
  ['24,90 TL Kg fiyatı: 124,50 TL', '24.90', 'TRY'], ['24,90 TL Birim fiyatı: 124,50 TL', '24.90', 'TRY'], ['249 ₽ Цена за 100 г: 99 ₽', '249', 'RUB'],
  ['498円 100gあたり99円', '498', 'JPY'], ['498円 (1個あたり 83円)', '498', 'JPY'], ['¥49.80 单价 ¥9.96', '49.80', 'CNY', loc('zh-CN')], ['4,980원 (100g당 996원)', '4980', 'KRW'], ['4,980원 단위가격 996원', '4980', 'KRW'],
  // Alone, a unit price stays what the text shows, as "Grundpreis: 4,98 € / 1 kg" does (goods sold by weight)
  ['Kiloprijs € 12,45', '12.45', 'EUR'], ['Kilohinta 12,45 €', '12.45', 'EUR'],
];
