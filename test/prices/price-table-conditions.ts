// Price table rows, round 6: prices not everyone pays (a code, a coupon, a subscription, an app, the cart), half-labelled net and gross pairs, and a sign beside a code that disagrees.
import { loc, type PriceRow } from './price-table-types';

const US = loc('en-US');
const A = 'price/ambiguous';
const R = 'price/reference-only';
const M = 'price/member-only';
const N = 'price/not-a-price';

export const CONDITIONS: PriceRow[] = [
  // A sign and an ISO code beside one amount that name no currency in common: either may be the shop's mistake
  ['12.99 € USD', A, null], ['$12.99 EUR', A, null, US], ['£12.99 (EUR)', A, null], ['¥1000 USD', A, null], ['R$ 12,99 USD', A, null], ['99 kr EUR', A, null],
  ['12.99 USD €', A, null], ['EUR 12.99 $', A, null],
  ['12,99 € EUR', '12.99', 'EUR'], ['£12.99 GBP', '12.99', 'GBP'], ['¥1000 JPY', '1000', 'JPY'], ['99 kr NOK', '99', 'NOK'], ['R$ 12,99 BRL', '12.99', 'BRL'],
  // A price with a code or a coupon is whoever has it's: a reference; beside the price everyone pays, that one stands
  ['$29.99 with code', R, null, US], ['Get it for $30 with code SAVE10', R, null, US], ['$29.99 after coupon', R, null, US], ['Clip coupon: $24.99', R, null, US],
  ['€19,99 mit Gutscheincode', R, null], ['19,99 € avec le code', R, null], ['19,99 € con codice SCONTO10', R, null], ['R$ 99,90 com cupom', R, null],
  ['$29.99 w/ code', R, null, US], ['With coupon $24.99', R, null, US], ['Clip $5 coupon', R, null, US], ['Prix avec le code : 19,99 €', R, null],
  ['$34.99 $29.99 with code', '34.99', 'USD', US], ['$34.99 with code SAVE10 $29.99', '34.99', 'USD', US], ['$39.99 $29.99 after $10 coupon', '39.99', 'USD', US],
  ['$24.99 Clip $5 coupon', '24.99', 'USD', US], ['$34.99 Clip coupon: $24.99', '34.99', 'USD', US], ['29,99 € 24,99 € mit Code', '29.99', 'EUR'],
  ['Item code ABC123 $19.99', '19.99', 'USD', US], ['$34.99 Coupon: $5 off', '34.99', 'USD', US],
  // A subscription's, Prime's or the app's price: a club's price by another name; the price everyone pays beside it stands
  ['Prime price $17.99', M, null, US], ['$29.99 with Prime', M, null, US], ['$9.99 in app', M, null, US], ['$9.99 in the app', M, null, US], ['App-only price $9.99', M, null, US],
  ['$17.99 with Subscribe & Save', M, null, US], ['$24.99 when you subscribe', M, null, US], ['17,99 € im Spar-Abo', M, null],
  ['$19.99 Prime price $17.99', '19.99', 'USD', US], ['$12.99 App-only price $9.99', '12.99', 'USD', US], ['$19.99 $17.99 with Subscribe & Save', '19.99', 'USD', US],
  ['$34.99 $29.99 with Prime', '34.99', 'USD', US], ['19,99 € 17,99 € im Spar-Abo', '19.99', 'EUR'], ['$19.99 Subscribe & Save $17.99', '19.99', 'USD', US],
  ['One-time purchase: $19.99 Subscribe & Save: $17.99', '19.99', 'USD', US], ['App Store Gift Card $25', '25', 'USD', US], ['Download our app $19.99', '19.99', 'USD', US],
  // The price shown only in the cart (minimum advertised price): an amount beside the words is a placeholder
  ['$0.00 see price in cart', N, null, US], ['$1.00 See price in cart', N, null, US], ['$19.99 Add to cart to see price', N, null, US], ['$19.99 Price in cart', N, null, US],
  ['29,99 € Preis im Warenkorb', N, null],
  // A price limit of a listing or a filter ("Gifts under $30", "$30 & under"), not the product's price
  ['Under $30', R, null, US], ['Gifts under $30', R, null, US], ['$30 & under', R, null, US], ['Geschenke unter 30 €', R, null], ['Under Armour Tee $30', '30', 'USD', US],
  ['$24.99 Free shipping on orders under $35', '24.99', 'USD', US],
  // A net and a gross with one of them labelled: the higher is the gross at an exact VAT rate of the currency's country only
  ['£12.99 (£10.83 ex VAT)', '12.99', 'GBP'], ['£10.83 ex VAT £12.99', '12.99', 'GBP'], ['£12.99 inc VAT £10.83', '12.99', 'GBP'], ['£12.99 inc VAT (£10.83)', '12.99', 'GBP'],
  ['119,00 € (100,00 € netto)', '119.00', 'EUR'], ['£120 (£100 ex VAT)', '120', 'GBP'],
  ['£12.99 (£9.99 ex VAT)', A, null], ['£12.99 (£10.00 ex VAT)', A, null], ['119,00 € inkl. MwSt. 99,00 €', A, null], ['$12.99 ($10.83 ex tax)', A, null, US],
  // Round 27: a dash set apart after a coupon's or a code's word stands for the colon, a deduction's line in a cart or an order
  // (each read +5); "Code promo" with a colon was read as "Code" and a written code "promo", which is no code, so it read 5 too
  ['Coupon - $5.00', R, null, US], ['Cupón – $5.00', R, null, US], ['Code promo - 5,00 €', R, null], ['Code promo : 5,00 €', R, null],
  ['Kupon - 5,00 zł', R, null], ['Gutschein – 5,00 €', R, null], ['$29.99 Coupon - $5.00', '29.99', 'USD', US],
  ['Coupon book $5.00', '5.00', 'USD', US], ['Gutschein 25,00 €', '25.00', 'EUR'],
];
