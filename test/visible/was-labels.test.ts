// visiblePrice() beside a "was" price or the EU's lowest-price-of-30-days note labelled in the shop's language.
import { describe, expect, it } from 'vitest';
import { visibleSummary as read } from '../support/visible-summary';

/** [label, lang, was, now, expected]: the label before the higher amount, the sale price after it, each in its own element. */
const WAS: ReadonlyArray<readonly [string, string, string, string, string]> = [
  ['Oorspronkelijke prijs:', 'nl-NL', '€ 29,99', '€ 19,99', '19.99 EUR was 29.99'], ['Van', 'nl-NL', '€ 29,99', '€ 19,99', '19.99 EUR was 29.99'],
  ['Adviesprijs', 'nl-NL', '€ 29,99', '€ 19,99', '19.99 EUR was 29.99'], ['قیمت قبلی:', 'fa-IR', '۲۹۰٬۰۰۰ ریال', '۱۹۰٬۰۰۰ ریال', '190000.00 IRR was 290000.00'],
  ['قیمت اصلی', 'fa-IR', '۲۹۰٬۰۰۰ ریال', '۱۹۰٬۰۰۰ ریال', '190000.00 IRR was 290000.00'], ['السعر الأصلي:', 'ar-SA', '299 ر.س', '199 ر.س', '199.00 SAR was 299.00'],
  ['كان', 'ar-SA', '299 ر.س', '199 ر.س', '199.00 SAR was 299.00'], ['מחיר קודם:', 'he-IL', '₪299', '₪199', '199.00 ILS was 299.00'],
  ['Eski fiyat:', 'tr-TR', '299 TL', '199 TL', '199.00 TRY was 299.00'], ['Poprzednia cena:', 'pl-PL', '299 zł', '199 zł', '199.00 PLN was 299.00'],
  ['Původní cena:', 'cs-CZ', '299 Kč', '199 Kč', '199.00 CZK was 299.00'], ['Ord. pris', 'sv-SE', '299 kr', '199 kr', '199.00 SEK was 299.00'],
  ['Normaalihinta', 'fi-FI', '29,99 €', '19,99 €', '19.99 EUR was 29.99'], ['通常価格', 'ja-JP', '¥2,980', '¥1,980', '1980 JPY was 2980'],
  ['정가', 'ko-KR', '29,000원', '19,000원', '19000 KRW was 29000'], ['原价', 'zh-CN', '¥299', '¥199', '199.00 CNY was 299.00'],
  // Labels no list held: the pair was refused as two current prices (price/ambiguous).
  ['Harga normal', 'id-ID', 'Rp 299.000', 'Rp 199.000', '199000.00 IDR was 299000.00'], ['Preț inițial', 'ro-RO', '299 lei', '199 lei', '199.00 RON was 299.00'],
  ['Stara cijena', 'hr-HR', '29,99 €', '19,99 €', '19.99 EUR was 29.99'], ['Redovna cijena', 'hr-HR', '29,99 €', '19,99 €', '19.99 EUR was 29.99'],
  ['Pôvodná cena', 'sk-SK', '29,99 €', '19,99 €', '19.99 EUR was 29.99'], ['Redna cena', 'sl-SI', '29,99 €', '19,99 €', '19.99 EUR was 29.99'],
  ['Sena kaina', 'lt-LT', '29,99 €', '19,99 €', '19.99 EUR was 29.99'], ['Įprasta kaina', 'lt-LT', '29,99 €', '19,99 €', '19.99 EUR was 29.99'],
  ['Vecā cena', 'lv-LV', '29,99 €', '19,99 €', '19.99 EUR was 29.99'], ['Tavahind', 'et-EE', '29,99 €', '19,99 €', '19.99 EUR was 29.99'],
  ['Стара цена', 'bg-BG', '29,99 лв.', '19,99 лв.', '19.99 BGN was 29.99'], ['旧価格', 'ja-JP', '¥2,980', '¥1,980', '1980 JPY was 2980'],
  // Dutch "formerly" and "previous price": the pair was refused as two current prices.
  ['Voorheen', 'nl-NL', '€ 29,99', '€ 19,99', '19.99 EUR was 29.99'], ['Vorige prijs:', 'nl-BE', '€ 29,99', '€ 19,99', '19.99 EUR was 29.99'],
];

describe('a "was" label in the shop\'s language', () => {
  it.each(WAS)('%s (%s) before the struck amount, in a text of its own', (label, lang, was, now, wanted) => {
    expect(read(`<div class="price"><span>${label} ${was}</span> <span>${now}</span></div>`, lang)).toBe(wanted);
  });
  it.each(WAS)('%s (%s) in an element of its own before the struck amount', (label, lang, was, now, wanted) => {
    expect(read(`<div class="price"><span class="label">${label}</span> <span>${was}</span> <span>${now}</span></div>`, lang)).toBe(wanted);
  });
});

/** [note, lang, sale, lowest, expected]: the sale price beside the EU's lowest price of the last 30 days (Omnibus, Art. 6a), in one line. */
const OMNIBUS: ReadonlyArray<readonly [string, string, string, string, string]> = [
  ['Najniższa cena z 30 dni:', 'pl-PL', '199 zł', '249 zł', '199.00 PLN was 249.00'], ['Niedrigster Preis der letzten 30 Tage:', 'de-DE', '19,99 €', '24,99 €', '19.99 EUR was 24.99'],
  ['Prix le plus bas des 30 derniers jours :', 'fr-FR', '19,99 €', '24,99 €', '19.99 EUR was 24.99'], ['Laagste prijs van de afgelopen 30 dagen:', 'nl-NL', '€ 19,99', '€ 24,99', '19.99 EUR was 24.99'],
  ['Nejnižší cena za posledních 30 dní:', 'cs-CZ', '199 Kč', '249 Kč', '199.00 CZK was 249.00'], ['Az elmúlt 30 nap legalacsonyabb ára:', 'hu-HU', '1 999 Ft', '2 499 Ft', '1999.00 HUF was 2499.00'],
  // Lithuanian, Latvian, Estonian and Bulgarian notes were read as a second current price (price/ambiguous).
  ['Mažiausia kaina per 30 dienų:', 'lt-LT', '19,99 €', '24,99 €', '19.99 EUR was 24.99'], ['Zemākā cena pēdējo 30 dienu laikā:', 'lv-LV', '19,99 €', '24,99 €', '19.99 EUR was 24.99'],
  ['Madalaim hind viimase 30 päeva jooksul:', 'et-EE', '19,99 €', '24,99 €', '19.99 EUR was 24.99'], ['Най-ниска цена за последните 30 дни:', 'bg-BG', '19,99 лв.', '24,99 лв.', '19.99 BGN was 24.99'],
  // A lowest price below the sale price is no reference, and never the price.
  ['Najniższa cena z 30 dni:', 'pl-PL', '199 zł', '189 zł', '199.00 PLN'], ['Mažiausia kaina per 30 dienų:', 'lt-LT', '19,99 €', '17,99 €', '19.99 EUR'],
];

describe('the lowest price of the last 30 days beside a sale price', () => {
  it.each(OMNIBUS)('%s (%s)', (note, lang, sale, lowest, wanted) => {
    expect(read(`<div class="price"><span>${sale}</span> <small>${note} ${lowest}</small></div>`, lang)).toBe(wanted);
  });
});
