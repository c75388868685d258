// Price table rows: a price per period of time (a yearly plan, a night, a day's rental) is paid again each period, no price of the product; beside a total or a one-off price, that one is.
import { loc, type PriceRow } from './price-table-types';

const US = loc('en-US');
const UK = loc('en-GB');
const A = 'price/ambiguous';
const RATE = 'price/rate-only';

export const RATES: PriceRow[] = [
  // A yearly plan, in the words shops print it with: a recurring charge, refused as a monthly one is
  ['$99/yr', RATE, null, US], ['$99 / year', RATE, null, US], ['$99/year', RATE, null, US], ['$99 per year', RATE, null, US], ['$99 a year', RATE, null, US],
  ['$99 annually', RATE, null, US], ['$99 billed annually', RATE, null, US], ['$119.88 billed yearly', RATE, null, US], ['Billed annually at $99.99', RATE, null, US],
  ['billed annually $99', RATE, null, US], ['£79 per annum', RATE, null], ['£79.99 a year', RATE, null], ['99 € jährlich', RATE, null], ['99 € pro Jahr', RATE, null],
  ['99,00 € / Jahr', RATE, null], ['99 €/Jahr inkl. MwSt.', RATE, null], ['99 € im Jahr', RATE, null], ['€ 119,- p.a.', RATE, null], ['119 € p.a.', RATE, null],
  ['99 €/an', RATE, null], ['99 € par an', RATE, null], ['99 € / anno', RATE, null], ["99 € all'anno", RATE, null], ['99 € al año', RATE, null],
  ['99 € per jaar', RATE, null], ['99 kr/år', RATE, null, loc('sv-SE')], ['99 kr per år', RATE, null, loc('nb-NO')], ['99 zł rocznie', RATE, null], ['99 zł / rok', RATE, null],
  ['990 ₽ в год', RATE, null], ['9.800円/年', RATE, null], ['¥9,800 per year', RATE, null, loc('ja-JP')], ['年額 9,800円', RATE, null], ['999 TL yıllık', RATE, null],
  // A charge repeated every few months or years; a term paid once ("for 2 years") stays the price
  ['$19.99 per 6 months', RATE, null, US], ['$59.99 every 3 months', RATE, null, US], ['$199 for 2 years', '199', 'USD', US], ['99 € für 2 Jahre', '99', 'EUR'],
  // A night, a day, a week: a stay's or a rental's rate, not its price
  ['$189/night', RATE, null, US], ['$189 per night', RATE, null, US], ['$45.00 / day', RATE, null, US], ['$45.00 per day', RATE, null, US], ['38,50 € pro Tag', RATE, null],
  ['120 € par nuit', RATE, null], ['140 € por noche', RATE, null], ['¥12,000/泊', RATE, null, loc('ja-JP')], ['Price per night: $189', RATE, null, US], ['Tagespreis 38,50 €', RATE, null],
  // A monthly and a yearly price of one plan: neither is a one-off price
  ['$8.25/mo billed annually $99', A, null, US], ['$9.99/mo or $99.99/yr', A, null, US], ['$8.33/mo Billed annually at $99.99', A, null, US],
  // Beside a total or a one-off price, that one is the price
  ['$189/night $642 total', '642', 'USD', US], ['$499.99 Protection plan $49.99/yr', '499.99', 'USD', US],
  ['180 € pro Nacht Gesamtpreis 540 €', '540', 'EUR'], ['£420.00 or £36.50 per month', '420', 'GBP', UK],
  // Words about years that name no period of payment: the price stands
  ['1 year warranty $99.99', '99.99', 'USD', US], ['$99.99 1 Year Warranty', '99.99', 'USD', US], ['$99.99 (1 year)', '99.99', 'USD', US], ['Annual plan $99', '99', 'USD', US],
  ['2 Jahre Garantie 49,99 €', '49.99', 'EUR'], ['49,99 € 2 Jahre Garantie', '49.99', 'EUR'], ['Day pack $39.99', '39.99', 'USD', US], ['$39.99 Day Pack', '39.99', 'USD', US],
  ['Apple a Day $4.99', '4.99', 'USD', US], ['$129 per person', '129', 'USD', US],
];
