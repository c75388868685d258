// Price table rows, round 7: amounts that do not say what the product costs (a code's price, a trade-in's, a deposit, an instalment) beside or without the price.
import { loc, type PriceRow } from './price-table-types';

const US = loc('en-US');
const A = 'price/ambiguous';
const R = 'price/reference-only';
const F = 'price/range';

export const OFFERS: PriceRow[] = [
  // A code label opening the text, its code written out (the code's digits are a number of their own): whoever has the code pays it
  ['Promo code SAVE10 $29.99', R, null, US], ['Code: SAVE10 – $29.99', R, null, US], ['Use code SAVE10: $29.99', R, null, US], ['Mit Code SOMMER: 19,99 €', R, null],
  ['Gutschein: 19,99 €', R, null], ['Prix avec code 19,99 €', R, null], ['Código: VERANO 19,99 €', R, null], ['Codice: ESTATE 19,99 €', R, null],
  ['Kod rabatowy: LATO 19,99 zł', R, null], ['Cupom: VERAO R$ 99,90', R, null], ['券后价 ¥99', R, null], ['クーポン利用で1,980円', R, null],
  ['$39.99 Promo code SAVE10 $29.99', '39.99', 'USD', US], ['Gutschein 25 €', '25', 'EUR'], ['Voucher £10', '10', 'GBP'], ['Code Red Soda $1.99', '1.99', 'USD', US],
  ['Product code: SKU-123 $19.99', '19.99', 'USD', US],
  // A trade-in takes the old device's value off: the price with it is a trader's
  ['with trade-in $599', R, null, US], ['$599 with trade-in', R, null, US], ['$599 with eligible trade-in', R, null, US],
  ['$799 or $599 with trade-in', '799', 'USD', US], ['$999 $599 with eligible trade-in', '999', 'USD', US],
  // A deposit (Pfand, statiegeld, consigne, pant) is charged beside the price; between two amounts with nothing to tie it, either may be it
  ['Pfand 0,25 €', R, null], ['1,99 € Pfand: 0,25 €', '1.99', 'EUR'], ['1,99 € (zzgl. Pfand 0,25 €)', '1.99', 'EUR'], ['1,99 € zzgl. Pfand 0,25 €', '1.99', 'EUR'],
  ['1,99 € Pfand 0,25 €', '1.99', 'EUR'], ['0,25 € Pfand 1,99 €', R, null], ['statiegeld € 0,15 € 1,29', '1.29', 'EUR'], ['consigne 0,20 € 2,49 €', '2.49', 'EUR'],
  ['19,90 kr + pant 1 kr', '19.90', 'SEK', loc('sv-SE')], ['Cargo Pant $49.99', '49.99', 'USD', US], ['Deposit: $50', R, null, US],
  // One instalment of a financed price, as Brazilian, French, Polish, Swedish, Dutch, Japanese and Chinese shops write it
  ['ou 12x sem juros de R$ 10,00', A, null], ['R$ 10,00 em até 12x', A, null], ['R$ 120,00 ou 12x sem juros de R$ 10,00', '120.00', 'BRL'],
  ['ou 3 fois 33,33 €', A, null], ['Payez en 3 fois sans frais de 33,33 €', A, null], ['99,99 € ou 3 fois 33,33 €', '99.99', 'EUR'],
  ['10 rat po 10,00 zł', A, null], ['12 mies. x 10,00 zł', A, null], ['4 betalningar à 25 kr', A, null, loc('sv-SE')], ['4 termijnen van € 12,50', A, null],
  ['毎月1,000円', A, null], ['月々1,000円', A, null], ['24回払い 1,000円', A, null], ['1,000円×12回', A, null], ['¥100×12期', A, null, loc('zh-CN')],
  ['12期免息 每期¥100', A, null, loc('zh-CN')], ['¥1200 或 ¥100×12期', '1200', 'CNY', loc('zh-CN')], ['24,000円 月々1,000円', '24000', 'JPY'],
  // An instalment with no interest named between its count and its amount, or its count before a number of its own
  ['ou en 3x sans frais 33,33 €', A, null], ['3 plazos sin intereses de 33,33 €', A, null], ['Paga in 3 rate senza interessi da 33,33 €', A, null],
  ['10 rat 0% po 10 zł', A, null], ['12x sem juros R$ 10,00', A, null], ['每月 ¥100', A, null, loc('zh-CN')], ['月供 ¥100', A, null, loc('zh-CN')],
  ['Pay in 4: $12.50', A, null, US], ['Pay in 4 with PayPal $12.50', A, null, US], ['4 interest-free payments $12.50', A, null, US],
  ['$50.00 Pay in 4: $12.50', '50.00', 'USD', US], ['R$ 120,00 12x sem juros R$ 10,00', '120.00', 'BRL'],
  // Instalments counted by a noun after the amount, or named by the Nordic, German, Portuguese, Hungarian and Finnish words
  ['R$ 19,90 em 10 parcelas', A, null], ['24,92 € en 12 plazos', A, null], ['Dela upp i 12 rater à 250 kr', A, null, loc('sv-SE')], ['Betal i 3 rater á 1.000 kr.', A, null, loc('da-DK')],
  ['Monatsrate 24,92 €', A, null], ['Pague em 3 prestações de 99,67 €', A, null], ['Havi részlet: 2 499 Ft', A, null], ['Maksa 12 erässä 24,92 €', A, null],
  ['分割払い 12回 ¥2,483', A, null, loc('ja-JP')], ['2 999 kr eller 12 rater à 250 kr', '2999', 'SEK', loc('sv-SE')],
  // A lower bound, before the amount or after it at the text's end: the cheapest variant's price, not this product's
  ['Starting at $30', F, null, US], ['From $30', F, null, US], ['As low as $30', F, null, US], ['Starts at $30', F, null, US], ['Prices start at $30', F, null, US],
  ['Starting from $30', F, null, US], ['From just $30', F, null, US], ['from only £9.99', F, null], ['$30+', F, null, US], ['$30 or more', F, null, US],
  ['Preis ab 30 €', F, null], ['ab nur 30 €', F, null], ['schon ab 30 €', F, null], ['30 € und mehr', F, null], ['Prix à partir de 30 €', F, null], ['Dès 30 €', F, null],
  ['Desde sólo 30 €', F, null], ['a partire da soli 30 €', F, null], ['vanaf slechts € 30', F, null], ['już od 30 zł', F, null], ['Cena od 30 zł', F, null],
  ['a partir de apenas R$ 30,00', F, null], ['Från 30 kr', F, null, loc('sv-SE')], ['3,000円から', F, null], ['3,000円より', F, null], ['¥3,000 起', F, null, loc('zh-CN')],
  ['30元起售', F, null], ['低至 ¥99', F, null, loc('zh-CN')], ['价格低至¥99', F, null, loc('zh-CN')],
  ['from $41.58/mo. or $999', F, null, US], ['From $999 or $41.62/mo. for 24 mo.', F, null, US], ['ab 19,99 € statt 29,99 €', F, null],
  // Not a lower bound: a threshold's or a tier's "ab", a price drop, an ordinary price with a "+" of shipping after, a range of two ends
  ['Gratis Versand ab 29 € 12,99 €', '12.99', 'EUR'], ['ab 2 Stück 17,99 €', A, null], ['$24.99 reduced from $34.99', '24.99', 'USD', US], ['$30+ tax', '30', 'USD', US], ['Starting price $30', '30', 'USD', US],
  // A Han sign with kana run on after it (no spaces in Japanese) is still the sign: it was dropped, so the yen was unknown
  ['1,000円です', '1000', 'JPY'], ['1,000円(税込)', '1000', 'JPY'], ['100円均一', '100', null], ['元素 5', '5', null],
  ['$19.99 Ages 3+', '19.99', 'USD', US], ['$19.99 from 3 sellers', '19.99', 'USD', US], ['Gültig ab 01.05. 19,99 €', '19.99', 'EUR'], ['Shipped from US $19.99', '19.99', 'USD', US],
  ['As low as $12/mo with Affirm $299', '299', 'USD', US], ['New from $19.99', F, null, US], ['Used from $9.99', F, null, US],
  ['R$ 1.200,00 em 12x de R$ 100,00 sem juros', '1200.00', 'BRL'],
  ['From $10 to $20', A, null, US], ['od 10 do 20 zł', A, null], ['Cabrio 129,99 €', '129.99', 'EUR'],
  // A multi-buy is the price of several; beside it the price of one stands. A price before "for" is no count ("Was $19 for $14")
  ['2 por 5 €', A, null], ['2 por 5 € 2,99 €', '2.99', 'EUR'], ['2点で1,000円', A, null], ['2件¥100', A, null, loc('zh-CN')], ['¥500 2点で¥900', '500', 'JPY', loc('ja-JP')],
  ['2点セット 1,000円', '1000', 'JPY'], ['Was $19 for $14', '14', 'USD', US], ['De R$ 19 por R$ 14', '14', 'BRL'],
  // A base price whose label holds the quantity ("per 100 g", "je 100 g", "pro 1 kg") beside the price
  ['2,49 € Price per 100 g: 1,29 €', '2.49', 'EUR'], ['2,49 € Grundpreis je 100 g: 1,29 €', '2.49', 'EUR'], ['Preis pro 1 kg: 4,98 € 2,49 €', '2.49', 'EUR'],
  ['Prix par kg : 4,98 € 2,49 €', '2.49', 'EUR'],
];
