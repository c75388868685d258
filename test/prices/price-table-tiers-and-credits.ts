// Price table rows, round 13: quantity tiers, money the buyer holds or gets back, basket totals, fees and levies, and a net price left alone by its gross twin.
import { loc, shop, type PriceRow } from './price-table-types';

const US = loc('en-US');
const A = 'price/ambiguous';
const R = 'price/reference-only';

export const TIERS_AND_CREDITS: PriceRow[] = [
  // Round 23: a credit written as statements write it, a minus or "CR" after the amount (each read as a positive price)
  ['5,00- €', A, null], ['12.50-', A, null, shop('USD')], ['€ 5,00-', A, null], ['$5.00 CR', R, null, US], ['$5.00 CR.', R, null, US],
  ['5,00-10,00 €', A, null], ['19,99 € - 5,00 €', A, null], ['₹5 Cr', '50000000', 'INR'], ['$12.99 CR-V', '12.99', 'USD', US],
  // A quantity tier: what each piece costs from two on, a quantity discount one piece does not get (each was stored as the price)
  ['18 € ab 2 Stück', A, null], ['ab 3 Stück je 4,50 €', A, null], ['Buy 2+ for $8 each', A, null, US], ['from 10 pcs: 3,20 €', A, null],
  ['4,50 €/Stk. ab 10 Stk.', A, null], ['à partir de 3 pièces : 4,50 €', A, null], ['od 3 szt. 12,99 zł', A, null], ['$8.00 each when you buy 2 or more', A, null, US],
  ['Buy 3 or more $7.50 each', A, null, US], ['desde 2 unidades 9,99 €', A, null], ['vanaf 2 stuks € 9,99', A, null],
  // The first tier is the price of one, and a tier after it leaves the price alone
  ['19,99 € ab 2 Stück 17,99 €', '19.99', 'EUR'], ['ab 1 Stück 19,99 € ab 5 Stück 17,99 €', '19.99', 'EUR'], ['ab 1 Stück 19,99 €', '19.99', 'EUR'],
  ['$10.00 Buy 2+ for $8 each', '10.00', 'USD', US],
  // A tier's words opening or closing the text govern all its amounts: none is the price of one (the other amount was stored)
  ['$10.00 $8.00 each when you buy 2 or more', A, null, US], ['€29,99 → €19,99 ab 2 Stück', A, null], ['ab 2 Stück £12.99 (£10.83 ex VAT)', A, null],
  ['Gültig ab 01.05. 19,99 € ab 2 Stück', A, null], ['ab 2 Stück $24.99 (52.1¢/oz)', A, null, US],
  ['10+ $4.00', A, null, US], ['$4.00 (10+)', A, null, US], ['Staffelpreis 3,99 €', A, null], ['Prix dégressif dès 5 : 3,99 €', A, null], ['Volume pricing $19.99', A, null, US],
  // Beside a tier's amount, its unit price, its regular price and a coupon's amount are no price of one piece (each was stored)
  ['ab 2 Stück 12,99 € (51,96 €/kg)', A, null], ['ab 2 Stück ￥980 通常価格 ￥1,226', A, null, loc('ja-JP')], ['ab 2 Stück $39.99 Promo code SAVE10 $29.99', A, null, US],
  ['ab 2 Stück 119,00 € inkl. MwSt. 100,00 € zzgl. MwSt.', A, null], ['4 payments of $12.50 ($2.50/oz)', A, null, US],
  // Not tiers: a threshold, a stock count, an age, a delivery time
  ['Nur noch 3 Stück 9,95 €', '9.95', 'EUR'], ['Lieferung ab 2 Tagen 12,99 €', '12.99', 'EUR'], ['12,99 € ab 18 Jahren', '12.99', 'EUR'], ['£12 / 3 for £30', '12', 'GBP'],
  // Money the buyer holds or gets back: no price of the product (each was stored as one)
  ['Credit: $5.00', R, null, US], ['Gift card balance: $25.00', R, null, US], ['Cashback £5', R, null], ['Cash back: £5', R, null], ['$5 store credit', R, null, US],
  ['Guthaben: 5,00 €', R, null], ['Earn $5 in rewards $49.99', '49.99', 'USD', US], ['$49.99 $5 store credit', '49.99', 'USD', US], ['Credit Card Holder $12.99', '12.99', 'USD', US],
  // A total for a counted basket or bundle (each was stored as one piece's price); a pack's own pieces name the product
  ['£10.00 (2 items)', A, null], ['19,98 € (2 Artikel)', A, null], ['$20.00 [3 items]', A, null, US], ['£3.00 (10 St.)', '3.00', 'GBP'],
  // Instalments written the ways the instalment words did not know (each was stored)
  ['Pay in 3 of £10.00', A, null], ['£29.99 Pay in 3 of £10.00', '29.99', 'GBP'], ['$12.50 bi-weekly', A, null, US], ['$12.50 every 2 weeks', A, null, US],
  // Fees and levies charged beside the price, and recommended prices in spellings the labels lacked (each was stored)
  ['dont éco-participation : 0,50 €', R, null], ['Ecotasse 0,50 €', R, null], ['Eco-part 0,50 € 19,99 €', '19.99', 'EUR'], ['19,99 € dont 0,50 € d\'éco-participation', '19.99', 'EUR'],
  ['Installation $99', R, null, US], ['Assembly fee: $49', R, null, US], ['Tax: $1.50 $19.99', '19.99', 'USD', US], ['$19.99 incl. tax', '19.99', 'USD', US],
  ['Unverb. Preisempfehlung 29,99 €', R, null], ['Unverb. Preisempfehlung 29,99 € 19,99 €', '19.99', 'EUR'], ['Liste fiyatı 299 TL', R, null], ['Liste fiyatı 299 TL 199 TL', '199', 'TRY'],
  // Round 27: the minus glued to the amount's own sign after it is a statement's too (each read +12.99); a hyphen to a word, a
  // range's dash and the dash after whole units are none
  ['12,99 €-', A, null], ['12,99 €–', A, null], ['12,99 EUR-', A, null], ['12.99 $-', A, null, US],
  ['25,00 €-Gutschein', '25.00', 'EUR'], ['5,00 €-10,00 €', A, null], ['12 €-', '12', 'EUR'],
];
