// Price table rows: the words around a price that make it another price (EU "lowest price in 30 days", multi-buys "3/$10", deposits, unit prices "1 kg = 12,50 €"), or the price to pay now.
import { loc, shop, type PriceRow } from './price-table-types';

const US = loc('en-US');
const A = 'price/ambiguous';
const N = 'price/not-a-price';
const R = 'price/reference-only';

export const LABELS: PriceRow[] = [
  // The lowest price of the last 30 days (EU Omnibus Directive): a reference beside the price, never the price
  ['Najniższa cena z 30 dni przed obniżką: 149,99 zł', R, null], ['Niedrigster Preis der letzten 30 Tage: 14,99 €', R, null], ['Prix le plus bas des 30 derniers jours : 14,99 €', R, null],
  ['Lowest price in 30 days: £24.99', R, null], ['Prezzo più basso degli ultimi 30 giorni: 14,99 €', R, null], ['Precio más bajo de los últimos 30 días: 14,99 €', R, null],
  ['Laagste prijs van de afgelopen 30 dagen: € 14,99', R, null], ['Nejnižší cena za posledních 30 dní: 1 299 Kč', R, null], ['Az elmúlt 30 nap legalacsonyabb ára: 12 990 Ft', R, null], ['Only 3 RRP £20', A, null], ['Nur noch 2 UVP 20 €', A, null],
  ['Gratis Versand ab 29 € 119,99 zł 149,99 zł -20%', '119.99', 'PLN'],
  // "Lowest" without the note's window (a day count, "before the reduction") is a boast about the price to pay now
  ['Our lowest price ever: $9.99', '9.99', 'USD', US], ['Lowest price guaranteed $19.99', '19.99', 'USD', US], ['Bestpreis: 19,99 €', '19.99', 'EUR'],
  ['Niedrigster Preis: 19,99 €', '19.99', 'EUR'], ['Le prix le plus bas : 19,99 €', '19.99', 'EUR'], ['Lowest price before discount: £24.99', R, null],
  ['Bisheriger 30-Tage-Bestpreis: 24,99 €', R, null], ['Najniższa cena przed obniżką: 139,99 zł', R, null],
  ['Cel mai mic preț din ultimele 30 de zile: 129,99 lei', R, null], ['Lägsta pris senaste 30 dagarna: 1 299 kr', R, null],
  ['29,99 € Niedrigster Gesamtpreis der letzten 30 Tage: 24,99 €', '29.99', 'EUR'], ['Cena: 129,99 zł Najniższa cena z 30 dni: 119,99 zł', '129.99', 'PLN'],
  ['119,99 zł 149,99 zł -20% Najniższa cena z 30 dni przed obniżką: 139,99 zł', '119.99', 'PLN'], ['Lieferzeit 30 Tage 19,99 €', '19.99', 'EUR'],
  // Multi-buys, each prices, periods
  ['3/$10', A, null, US], ['2/$5.00', A, null, US], ['$3.99 ea. or 3/$10', '3.99', 'USD', US], ['1/$2.99', '2.99', 'USD', US], ['2-pack $12.99', '12.99', 'USD', US],
  ['2-Pack 12,99 €', '12.99', 'EUR'], ['Pack of 2 - $12.99', '12.99', 'USD', US], ['$12.99 each', '12.99', 'USD', US], ['$12.99/ea', '12.99', 'USD', US], ['Buy 2 for £10', A, null],
  ['Buy 1 Get 1 Free $9.99', '9.99', 'USD', US], ['BOGO 50% off $19.99', '19.99', 'USD', US], ['$9.99/mo', A, null, US], ['$9.99/month', A, null, US],
  ['€ 9,99/Monat', A, null], ['9,99 € mtl.', A, null], ['ab 9,99 € monatlich', A, null], ['£12.99 pcm', A, null], ['£1,250 pcm', A, null], ['$99.99/yr', 'price/rate-only', null, US],
  ['$49 per person', '49', 'USD', US], ['€ 89 p.P.', '89', 'EUR'], ['Size 42 € 89 p.P.', '89', 'EUR'], ['Gr. 38 € 49', '49', 'EUR'], ['Model: X-2000 € 89 p.P.', '89', 'EUR'], ['© 2024 € 99', '99', 'EUR'], ['Now 2 for £5 (was £3 each)', A, null], ['£3 each or 2 for £5', '3', 'GBP'],
  // Approximations, deposits, no price at all
  ['≈ $12.99', '12.99', 'USD', US], ['ca. 12,99 €', '12.99', 'EUR'], ['~ 1 299 ₽', '1299', 'RUB'], ['12.99 € + 2.50 € Pfand', '12.99', 'EUR'], ['0,25 € Pfand', R, null],
  ['€0.10 deposit', R, null], ['12,99 € zzgl. 0,25 € Pfand', '12.99', 'EUR'], ['Pfandflasche 0,5 l 1,29 €', '1.29', 'EUR'], ['Price on request', N, null], ['POA', N, null],
  ['Call for price', N, null], ['$0.00', '0.00', 'USD', US], ['£0', '0', 'GBP'], ['1/2 price $10', '10', 'USD', US], ['Half price £12.50', '12.50', 'GBP'], ['½ price £12.50', '12.50', 'GBP'],
  // Was, save, typical, list: the price to pay now beside them
  ['Save £5 Now £15', '15', 'GBP'], ['Save £5 £15', '15', 'GBP'], ['£15 Save £5', '15', 'GBP'], ['Save 25% $29.99', '29.99', 'USD', US], ['$29.99 Save 25%', '29.99', 'USD', US],
  ['$39.99 $29.99 Save $10', '29.99', 'USD', US], ['List: $39.99 Price: $29.99 You Save: $10.00 (25%)', '29.99', 'USD', US], ['€ 12,99 statt € 15,99', '12.99', 'EUR'],
  ['12,99 € (UVP 15,99 €)', '12.99', 'EUR'], ['Sonderpreis 12,99 € bisher 15,99 €', '12.99', 'EUR'], ['Prix normal 15,99 € Prix promo 12,99 €', '12.99', 'EUR'],
  ['Цена: 1 299 ₽ Старая цена: 1 599 ₽', '1299', 'RUB'], ['$24.99 Typical: $29.99', '24.99', 'USD', US], ['$24.99 List Price: $29.99', '24.99', 'USD', US],
  ['$24.99 Was: $29.99', '24.99', 'USD', US],
  // Unit prices: after a slash or a star, and "1 kg = …"
  ['$24.99 ($0.52 / Ounce)', '24.99', 'USD', US], ['$24.99 ($0.52/oz)', '24.99', 'USD', US], ['$24.99 (52.1¢/oz)', '24.99', 'USD', US], ['24,99 € (1 kg = 12,50 €)', '24.99', 'EUR'],
  ['24,99 € * 1 kg = 12,50 €', '24.99', 'EUR'], ['1 kg = 12,50 €', '12.50', 'EUR'], ['Inhalt: 2 kg (12,50 € * / 1 kg) 24,99 € *', '24.99', 'EUR'],
  ['Inhalt 0.75 Liter (26,65 € * / 1 Liter) 19,99 € *', '19.99', 'EUR'], ['19,99 €* *inkl. MwSt. zzgl. Versand', '19.99', 'EUR'], ['Versandkosten: 4,95 € 19,99 €', '19.99', 'EUR'],
  ['19,99 € Versandkostenfrei', '19.99', 'EUR'], ['Gesamtpreis 24,94 € (19,99 € + 4,95 € Versand)', A, null], ['Subtotal $19.99 Shipping $4.95 Total $24.94', A, null, US],
  // A shipping cost alone, the label after the amount or opening the text: never the product's price
  ['$5.99 shipping', R, null, US], ['$5.99 Shipping Fee', R, null, US], ['£2.99 standard delivery', R, null], ['$5.99 flat rate shipping', R, null, US],
  ['4,95 € Versand', R, null], ['€3,95 verzendkosten', R, null], ['£3.99 P&P', R, null], ['$5.99 S&H', R, null, US], ['$5.99 shipping & handling', R, null, US],
  ['Delivery £4.50', R, null], ['Versand 4,95 €', R, null], ['5,90 € frais de port', R, null], ['¥500 送料', R, null, loc('ja-JP')], ['$19.99 ($5.99 shipping)', '19.99', 'USD', US],
  // … but the product's price beside a note about shipping, or shipping included ("shipped", "delivered")
  ['19,99 € Versand kostenlos', '19.99', 'EUR'], ['$19.99 Shipping calculated at checkout', '19.99', 'USD', US], ['$24.99 shipped', '24.99', 'USD', US],
  ['$24.99 delivered', '24.99', 'AUD', loc('en-AU')], ['$19.99 + shipping', '19.99', 'USD', US], ['£19.99 Delivery in 2 days', '19.99', 'GBP'], ['4,99 € Versand 12,99 €', A, null],
  // Old and new prices labelled in other languages, arrows, "instead of" after the old price, percent signs written first
  ['Tilbud 999,- Før 1 299,-', '999', 'NOK', shop('NOK')], ['Rea 199 kr Ord. pris 299 kr', '199', 'SEK', shop('SEK')], ['2 för 50 kr', A, null, shop('SEK')],
  ['Spara 100 kr 199 kr', '199', 'SEK', shop('SEK')], ['Cena regularna: 199,99 zł Cena promocyjna: 149,99 zł', '149.99', 'PLN'], ['149,99 zł/szt.', '149.99', 'PLN'],
  ['Cena: 1 299,- Kč', '1299', 'CZK'], ['12 990 Ft helyett 9 990 Ft', '9990', 'HUF'], ['1.299,00 TL yerine 999,00 TL', '999.00', 'TRY'],
  ['Norm. 29,90 € Nyt 19,90 €', '19.90', 'EUR'], ['Αρχική τιμή: 29,90 € Τιμή: 19,90 €', '19.90', 'EUR'], ['通常価格 ¥3,980 → ¥2,980', '2980', 'JPY', loc('ja-JP')],
  ['¥3,980→¥2,980', '2980', 'JPY', loc('ja-JP')], ['€29,99 → €19,99', '19.99', 'EUR'], ['was £20 → now £15', '15', 'GBP'], ['1 599 ₽ 1 299 ₽ −19%', '1299', 'RUB'],
  ['原价：¥199 现价：¥99', '99', 'CNY', loc('zh-CN')], ['정가 29,000원 → 19,900원', '19900', 'KRW'], ['29,000원 19,900원 31%', '19900', 'KRW'], ['31% 19,900원', '19900', 'KRW'],
  ['1.299,00 TL 999,00 TL %23 indirim', '999.00', 'TRY'], ['%23 indirim 999,00 TL', '999.00', 'TRY'], ['%20', N, null],
  ['Preis: 19,99 € statt 29,99 € – Sie sparen 33 %', '19.99', 'EUR'], ['Prix : 19,99 € au lieu de 29,99 €', '19.99', 'EUR'], ['19,99 € au lieu de 29,99 €', '19.99', 'EUR'],
  ['Prezzo: 19,99 € invece di 29,99 €', '19.99', 'EUR'], ['29,99 € 19,99 € -33%', '19.99', 'EUR'], ['ahora 19,99 € antes 29,99 €', '19.99', 'EUR'],
  ['Por: R$ 149,90 De: R$ 199,90', '149.90', 'BRL'], ['R$ 199,90 R$ 149,90 25% OFF', '149.90', 'BRL'], ['Было 1 599 ₽ Стало 1 299 ₽', '1299', 'RUB'],
  ['Стара ціна 1 599 ₴ Нова ціна 1 299 ₴', '1299', 'UAH'], ['1 599 ₴ 1 299 ₴', A, null], ['Eski fiyat: 1.299 TL Yeni fiyat: 999 TL', '999', 'TRY'],
  ['السعر الأصلي 1,299 ر.س السعر الآن 999 ر.س', '999', 'SAR'], ['كان 1,299 ر.س الآن 999 ر.س', '999', 'SAR'], ['מחיר קודם ₪1,299 מחיר ₪999', '999', 'ILS'],
  ['ราคาปกติ ฿1,299 ราคาพิเศษ ฿999', '999', 'THB'], ['Giá gốc 1.299.000₫ Giá KM 999.000₫', '999000', 'VND'],
  ['Harga normal Rp 1.299.000 Harga promo Rp 999.000', '999000', 'IDR'],
  ['٪٢٠', N, null], ['%20 indirim', N, null], ['Laufleistung 120.000 km 12.990 €', '12990', 'EUR'],
  // A down payment is the first part of a financed price, never the product's price (read 0, 99, 29.99)
  ['$0 down, $29/mo', A, null, US], ['$0 down', A, null, US], ['$99 down payment', A, null, US], ['£0 upfront cost £29/month', A, null],
  ['Upfront cost: £29.99 £35/month', A, null], ['Anzahlung: 0 € 24 x 29 €', A, null], ['0 € Anzahlung, 24 x 29 €', A, null], ['acompte de 50 €', A, null],
  ['$1,299.00 or $0 down and $54.12/mo', '1299.00', 'USD', US], ['$49.99 down from $59.99', A, null, US],
  // A free-shipping or discount threshold, also with a "+" for "or more" (read 35 and 25); the "+" adds nothing to the next amount
  ['Free shipping on $35+', R, null, US], ['Free shipping on $35+ $29.99', '29.99', 'USD', US], ['$5 off orders $25+', R, null, US],
  ['Free delivery on orders of £40 £12.99', '12.99', 'GBP'], ['Free shipping on all orders $29.99', '29.99', 'USD', US], ['$24.99 + $4.99 shipping', '24.99', 'USD', US],
  // Instalments written after the amount or with the words of Spanish, Italian and Mexican shops (read as the price)
  ['R$ 24,92 em 12x', A, null], ['R$ 24,92 x 12', A, null], ['$12.50 x 4', A, null, US], ['Paga en 3 plazos de 33,33 €', A, null], ['o 12 meses de $833', A, null, loc('es-MX')],
  ['Rata da 41,58 €', A, null], ['Mensilità da 41,58 €', A, null], ['199 €/mtl. Leasing', A, null], ['$12.50/payment', A, null, US], ['$9.99 mo.', A, null, US],
  // A price after a rebate or cashback paid back later is not what the checkout charges (read as the price)
  ['$29.99 after mail-in rebate', R, null, US], ['Price after rebate: $29.99', R, null, US], ['29,99 € nach Cashback', R, null], ['29,99 € après remboursement', R, null],
  ['$49.99 $29.99 after rebate', '49.99', 'USD', US], ['$49.99 $20 mail-in rebate', '49.99', 'USD', US], ['Effektivpreis 19,99 € 29,99 €', '29.99', 'EUR'], ['$29.99 instant rebate', '29.99', 'USD', US],
  // With the rebate's own amount between (one text node on US retail pages): the first amount is still the price after it.
  ['$29.99 after $20 mail-in rebate', R, null, US], ['Only $29.99 after $20 Mail-In Rebate', R, null, US], ['$29.99 after $20 rebate', R, null, US],
  ['$49.99 $29.99 after $20 mail-in rebate', '49.99', 'USD', US], ['19,99 € nach 10 € Cashback', R, null], ['29,99 € après 10 € remboursés', R, null],
  ['$19.99 after $10 instant rebate', '19.99', 'USD', US], ['$29.99 after trade-in', R, null, US], ['$399.00 $199.00 after $200 trade-in credit', '399.00', 'USD', US],
  ['99,99 € Paga en 3 plazos de 33,33 €', '99.99', 'EUR'], ['R$ 299,00 ou 12x R$ 24,92', '299.00', 'BRL'], ['1x 12€99', '12.99', 'EUR'], ['12 x R$ 24,92 = R$ 299,04', '299.04', 'BRL'],
  // Hebrew and Arabic shops: "instead of" before the old price, sale, regular and club labels (all refused as two current prices).
  ['₪ 129.90 במקום ₪ 199.90', '129.90', 'ILS'], ['129.90 ₪ במקום 199.90 ₪', '129.90', 'ILS'], ['١٢٩٫٩٩ ر.س بدلاً من ١٩٩٫٩٩ ر.س', '129.99', 'SAR'],
  ['129.99 ر.س بدلا من 199.99 ر.س', '129.99', 'SAR'], ['מחיר רגיל ₪199.90 מחיר מבצע ₪129.90', '129.90', 'ILS'], ['מחיר מבצע ₪129.90 מחיר רגיל ₪199.90', '129.90', 'ILS'],
  ['السعر قبل الخصم ١٩٩٫٩٩ ر.س ١٢٩٫٩٩ ر.س', '129.99', 'SAR'], ['מחיר רגיל ₪199.90', '199.90', 'ILS'], ['מחיר לחברי מועדון ₪99.90 ₪129.90', '129.90', 'ILS'],
  ['₪129.90 ₪99.90 לחברי מועדון', '129.90', 'ILS'], ['سعر الأعضاء ٩٩ ر.س ١٢٩ ر.س', '129', 'SAR'], ['מחיר לחברי מועדון ₪99.90', 'price/member-only', null],
  // Round 27: the plural "savings" and Dutch "besparing" label a saving, and "Rebate" the rebate's own amount (each stored as the price)
  ['Savings: $5.00', R, null, US], ['Total savings $5.00', R, null, US], ['Besparing: € 5,00', R, null], ['Rebate: $5.00', R, null, US],
  ['Mail-in rebate $20.00', R, null, US], ['$24.99 Savings: $5.00', '24.99', 'USD', US], ['Savings Pack $24.99', '24.99', 'USD', US],
];
