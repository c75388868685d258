// Price table rows, round 19: a discount's own amount ("Rabatt 5 €", "Korting €5", "할인 5,000원") and delivery's ("Fragt 49 kr", "送料 500円"), never the price; a price after a discount is one.
import { loc, shop, type PriceRow } from './price-table-types';

const R = 'price/reference-only';
const US = loc('en-US');

export const DISCOUNT_WORDS: PriceRow[] = [
  // A discount word right before or after an amount names what is taken off: each was stored as the price
  ['Korting €5', R, null], ['Korting: € 5', R, null], ['Alennus 5 €', R, null], ['Rabat 5 zł', R, null], ['İndirim 50 TL', R, null], ['할인 5,000원', R, null],
  ['优惠 ¥50', R, null], ['Desconto R$ 5', R, null], ['Descuento 5 €', R, null], ['Скидка 500 ₽', R, null], ['Sconto 5 €', R, null], ['Discount: $5.00', R, null, US],
  ['Rabatt: 5,00 €', R, null], ['Remise 5 €', R, null], ['Réduction 5 €', R, null], ['Rabatt 50 kr', R, null, loc('sv-SE')], ['Rabat 50 kr', R, null, loc('da-DK')],
  ['Sleva 100 Kč', R, null], ['Знижка 100 грн', R, null], ['割引 500円', R, null], ['値引き 500円', R, null], ['折扣 ¥50', R, null], ['限时立减 ¥50', R, null],
  ['Ihr Vorteil: 5,00 €', R, null], ['Размер скидки 500 ₽', R, null], ['Kedvezmény 500 Ft', R, null], ['Έκπτωση 5 €', R, null],
  ['5 € Rabatt', R, null], ['5 € Rabatt sichern', R, null], ['€5 korting', R, null], ['50 TL indirim', R, null], ['5,000원 할인', R, null], ['500 ₽ скидка', R, null],
  ['5 € de réduction', R, null], ['5 € de descuento', R, null], ['R$ 5 de desconto', R, null], ['5 € di sconto', R, null], ['5 zł rabatu', R, null], ['$5 discount', R, null, US],
  ['Rabatt: -5,00 €', R, null], ['Rabatt: –12,50 €', R, null], ['500円引き', R, null, shop('JPY')], ['500円OFF', R, null, shop('JPY')], ['500円オフ', R, null, shop('JPY')],
  // Beside the price: the word before the first amount or after the last is that amount's; between two it may be either's, and
  // a discount can exceed the price now ("19,99 € Rabatt 30 €", 60 % off), so neither is taken unless the other is labelled
  ['Korting €5 €45', '45', 'EUR'], ['Rabatt 5 € 39,99 €', '39.99', 'EUR'], ['39,99 € 5 € Rabatt', '39.99', 'EUR'], ['5 € Rabatt 39,99 €', R, null], ['39,99 € Rabatt 5 €', R, null],
  ['19,99 € Rabatt 30 €', R, null], ['39,99 € 5 € Rabatt 20% off', R, null], ['49,99 € 39,99 € Rabatt 20%', R, null],
  ['UVP 49,99 € Rabatt 5 € Preis 44,99 €', '44.99', 'EUR'], ['List Price: $60 Discount: $15 Price: $45', '45', 'USD', US], ['Spedizione 4,95 € Sconto 5 € 39,99 €', '39.99', 'EUR'],
  ['Rabatt – 5,00 € 19,99 €', '19.99', 'EUR'],
  // A regular or a unit price is the price only alone: beside a discount it is not what is paid
  ['Regular $60 Discount $15', R, null, US], ['Regular $60 Discount $45', R, null, US], ['Rabatt 1 299,00 ₽ (5 196,00 ₽/кг)', R, null],
  // A percentage the word counts, or a badge after the price: the amount stays the price
  ['10 % Rabatt 39,99 €', '39.99', 'EUR'], ['-20% de descuento 39,99 €', '39.99', 'EUR'], ['30% 할인 45,000원', '45000', 'KRW'],
  ['39,99 € Rabatt 20%', '39.99', 'EUR'], ['39,99 € Rabatt: -20%', '39.99', 'EUR'], ['Rabatt 20% 39,99 €', '39.99', 'EUR'],
  // The price after a discount, named so: read as the price
  ['Preis nach Rabatt 45 €', '45', 'EUR'], ['Preis nach Rabatt: 45 €', '45', 'EUR'], ['Preis mit Rabatt 45 €', '45', 'EUR'], ['Precio con descuento 45 €', '45', 'EUR'],
  ['Precio descuento 45 €', '45', 'EUR'], ['Цена со скидкой 1 200 ₽', '1200', 'RUB'], ['折扣价 ¥45', '45', 'CNY', loc('zh-CN')], ['할인가 45,000원', '45000', 'KRW'],
  ['Price after discount $45', '45', 'USD', US], ['Price with discount $45', '45', 'USD', US], ['Prix après remise 45 €', '45', 'EUR'], ['Prezzo scontato 45 €', '45', 'EUR'],
  ['Preço com desconto R$ 45', '45', 'BRL'], ['Prijs na korting € 45', '45', 'EUR'], ['Cena po rabacie 45 zł', '45', 'PLN'], ['İndirimli fiyat 45 TL', '45', 'TRY'],
  ['Alennettu hinta 45 €', '45', 'EUR'], ['Hinta alennuksen jälkeen 45 €', '45', 'EUR'], ['Cena po slevě 450 Kč', '450', 'CZK'], ['割引価格 450円', '450', 'JPY'], ['割引後 450円', '450', 'JPY'],
  ['Ціна зі знижкою 450 грн', '450', 'UAH'], ['Pris efter rabat 450 kr', '450', 'DKK', loc('da-DK')], ['Pris med rabatt 450 kr', '450', 'SEK', loc('sv-SE')],
  ['할인 후 45,000원', '45000', 'KRW'], ['优惠后 ¥45', '45', 'CNY', loc('zh-CN')], ['İndirim sonrası 45 TL', '45', 'TRY'], ['Discounted price $45', '45', 'USD', US],
  ['Rabattpreis 45 €', '45', 'EUR'], ['限时优惠 ¥99', '99', 'CNY', loc('zh-CN')],
];

export const SHIPPING_WORDS: PriceRow[] = [
  // Delivery's own amount under a label in the shop's language: each but the first row's language was stored as the price
  ['Fragt 49 kr', R, null, loc('da-DK')], ['Frakt 49 kr', R, null, loc('sv-SE')], ['Toimitus 4,90 €', R, null], ['Toimituskulut 4,90 €', R, null], ['Entrega 3,99 €', R, null],
  ['Versand: 4,95 € 29,99 €', '29.99', 'EUR'], ['Livraison 5 €', R, null], ['Frete R$ 15', R, null], ['Доставка 300 ₽', R, null], ['送料 500円', R, null], ['배송비 3,000원', R, null],
  ['运费 ¥10', R, null], ['配送料 500円', R, null], ['運費 NT$60', R, null], ['配送费 ¥10', R, null], ['택배비 3,000원', R, null], ['Levering 49 kr', R, null, loc('da-DK')],
  ['Leveringskosten € 4,95', R, null], ['Forsendelse 49 kr', R, null, loc('nb-NO')], ['Portes 3,99 €', R, null], ['Spese di spedizione 4,95 €', R, null], ['Consegna 4,95 €', R, null],
  ['Frais de livraison 5 €', R, null], ['Koszt dostawy 9,99 zł', R, null], ['Wysyłka 9,99 zł', R, null], ['Doprava 99 Kč', R, null], ['Poštovné 99 Kč', R, null],
  ['Kargo ücreti 29,90 TL', R, null], ['Стоимость доставки 300 ₽', R, null], ['Вартість доставки 60 грн', R, null], ['Szállítás 990 Ft', R, null], ['Livrare 15 lei', R, null],
  ['Αποστολή 3 €', R, null], ['משלוח 20 ₪', R, null], ['الشحن 20 ر.س', R, null], ['Phí vận chuyển 30.000₫', R, null], ['Ongkir Rp 10.000', R, null], ['Shipping fee ₱100', R, null],
  ['£4.95 carriage', R, null], ['Fragt 49 kr 299 kr', '299', 'DKK', loc('da-DK')], ['Toimitus 4,90 € 29,90 €', '29.90', 'EUR'],
  // A delivery note after the price, or a word that only holds the letters: the price stands
  ['29,99 € Versand: 1-3 Tage', '29.99', 'EUR'], ['Todos los importes incluyen IVA 19,99 €', '19.99', 'EUR'], ['Entrega inmediata 19,99 €', '19.99', 'EUR'], ['Transporter 19,99 €', '19.99', 'EUR'],
];

export const CLUB_WORDS: PriceRow[] = [
  // A Nordic club's or a Dutch bonus card's price under the spelling shops use ("Clubpris", "Kundeklubpris", "Bonusprijs"): stored as everyone's
  ['Clubpris 179 kr', 'price/member-only', null, loc('sv-SE')], ['Club-pris 179 kr', 'price/member-only', null, loc('sv-SE')], ['Kundeklubpris 179 kr', 'price/member-only', null, loc('da-DK')],
  ['Bonusprijs € 1,99', 'price/member-only', null], ['Bonuskaart prijs € 1,99', 'price/member-only', null], ['€ 2,49 Bonusprijs € 1,99', '2.49', 'EUR'], ['199 kr Clubpris 179 kr', '199', 'SEK', loc('sv-SE')],
];
