// visiblePrice() beside a financing offer in its own line, in the languages shops write it: the full price is read, the instalment never.
import { describe, expect, it } from 'vitest';
import { toCurrencyScale } from '../../src/prices/iso-currencies';
import { htmlResponse } from '../support/html-response';

/** [words of the offer, where `{i}` stands for the instalment's amount; the full price; the instalment; lang; expected]. */
const OFFERS: ReadonlyArray<readonly [string, string, string, string, string]> = [
  ['o 12 plazos de {i}', '299,00 €', '24,92 €', 'es-ES', '299.00 EUR'],
  ['Paga en 3 plazos sin intereses de {i}', '299,00 €', '99,67 €', 'es-ES', '299.00 EUR'],
  ['ou 4 fois sans frais de {i}', '299,00 €', '74,75 €', 'fr-FR', '299.00 EUR'],
  ['Dela upp i 12 rater à {i}', '2 999 kr', '250 kr', 'sv-SE', '2999.00 SEK'],
  ['Del opp i 12 rater: {i}', '2 999 kr', '250 kr', 'nb-NO', '2999.00 NOK'],
  ['Betal i 3 rater á {i}', '2.999 kr.', '1.000 kr.', 'da-DK', '2999.00 DKK'],
  ['分割払い 12回 {i}', '¥29,800', '¥2,483', 'ja-JP', '29800 JPY'],
  ['月々 {i}', '¥29,800', '¥2,483', 'ja-JP', '29800 JPY'],
  ['月々{i}×12回', '29,800円', '2,483円', 'ja-JP', '29800 JPY'],
  ['Ratenzahlung ab {i}', '299,00 €', '24,92 €', 'de-DE', '299.00 EUR'],
  ['Monatsrate {i}', '299,00 €', '24,92 €', 'de-DE', '299.00 EUR'],
  ['Paga in 3 rate da {i}', '299,00 €', '99,67 €', 'it-IT', '299.00 EUR'],
  ['10x de {i} sem juros', 'R$ 199,00', 'R$ 19,90', 'pt-BR', '199.00 BRL'],
  ['em até 10x sem juros de {i}', 'R$ 199,00', 'R$ 19,90', 'pt-BR', '199.00 BRL'],
  ['ou {i} em 10 parcelas', 'R$ 199,00', 'R$ 19,90', 'pt-BR', '199.00 BRL'],
  ['12 meses sin intereses de {i}', '$2,999.00', '$249.92', 'es-MX', '2999.00 MXN'],
  ['{i} x 12 MSI', '$2,999.00', '$249.92', 'es-MX', '2999.00 MXN'],
  ['Pague em 3 prestações de {i}', '299,00 €', '99,67 €', 'pt-PT', '299.00 EUR'],
  ['Maksa 12 erässä {i}/kk', '299,00 €', '24,92 €', 'fi-FI', '299.00 EUR'],
  ['分期 {i} x 12期', '¥2999', '¥249.92', 'zh-CN', '2999.00 CNY'],
  ['每期{i}起', '¥2999', '¥249.92', 'zh-CN', '2999.00 CNY'],
  ['Havi részlet: {i}', '29 990 Ft', '2 499 Ft', 'hu-HU', '29990.00 HUF'],
  ['Na splátky od {i} měsíčně', '2 999 Kč', '250 Kč', 'cs-CZ', '2999.00 CZK'],
];

function read(html: string): string {
  const result = htmlResponse(html).visiblePrice();
  return result.ok ? `${toCurrencyScale(result.amount, result.currency)} ${result.currency}` : result.reason;
}

/** The full price and the offer, neither in an element a class names: only the words tell them apart (both stood as current prices). */
const page = (offer: string, price: string, part: string, lang: string, sheet: string) =>
  `<!doctype html><html lang="${lang}"><head>${sheet}</head><body><main><h1>K</h1><div><strong>${price}</strong></div><p>${offer.replace('{i}', `<b>${part}</b>`)}</p></main></body></html>`;

describe('a financing offer beside the price', () => {
  it.each(OFFERS)('%s', (offer, price, part, lang, wanted) => {
    expect(read(page(offer, price, part, lang, ''))).toBe(wanted);
    // With a linked sheet the reader never fetches, an unnamed amount alone in its line would refuse the page: the offer's words still place it.
    expect(read(page(offer, price, part, lang, '<link rel="stylesheet" href="/theme.css">'))).toBe(wanted);
  });
});
