// visiblePrice() beside a call to action that repeats the price ("Add to cart · $24.99"): it agrees, or the page is refused; it never wins.
import { describe, expect, it } from 'vitest';
import { readSnippet as read } from '../support/visible-snippet';

/** [name, markup, expected]. */
const CASES: ReadonlyArray<readonly [string, string, string]> = [
  ['a button that agrees', '<p class="price">$24.99</p><button type="submit" class="btn">Add to cart · $24.99</button>', '24.99 USD'],
  ['a role="button" that agrees', '<p class="price">$24.99</p><div role="button" tabindex="0">Add to cart · $24.99</div>', '24.99 USD'],
  ['a link styled as a button that agrees', '<p class="price">$24.99</p><a class="btn btn-primary" href="/cart/add?id=1">Add to cart · $24.99</a>', '24.99 USD'],
  ['a sticky bar\'s button with the price in its own span, agreeing', '<div class="price"><s>$29.99</s> <span>$24.99</span></div><div class="sticky-atc"><a class="button" role="button"><span>Add to cart</span> <span class="money">$24.99</span></a></div>', '24.99 USD was 29.99'],
  ['a submit input that agrees', '<p class="price">24,99 €</p><input type="submit" value="In den Warenkorb – 24,99 €">', '24.99 EUR'],
  // Disagreeing: which one the shopper pays, the page does not say (the named price was stored, the button ignored).
  ['a button that disagrees', '<p class="price">$24.99</p><button type="submit" class="btn">Add to cart · $29.99</button>', 'price/ambiguous'],
  ['a link styled as a button that disagrees', '<p class="price">$24.99</p><a class="btn" href="/cart/add">Add to cart · $29.99</a>', 'price/ambiguous'],
  ['a role="button" that disagrees, its price in a span', '<p class="price">$24.99</p><div role="button"><span class="btn__text">Add to cart</span><span class="btn__price">$29.99</span></div>', 'price/ambiguous'],
  ['a German submit input that disagrees', '<p class="price">24,99 €</p><input type="submit" value="In den Warenkorb – 29,99 €">', 'price/ambiguous'],
  ['a French button that disagrees', '<p class="price">24,99 €</p><button>Ajouter au panier - 29,99 €</button>', 'price/ambiguous'],
  // Never the price: a page whose only amount is the button's has no price shown apart from it.
  ['a role="button" alone', '<div role="button">Add to cart · $24.99</div>', 'price/not-found'],
  // No cart or buy words: another control (a plan, an add-on, a financing badge) says nothing of the price.
  ['a button of an add-on', '<p class="price">$24.99</p><button class="btn">Add protection plan $4.99</button>', '24.99 USD'],
  ['a role="button" of another product in a carousel', '<p class="price">$24.99</p><div class="related-products"><div role="button">Add to cart · $9.99</div></div>', '24.99 USD'],
  ['a hidden button', '<p class="price">$24.99</p><button class="btn" style="display:none">Add to cart · $29.99</button>', '24.99 USD'],
];

describe('a call to action that repeats the price', () => {
  it.each(CASES)('%s', (_name, body, wanted) => {
    expect(read(body, body.includes('€') ? (body.includes('Ajouter') ? 'fr-FR' : 'de-DE') : 'en-US')).toBe(wanted);
  });
});
