// visiblePrice() beside a discount's or delivery's own amount in the shop's language, and over a price named "after discount".
import { describe, expect, it } from 'vitest';
import { toCurrencyScale } from '../../src/prices/iso-currencies';
import { htmlResponse } from '../support/html-response';

const page = (body: string, lang: string) => `<!doctype html><html lang="${lang}"><head><title>t</title></head><body><main><h1>Produkt</h1>${body}</main></body></html>`;

function read(body: string, lang: string): string {
  const result = htmlResponse(page(body, lang)).visiblePrice();
  if (!result.ok) return result.reason;
  return `${toCurrencyScale(result.amount, result.currency)} ${result.currency}`;
}

/** [markup, lang]: a price holder with only a discount's or a delivery fee's amount in it; each was read as the price. */
const NO_PRICE: ReadonlyArray<readonly [string, string]> = [
  ['<div class="price">Korting €5</div>', 'nl-NL'], ['<div class="price">Alennus 5 €</div>', 'fi-FI'], ['<div class="price">Rabat 5 zł</div>', 'pl-PL'],
  ['<div class="price">İndirim 50 TL</div>', 'tr-TR'], ['<div class="price">할인 5,000원</div>', 'ko-KR'], ['<div class="price">优惠 ¥50</div>', 'zh-CN'],
  ['<div class="price">Descuento 5 €</div>', 'es-ES'], ['<div class="price">Скидка 500 ₽</div>', 'ru-RU'], ['<div class="price">5 € Rabatt</div>', 'de-DE'],
  ['<div class="price">Toimitus 4,90 €</div>', 'fi-FI'], ['<div class="price">Entrega 3,99 €</div>', 'es-ES'], ['<div class="price">Frete R$ 15</div>', 'pt-BR'],
  ['<div><span>Toimitus</span> <span class="price">4,90 €</span></div>', 'fi-FI'], ['<div><span>Levering</span> <span class="price">49 kr</span></div>', 'da-DK'],
  // German delivery compounds and Turkish "gönderim" in a label of their own (round 20)
  ['<div><span>Speditionsversand</span> <span class="price">39,00 €</span></div>', 'de-DE'], ['<div><span>Sperrgutversand</span> <span class="price">19,90 €</span></div>', 'de-DE'],
  ['<div><span>Versandpauschale</span> <span class="price">4,95 €</span></div>', 'de-DE'], ['<div><span>Gönderim</span> <span class="price">29,90 TL</span></div>', 'tr-TR'],
];

describe('a discount or a delivery fee named in the shop\'s language', () => {
  it.each(NO_PRICE)('%s is no price', (body, lang) => {
    expect(read(body, lang)).toMatch(/^price\//);
  });

  it('reads the price after a name that holds a shipping word, which made it a delivery fee ("Porto", a port wine)', () => {
    expect(read('<div class="product"><span class="name">Graham\'s Porto</span> <span class="price">19,99 €</span></div>', 'de-DE')).toBe('19.99 EUR');
    expect(read('<div><span>Porto</span> <span class="price">4,90 €</span></div>', 'de-DE')).toMatch(/^price\//);
  });

  it('reads the price beside a discount badge, whichever side the badge stands', () => {
    expect(read('<div class="price"><span class="amount">49,99 €</span> <span>Korting €5</span></div>', 'nl-NL')).toBe('49.99 EUR');
    expect(read('<div class="price"><span>Rabatt 5 €</span> <span class="amount">39,99 €</span></div>', 'de-DE')).toBe('39.99 EUR');
  });

  it('reads a price named "after discount", which a bare discount word before it had made a saving', () => {
    expect(read('<div class="price">Preis nach Rabatt 45 €</div>', 'de-DE')).toBe('45.00 EUR');
    expect(read('<div class="price">Preis nach Rabatt: <span>45,00 €</span></div>', 'de-DE')).toBe('45.00 EUR');
    expect(read('<div class="price">Precio con descuento 45 €</div>', 'es-ES')).toBe('45.00 EUR');
    expect(read('<div class="price">Prijs na korting € 45</div>', 'nl-NL')).toBe('45.00 EUR');
    expect(read('<div class="price">Цена со скидкой 1 200 ₽</div>', 'ru-RU')).toBe('1200.00 RUB');
    expect(read('<div class="price">할인가 45,000원</div>', 'ko-KR')).toBe('45000 KRW');
    expect(read('<div class="price">折扣价 ¥45</div>', 'zh-CN')).toBe('45.00 CNY');
  });

  it('reads the price of a product whose name runs a delivery word on into its head ("Versandtasche", "Paketversandkarton")', () => {
    // The parser's head-word rule (shipping-words.ts): a delivery word before another head names a product. The page reader let the
    // word run on, and kept a list of its own of the kinds of delivery before it, so each was a delivery fee and the page had no price.
    expect(read('<div class="product"><span class="name">Versandtasche</span> <span class="price">3,99 €</span></div>', 'de-DE')).toBe('3.99 EUR');
    expect(read('<div class="product"><span class="name">Paketversandkarton</span> <span class="price">12,99 €</span></div>', 'de-DE')).toBe('12.99 EUR');
    expect(read('<div class="product"><span class="name">Portokasse</span> <span class="price">24,90 €</span></div>', 'de-DE')).toBe('24.90 EUR');
    for (const label of ['Standardversand', 'Premiumversand', 'Kurierlieferung', 'Expressversandkosten', 'Versandkostenpauschale']) {
      expect(read(`<div><span>${label}</span> <span class="price">4,95 €</span></div>`, 'de-DE'), label).toMatch(/^price\//);
    }
    expect(read('<div class="price">19,99 €</div><p>Versandkostenfrei ab 50 €</p>', 'de-DE')).toBe('19.99 EUR');
    expect(read('<div class="price">¥1,980</div><p>送料無料 ¥3,000以上</p>', 'ja-JP')).toBe('1980 JPY');
  });

  it('keeps a price whose neighbours only hold the letters of a shipping word', () => {
    expect(read('<p>Todos los importes incluyen IVA</p><div class="price">19,99 €</div>', 'es-ES')).toBe('19.99 EUR');
  });
});
