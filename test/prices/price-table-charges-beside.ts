// Price table rows, round 20: what is charged or handed out beside the price (delivery, a deposit, a gift card), a price only members pay, a maker's suggested price and a unit price, each under the words real shops use.
import { loc, type PriceRow } from './price-table-types';

const R = 'price/reference-only';
const M = 'price/member-only';
const ZH = loc('zh-CN');
const US = loc('en-US');

export const CHARGES_BESIDE: PriceRow[] = [
  // A shipping word must qualify the amount: "Porto" and "Carriage" after a name's word are the product's (each refused before)
  ["Graham's Porto 19,99 €", '19.99', 'EUR'], ['Vinho do Porto 12,99 €', '12.99', 'EUR'], ['Baby Carriage $199.99', '199.99', 'USD', loc('en-US')],
  ['Porto 4,90 €', R, null], ['zzgl. Porto 4,90 €', R, null], ['Carriage £9.95', R, null], ['Special Delivery £12.99', R, null],
  // German delivery compounds and Turkish "gönderim" (sending): each was stored as the price
  ['Versandpauschale 4,95 €', R, null], ['Speditionsversand 39,00 €', R, null], ['Versandkostenanteil 4,95 €', R, null], ['Sperrgutversand 19,90 €', R, null],
  ['Versandkostenpauschale 5,90 €', R, null], ['Portokosten 4,90 €', R, null], ['Nachnahmeversand 6,00 €', R, null], ['Inselzuschlag 15,00 €', R, null],
  ['Gönderim 29,90 TL', R, null], ['Kargo bedeli 29,90 TL', R, null], ['Speditionsversand 39,00 € 499,00 €', '499', 'EUR'],
  // A deposit's noun alone between two amounts: the later amount is the deposit when it is the smaller (each refused before, the
  // "pant" row read the deposit); else either may be, and the text is refused
  ['€ 1,29 statiegeld € 0,15', '1.29', 'EUR'], ['0,79 € statiegeld 0,15 €', '0.79', 'EUR'], ['12,99 € Pfand 3,30 €', '12.99', 'EUR'], ['29,90 kr pant 2 kr', '29.90', 'SEK', loc('sv-SE')],
  ['12,99 € Pfand 3,30 € (1 l = 1,30 €)', '12.99', 'EUR'], ['0,29 € Pfand 3,30 €', R, null], ['19,99 € Pfand 45,00 €', R, null],
  // Labelled deposits larger than the price: the price stands
  ['0,29 € zzgl. 3,30 € Pfand', '0.29', 'EUR'], ['0,29 € (zzgl. Pfand 3,30 €)', '0.29', 'EUR'], ['Pfand 3,30 € 0,29 €', '0.29', 'EUR'], ['$5.99 + $0.60 CRV', '5.99', 'USD', loc('en-US')],
  ['$1.99 bottle deposit $0.10', '1.99', 'USD', loc('en-US')], ['29,90 kr + pant 2 kr', '29.90', 'SEK', loc('sv-SE')],
  // A member's price in Chinese ("会员优惠", "VIP价", JD's "PLUS会员") and under a supermarket card's name (Nectar, Lidl Plus): each stored as everyone's
  ['会员优惠 ¥50', M, null, ZH], ['VIP价 ¥45', M, null, ZH], ['SVIP价 ¥45', M, null, ZH], ['PLUS会员 ¥45', M, null, ZH], ['PLUS会员价 ¥45', M, null, ZH], ['88VIP会员 ¥45', M, null, ZH],
  ['¥99 VIP价 ¥89', '99', 'CNY', ZH], ['¥99 PLUS会员 ¥89', '99', 'CNY', ZH], ['Nectar price £2.50', M, null], ['Nectar Prices £2.50', M, null], ['£2.50 with Nectar', M, null],
  ['£1.25 with Lidl Plus', M, null], ['Lidl Plus price £1.25', M, null],
  // ... and what still names everyone's price: a member card or a nectar sold as such
  ['会员卡 ¥50', '50', 'CNY', ZH], ['Peach Nectar £2.50', '2.50', 'GBP'], ['Nectar card holder £4.99', '4.99', 'GBP'],
  // The maker's suggested or the struck list price in Japanese, Chinese and Korean beside the price: each refused as two prices
  // The noun alone between two amounts may be either one's ("¥1,980 希望小売価格 ¥2,980"): refused, see two-sided-labels.ts.
  ['希望小売価格 ¥2,980 ¥1,980', '1980', 'JPY', loc('ja-JP')], ['¥1,980 希望小売価格 ¥2,980', 'price/ambiguous', null, loc('ja-JP')], ['1,980円 (税込) 希望小売価格: 2,980円', '1980', 'JPY'],
  ['建议零售价 ¥299 ¥199', '199', 'CNY', ZH], ['¥199 吊牌价 ¥299', '199', 'CNY', ZH], ['¥199 专柜价 ¥299', '199', 'CNY', ZH], ['建議售價 NT$2,990 NT$1,990', '1990', 'TWD'],
  ['권장소비자가 29,900원 19,900원', '19900', 'KRW'], ['希望小売価格 2,980円', R, null],
  // A gift card or store cash handed out with the purchase: each refused as a second price; one sold as the product keeps its price
  ['$89.99 Get a $10 gift card', '89.99', 'USD', US], ["$89.99 Get $10 Kohl's Cash", '89.99', 'USD', US], ['Receive a free $25 eGift Card $199.99', '199.99', 'USD', US],
  ['Get a $25 Gift Card', R, null, US], ['$25 Gift Card', '25', 'USD', US],
  // A charge's word before a delivery word makes the amount after it the delivery's ("zzgl. Versandkosten 4,95 €", "plus shipping $4.95"):
  // both were refused as two prices. A bare delivery word between two amounts may be either's and stays refused.
  ['12,99 € zzgl. Versandkosten 4,95 €', '12.99', 'EUR'], ['12,99 € zuzüglich Versandkosten 4,95 €', '12.99', 'EUR'], ['12,99 € + Versand 4,95 €', '12.99', 'EUR'],
  ['19,99 € inkl. MwSt. zzgl. Versand 4,95 €', '19.99', 'EUR'], ['$12.99 plus shipping $4.95', '12.99', 'USD', US], ['£12.99 + delivery £3.95', '12.99', 'GBP'],
  ['29,90 € + frais de port 4,90 €', '29.90', 'EUR'], ['zzgl. Versandkosten 4,95 €', R, null], ['Preis 12,99 € Versandkosten 4,95 €', '12.99', 'EUR'],
  ['12,99 € Versandkosten 4,95 €', 'price/ambiguous', null], ['Nur 4,95 € Versandkosten 12,99 €', 'price/ambiguous', null], ['$12.99 Shipping $4.95', 'price/ambiguous', null, US],
  // A Japanese unit price written with the kanji "当たり" (per) beside the price: refused as two prices
  ['¥298 (100g当たり ¥98)', '298', 'JPY', loc('ja-JP')], ['298円 (100g当り 99円)', '298', 'JPY'],
];
