// Price table rows, round 10: the words of a deal or a delivery around a price (what a set is worth, the counts of a multi-buy or a stock note, "interest-free", the kind of delivery), never the price.
import { loc, shop, type PriceRow } from './price-table-types';

const US = loc('en-US');
const R = 'price/reference-only';
const N = 'price/not-a-price';

export const DEAL_WORDS: PriceRow[] = [
  // What a set or a bundle is worth bought apart: "$50 value $29.00" stored 50, the worth ahead of the price
  ['$50 value $29.00', R, null, US], ['$29.00 ($50 value)', '29.00', 'USD', US], ['Gift set $29.00 ($50 value)', '29.00', 'USD', US], ['$29.00 ($50 retail value)', '29.00', 'USD', US],
  ['$29.00 a $50 value!', 'price/ambiguous', null, US], ['£25 (worth £40)', '25', 'GBP'], ['Worth £40 £25', '25', 'GBP'], ['$29 Valued at $50', '29', 'USD', US], ['Valued at $50 $29', '29', 'USD', US],
  ['29 € (Wert 50 €)', '29', 'EUR'], ['29 € (im Wert von 50 €)', '29', 'EUR'], ['29 € d\'une valeur de 50 €', '29', 'EUR'], ['29 € (valeur 50 €)', '29', 'EUR'],
  ['€ 29 t.w.v. € 50', '29', 'EUR'], ['$50 value', R, null, US],
  // A word after "value" names the product, not its worth: the price stands
  ['$29 Value Size', '29', 'USD', US], ['$29.99 value pack', '29.99', 'USD', US], ['29 € Wertgutschein', '29', 'EUR'], ['Preiswert 29 €', '29', 'EUR'],
  // The counts of a deal with no sign of their own: under the shop's currency "Buy 2, save 10%" stored 2 EUR
  ['Buy 2, save 10%', N, null, shop('EUR')], ['Buy 2 save 5', 'price/reference-only', null, shop('USD')], ['Buy 2', N, null, shop('EUR')], ['Achetez-en 2, économisez 10 %', N, null, shop('EUR')],
  ['Kaufe 3, zahle 2', N, null, shop('EUR')], ['Nimm 3 zahl 2', N, null, shop('EUR')], ['Compra 2 y llévate 3', N, null, shop('EUR')], ['Bundle of 3', N, null, shop('EUR')],
  ['4-pack', N, null, shop('USD')], ['6 pack', N, null, shop('USD')], ['1+1', R, null, shop('KRW')], ['2 ways to pay', N, null, shop('USD')], ['Pay in 4', N, null, shop('USD')],
  ['In stock: 12', N, null, shop('EUR')], ['Auf Lager: 12', N, null, shop('EUR')],
  // A sign beside the amount still makes it one; a stock note before it counts what came before it
  ['Buy $2', '2', 'USD', US], ['Only 2 in stock 12,99 €', '12.99', 'EUR'], ['4-pack $12.99', '12.99', 'USD', US], ['Buy 2 19,99 €', '19.99', 'EUR'],
  // "Free" glued after a hyphen or a multi-buy's free piece: no free product ("4 interest-free payments" read 0)
  ['4 interest-free payments', N, null, shop('USD')], ['Interest free', N, null], ['Duty-free', N, null], ['Hands-free', N, null], ['Buy 3 get 1 free', N, null, shop('USD')],
  ['2+1 gratis', R, null, shop('EUR')],
  // The kind of delivery before or after its word: "Standard delivery £3.99" stored 3.99, as "Delivery £3.99" never did
  ['Standard delivery £3.99', R, null], ['Next day delivery £5.99', R, null], ['Home delivery £3.99', R, null], ['UPS Ground shipping $9.99', R, null, US],
  ['Standardversand: 4,95 €', R, null], ['Expressversand 9,95 €', R, null], ['Livraison standard : 4,95 €', R, null], ['Livraison express 9,95 €', R, null],
  ['Envío estándar 4,95 €', R, null], ['Spedizione standard 4,95 €', R, null], ['£3.99 next day delivery', R, null], ['4,95 € Standardversand', R, null],
  // Product names that hold such words stay prices
  ['Standard Edition £25.00', '25.00', 'GBP'], ['Express Kettle £25.00', '25.00', 'GBP'], ['Delivery Van Toy £25.00', '25.00', 'GBP'], ['Shipping Box $3.99', '3.99', 'USD', US],
  ['Versandtasche 3,99 €', '3.99', 'EUR'],
  // A MAP shop's words where the price would be: the amount beside them is the advertised one, not what the cart charges
  ['Why don\'t we show the price? $999.00', 'price/not-a-price', null, US], ['$999.00 Click to see price', 'price/not-a-price', null, US],
  // A free-delivery threshold in euros before a price grouped with an apostrophe or the Arabic thousands mark: the two digits
  // after the euro sign begin that amount, never the threshold's cents (29.12 € and 990 SYP were read)
  ['Gratis Versand ab 29 € \u200F١٢٬٩٩٠ ل.س.\u200F', '12990', 'SYP', loc('ar-SY')], ['Free delivery over 29 € 12\'990 CHF', '12990', 'CHF'],
  // "Was" labels the page reader knew and the parser did not: each text was refused as two prices
  ['Listenpreis 24,99 € 19,99 €', '19.99', 'EUR'], ['Ursprünglicher Preis 24,99 € 19,99 €', '19.99', 'EUR'], ['Originalpreis 24,99 € 19,99 €', '19.99', 'EUR'],
  ['Früher 24,99 € 19,99 €', '19.99', 'EUR'], ['Prezzo di listino 24,99 € 19,99 €', '19.99', 'EUR'], ['Precio habitual 24,99 € 19,99 €', '19.99', 'EUR'],
  ['Preço antigo R$ 249,90 R$ 199,90', '199.90', 'BRL'], ['Oude prijs € 24,99 € 19,99', '19.99', 'EUR'], ['Tidligere pris 249 kr 199 kr', '199', 'DKK', loc('da-DK')],
  ['Cena katalogowa 249 zł 199 zł', '199', 'PLN'], ['Běžná cena 249 Kč 199 Kč', '199', 'CZK'], ['Eredeti ár 2 490 Ft 1 990 Ft', '1990', 'HUF'], ['Ovh. 249 kr 199 kr', '199', 'NOK', loc('nb-NO')],
];
