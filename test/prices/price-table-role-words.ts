// Price table rows, round 18: the words of a saving, a was-price and a delivery fee in the languages the earlier rounds
// left out. Each amount alone was read as the price to pay ("Du sparst 5,00 €" stored 5 EUR), and beside the price the two were refused.
import { loc, type PriceRow } from './price-table-types';

const R = 'price/reference-only';

export const ROLE_WORDS: PriceRow[] = [
  // "You save" in German (du), Dutch, Finnish, Danish and Norwegian, Swedish, Turkish, Spanish (usted), Italian, Portuguese and Chinese
  ['Du sparst 5,00 €', R, null], ['Je bespaart € 5,00', R, null], ['Säästä 5,00 €', R, null], ['Säästät 5,00 €', R, null],
  ['Du sparer 50 kr', R, null, loc('da-DK')], ['Sparer 50,-', R, null, loc('nb-NO')], ['Du sparar 50 kr', R, null, loc('sv-SE')],
  ['Kazancınız: 51,00 TL', R, null], ['Ahorre 5,00 €', R, null], ['Risparmia 5,00 €', R, null], ['Economia de R$ 20,00', R, null],
  ['省¥100', R, null, loc('zh-CN')], ['立省¥100', R, null, loc('zh-CN')], ['节省 ¥100', R, null, loc('zh-CN')],
  ['19,99 € Du sparst 5,00 €', '19.99', 'EUR'], ['€ 19,99 Je bespaart € 5,00', '19.99', 'EUR'], ['19,99 € Säästä 5,00 €', '19.99', 'EUR'],
  // A province's name ending in 省 is no saving: the amount after it stays the price
  ['广东省 ¥199', '199', 'CNY', loc('zh-CN')],
  // Was-prices: Danish and Norwegian "Tidligere", Swedish "Tidigare", Finnish "Ennen", a French public price, a maker's UVP,
  // Korean 소비자가 (the consumer price), English "Market price", "Typical price", "Originally"
  ['Tidligere 250,00 kr', R, null, loc('da-DK')], ['Tidligere 250,00 kr 199,00 kr', '199.00', 'DKK', loc('da-DK')], ['Tidigare 250 kr 199 kr', '199', 'SEK', loc('sv-SE')],
  ['Ennen 25,00 €', R, null], ['19,99 € Ennen 25,00 €', '19.99', 'EUR'], ['Prix public : 25,00 €', R, null], ['19,99 € Prix public : 25,00 €', '19.99', 'EUR'],
  ['UVP des Herstellers 25,00 €', R, null], ['소비자가 29,000원', R, null], ['소비자가 29,000원 19,900원', '19900', 'KRW'],
  ['Market price: $25.00', R, null, loc('en-US')], ['Originally $25.00', R, null, loc('en-US')], ['Typical price: $25.00 $19.99', '19.99', 'USD', loc('en-US')],
  // Swedish "Ord.pris" written as one word is the regular price: alone it names the price, beside a sale price it is the struck one
  ['Ord.pris 250 kr 199 kr', '199', 'SEK', loc('sv-SE')], ['Normaalihinta 25,00 € 19,99 €', '19.99', 'EUR'],
  // Korean shipping fee
  ['배송비 2,500원', R, null],
];
