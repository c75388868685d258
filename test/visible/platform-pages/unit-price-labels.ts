// Grocery and DIY pages that print a unit (base, comparison) price under its own label beside the price, in unmarked elements: the label alone says which is which.
import type { PlatformPage } from './page-kit';

/** The price and, in an element of its own, the labelled unit price; no class names either. */
const shelf = (lang: string, price: string, label: string, unit: string, visible: string): PlatformPage => ({
  name: `${lang} "${label}"`, lang, body: `<div class="pdp"><div class="a"><span>${price}</span></div><div class="b">${label} <span>${unit}</span></div></div>`, visible, stored: `${visible} visible`,
});

export const PAGES: PlatformPage[] = [
  // Each was refused as two prices (price/ambiguous)
  shelf('nl-NL', '€ 2,49', 'Kiloprijs', '€ 12,45', '2.49 EUR'),
  shelf('sv-SE', '24,90 kr', 'Jämförpris:', '124,50 kr', '24.90 SEK'),
  shelf('nb-NO', '24,90 kr', 'Kilopris', '124,50 kr', '24.90 NOK'),
  shelf('da-DK', '24,90 kr.', 'Kilopris:', '124,50 kr.', '24.90 DKK'),
  shelf('fi-FI', '2,49 €', 'Kilohinta', '12,45 €', '2.49 EUR'),
  shelf('pt-PT', '2,49 €', 'Preço por kg:', '12,45 €', '2.49 EUR'),
  shelf('ja-JP', '498円', '100gあたり', '99円', '498 JPY'),
  shelf('zh-CN', '¥49.80', '单价', '¥9.96', '49.80 CNY'),
  shelf('ko-KR', '4,980원', '(100g당', '996원)', '4980 KRW'),
  shelf('ru-RU', '249 ₽', 'Цена за кг:', '1 245 ₽', '249.00 RUB'),
  shelf('tr-TR', '24,90 TL', 'Kg fiyatı:', '124,50 TL', '24.90 TRY'),
];
