// A price that is the number a page which never closed ends in is its cut; any other ending leaves prices alone.
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { cutTailDigits, isCutPrice, withoutCutPrice } from '../../src/prices/cut-price';

/** How a shop's page starts: a document, whose end tags a cut takes away. */
const DOC = '<!doctype html><html lang="ja"><head><title>Kettle</title></head><body>';

const cut = (body: string, price: unknown): boolean => {
  const tail = cutTailDigits(Buffer.from(body));
  return tail !== null && isCutPrice(price, tail);
};

describe('a document whose last text is its price', () => {
  it.each([
    [DOC + '<p class="price">12,', '12,'],
    [DOC + '<p class="price">12,8', '12,8'],
    [DOC + '<p class="price">12,8', 12.8],
    [DOC + '<p class="price">12,80', new Decimal('12.8')],
    [DOC + '<p class="price">12,8</', '12,8</'],
    [DOC + '<p class="price">¥12,800', '¥12,800'],
    [DOC + '<p class="price">12,800円', '12,800円'],
    [DOC + '<p class="price">1\u202f29', '1\u202f29 €'],
    [DOC + '<p class="price"><b>12</b>,8', '12,8'],
    ['<html><body><p class="price">$1,2  \n', 1.2],
    [DOC + '<p class="price"><span>12</span>', '12'],
    [DOC + '<p class="price">12,800円</p><div cla', '12,800円'],
  ])('%j with price %j → cut', (body, price) => {
    expect(cut(body, price)).toBe(true);
  });
});

describe('endings that leave a price alone', () => {
  it.each([
    ['a document that closed', '<html><body><p class="price">12,800円</p></body></html>', '12,800円'],
    ['end tags left out, text after the price', '<title>Kettle</title><p class=price>12,800円<p>In stock', '12,800円'],
    ['another number last (a year)', '<p class=price>24,00 €<footer>© 2024', '24,00 €'],
    ['words last', '<p class=price>12,80 €<p>inkl. MwSt', '12,80 €'],
    ['closed, then text after </html>', '<body><p class=price>12</p></body></html>\n12', '12'],
    ['JSON', '{"price": 12.8}', 12.8],
    ['a script last', '<p class=price>12</p><script>var n = 12;</script>', '12'],
    ['zeros only', DOC + '<p class=price>12<p>0', '12'],
    // A fragment never had end tags to lose (a test's or a vendor's minimal page, an API's HTML snippet).
    ['a fragment ending on its price', '<span class="price">12,50 €</span>', '12,50 €'],
    ['a fragment cut like a document', '<p class="price">12,8', '12,8'],
  ])('%s', (_why, body, price) => {
    expect(cut(body, price)).toBe(false);
  });
});

it('the item keeps its fields; its price becomes a refusal the price stage drops with', () => {
  const item = withoutCutPrice({ sku: 'k', price: '12,', currency: 'JPY' }, () => cutTailDigits(Buffer.from(`${DOC}<p class="price">12,`)));
  expect(item).toEqual({ sku: 'k', price: null, priceRefusal: 'price/truncated', currency: 'JPY' });
});
