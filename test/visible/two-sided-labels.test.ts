// visiblePrice() beside a maker's price noun ("UVP", "RRP") that stands alone between two amounts, each in an element of its own.
import { describe, expect, it } from 'vitest';
import { toCurrencyScale } from '../../src/prices/iso-currencies';
import { htmlResponse } from '../support/html-response';

const page = (body: string, lang: string) => `<!doctype html><html lang="${lang}"><head><title>t</title></head><body><main><h1>Produkt</h1>${body}</main></body></html>`;

function read(body: string, lang = 'de-DE'): string {
  const result = htmlResponse(page(body, lang)).visiblePrice();
  if (!result.ok) return result.reason;
  const was = result.regular ? ` was ${toCurrencyScale(result.regular.amount, result.currency)}` : '';
  return `${toCurrencyScale(result.amount, result.currency)} ${result.currency}${was}`;
}

describe('a list price noun alone between two amounts', () => {
  // "25,00 € UVP 20,00 €" stored 25: the noun read as the later amount's label made the lower one the reference.
  it.each([
    ['<span>25,00 €</span> <span>UVP</span> <span>20,00 €</span>', 'de-DE'],
    ['<span>24,99 €</span> <span>UVP</span> <span>29,99 €</span>', 'de-DE'],
    ['<span>£24.99</span> <span>RRP</span> <span>£29.99</span>', 'en-GB'],
  ])('%s is refused: the noun may label either', (body, lang) => {
    expect(read(`<div class="price">${body}</div>`, lang)).toBe('price/ambiguous');
  });

  it.each([
    ['<span>Jetzt 24,99 €</span> <span>UVP</span> <span>29,99 €</span>', '24.99 EUR'],
    ['<span>24,99 €</span> <span>UVP:</span> <span>29,99 €</span>', '24.99 EUR'],
    ['<span>24,99 €</span> <span>statt</span> <span>29,99 €</span>', '24.99 EUR'],
    ['<span>29,99 €</span> <span>UVP,</span> <span>24,99 €</span>', '24.99 EUR'],
    ['<del>29,99 €</del> <span>UVP</span> <span>24,99 €</span>', '24.99 EUR'],
  ])('%s: another word settles it', (body, wanted) => {
    expect(read(`<div class="price">${body}</div>`)).toMatch(new RegExp(`^${wanted.replace('.', '\\.')}`));
  });
});

describe('a reduced-from noun ("Reg.", "Orig.") between two amounts, and a noun bound back by a comma', () => {
  // "$29.99 Orig. $19.99" stored 29.99 (the noun read as the later amount's label); "$19.99 Reg. $29.99" must stay 19.99.
  it.each([
    ['<span>$29.99</span> <span>Orig.</span> <span>$19.99</span>', '19.99 USD was 29.99'],
    ['<span>$80.00</span> <span>Original</span> <span>$39.99</span>', '39.99 USD was 80.00'],
    ['<span>$29.99</span> <span>Reg.</span> <span>$19.99</span>', '19.99 USD was 29.99'],
    ['<span>$19.99</span> <span>Reg.</span> <span>$29.99</span>', '19.99 USD was 29.99'],
  ])('%s: the noun names the higher amount', (body, wanted) => {
    expect(read(`<div class="price">${body}</div>`, 'en-US')).toBe(wanted);
  });

  // "29,99 € UVP, statt 24,99 €" stored the maker's 29.99: the words after the comma kept the noun from binding back.
  it.each([
    '<span>29,99 €</span> <span>UVP, statt</span> <span>24,99 €</span>',
    '<span>29,99 €</span> <span>UVP,</span> <span>Sie sparen 5,00 €</span>',
  ])('%s shows no price to pay', (body) => {
    expect(read(`<div class="price">${body}</div>`)).toBe('price/only-reference');
  });
});
