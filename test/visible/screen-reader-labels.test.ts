// visiblePrice() beside labels written for screen readers only (sr-only, visually-hidden, screen-reader-text): which amount each names.
import { describe, expect, it } from 'vitest';
import { readSnippet as read } from '../support/visible-snippet';

/** [name, markup, expected]: a hidden label has no place on the screen, so only its markup says which amount it names. */
const CASES: ReadonlyArray<readonly [string, string, string]> = [
  // Between two amounts as siblings: the markup does not say which it names (the next amount was taken as the struck one: 29.99 stored).
  ['a label between two amounts, the first named a price', '<div><span class="price">$29.99</span><span class="sr-only">Original price</span> <span>$19.99</span></div>', 'price/ambiguous'],
  ['a label between two amounts, the second named a price', '<div><span>$29.99</span><span class="sr-only">Original price</span> <span class="price">$19.99</span></div>', 'price/ambiguous'],
  ['a label between two amounts in one text', '<p class="price">$29.99 <span class="screen-reader-text">was the original price</span> $19.99</p>', 'price/ambiguous'],
  // Inside the amount's own element, after it: that amount's label (both stood as current prices: refused).
  ['a label inside the struck amount\'s element, after it', '<div class="price"><span>$29.99<span class="sr-only">Original price</span></span> <span>$19.99</span></div>', '19.99 USD was 29.99'],
  ['a label inside the struck amount\'s element, after the sale price', '<div class="price"><span>$19.99</span> <span>$29.99<span class="visually-hidden">Regular price</span></span></div>', '19.99 USD was 29.99'],
  ['a label in a wrapper shared with its amount only', '<div class="price"><span class="a"><span>$29.99</span><span class="sr-only">Original price</span></span> <span>$19.99</span></div>', '19.99 USD was 29.99'],
  // Labels after their amounts throughout the block: the theme's order says which the middle one names (29.99 was stored).
  ['labels after each amount in one text', '<p class="price">$29.99<span class="sr-only"> Original price. </span>$19.99<span class="sr-only"> Current price.</span></p>', '19.99 USD was 29.99'],
  ['labels before each amount', '<div class="price"><span class="sr-only">Sale price</span><span>$19.99</span><span class="sr-only">Original price</span><span>$29.99</span></div>', '19.99 USD was 29.99'],
  // The struck amount beside it is what the label names (both were read as reference prices: price/only-reference).
  ['a label between a struck amount and the next', '<div class="price"><s>$29.99</s><span class="sr-only">Original price</span><span>$19.99</span></div>', '19.99 USD was 29.99'],
  // As before: Shopify Dawn, Debut and Dawn's unit price.
  ['Dawn on sale', '<div class="price price--on-sale"><div class="price__sale"><span class="visually-hidden visually-hidden--inline">Regular price</span><span><s class="price-item price-item--regular">$100.00</s></span><span class="visually-hidden visually-hidden--inline">Sale price</span><span class="price-item price-item--sale price-item--last">$80.00</span></div></div>', '80.00 USD was 100.00'],
  ['Dawn not on sale', '<div class="price"><div class="price__regular"><span class="visually-hidden visually-hidden--inline">Regular price</span><span class="price-item price-item--regular">$80.00</span></div></div>', '80.00 USD'],
  ['Debut on sale', '<dl class="price price--on-sale"><div class="price__sale"><dt><span class="visually-hidden visually-hidden--inline">Sale price</span></dt><dd><span class="price-item price-item--sale">$80.00</span></dd><dt><span class="visually-hidden visually-hidden--inline">Regular price</span></dt><dd><s class="price-item price-item--regular">$100.00</s></dd></div></dl>', '80.00 USD was 100.00'],
  ['Dawn unit price', '<div class="price"><span class="price-item">$8.00</span></div><small class="unit-price caption"><span class="visually-hidden">Unit price</span><span class="price-item price-item--last"><span>$1.60</span><span aria-hidden="true">/</span><span class="visually-hidden">&nbsp;per&nbsp;</span><span>100g</span></span></small>', '8.00 USD'],
];

/**
 * [name, markup, expected]: an amount written twice, once for the eye (`aria-hidden`) and once for screen readers only. The shopper
 * sees the first; when the copies disagree neither may be stored (the screen reader's 24.99 was, where the eye read 19.99).
 */
const COPIES: ReadonlyArray<readonly [string, string, string]> = [
  ['siblings, the eye\'s copy first', '<p class="price"><span aria-hidden="true">$19.99</span><span class="sr-only">$24.99</span></p>', 'price/ambiguous'],
  ['siblings, the screen reader\'s copy first', '<p class="price"><span class="visually-hidden">$24.99</span><span aria-hidden="true">$19.99</span></p>', 'price/ambiguous'],
  ['siblings that agree', '<p class="price"><span aria-hidden="true">$19.99</span><span class="sr-only">$19.99</span></p>', '19.99 USD'],
  ['nested in wrappers, raised cents, a label in the copy', '<div class="product__price"><span class="price-wrap"><span aria-hidden="true"><span class="money">$19<sup>99</sup></span></span></span><span class="visually-hidden"><span>Sale price</span> <span>$24.99</span></span></div>', 'price/ambiguous'],
  ['nested, agreeing', '<div class="product__price"><span class="price-wrap"><span aria-hidden="true"><span class="money">$19<sup>99</sup></span></span></span><span class="visually-hidden"><span>Sale price</span> <span>$19.99</span></span></div>', '19.99 USD'],
  ['unnamed box', '<div><span aria-hidden="true">$19.99</span><span class="screen-reader-text">Price: $24.99</span></div>', 'price/ambiguous'],
  ['WooCommerce, the current copy differs', '<p class="price"><del aria-hidden="true"><span class="woocommerce-Price-amount amount"><bdi>$20.00</bdi></span></del> <span class="screen-reader-text">Original price was: $20.00.</span><ins aria-hidden="true"><span class="woocommerce-Price-amount amount"><bdi>$15.00</bdi></span></ins><span class="screen-reader-text">Current price is: $17.00.</span></p>', 'price/ambiguous'],
  ['WooCommerce, the copies\' roles swapped', '<p class="price"><del aria-hidden="true"><span class="woocommerce-Price-amount amount"><bdi>$20.00</bdi></span></del> <span class="screen-reader-text">Original price was: $15.00.</span><ins aria-hidden="true"><span class="woocommerce-Price-amount amount"><bdi>$15.00</bdi></span></ins><span class="screen-reader-text">Current price is: $20.00.</span></p>', 'price/ambiguous'],
  ['WooCommerce, agreeing', '<p class="price"><del aria-hidden="true"><span class="woocommerce-Price-amount amount"><bdi>$20.00</bdi></span></del> <span class="screen-reader-text">Original price was: $20.00.</span><ins aria-hidden="true"><span class="woocommerce-Price-amount amount"><bdi>$15.00</bdi></span></ins><span class="screen-reader-text">Current price is: $15.00.</span></p>', '15.00 USD was 20.00'],
  ['WooCommerce range, agreeing', '<p class="price"><span class="woocommerce-Price-amount amount" aria-hidden="true"><bdi>$10.00</bdi></span> <span aria-hidden="true">&ndash;</span> <span class="woocommerce-Price-amount amount" aria-hidden="true"><bdi>$20.00</bdi></span><span class="screen-reader-text">Price range: $10.00 through $20.00</span></p>', 'price/range'],
  ['Shopify, labels and amounts for screen readers beside the shown amount', '<div class="price"><span class="visually-hidden">Sale price</span><span class="visually-hidden">$24.99</span><span class="money" aria-hidden="true">$19.99</span></div>', 'price/ambiguous'],
  ['Magento price wrapper', '<div class="price-box"><span class="price-container"><span class="price-wrapper" data-price-type="finalPrice"><span class="price" aria-hidden="true">€19.99</span><span class="sr-only">Special Price €24.99</span></span></span></div>', 'price/ambiguous'],
  // Amazon's a-offscreen is its screen-reader copy: a drawn amount that differs from it is refused (the a-offscreen $19.99 was stored).
  ['Amazon a-offscreen beside another drawn amount', '<span class="a-price"><span class="a-offscreen">$19.99</span><span aria-hidden="true">$24.99</span></span>', 'price/ambiguous'],
  ['Amazon a-offscreen beside the same amount drawn in parts', '<span class="a-price"><span class="a-offscreen">$19.99</span><span aria-hidden="true"><span class="a-price-symbol">$</span><span class="a-price-whole">19<span class="a-price-decimal">.</span></span><span class="a-price-fraction">99</span></span></span>', '19.99 USD'],
  // No screen-reader copy in the box: the drawn price is the only one, read once (price/not-found before), its struck part struck.
  ['a named price drawn aria-hidden, no copy', '<div class="product-price"><span aria-hidden="true">$19.99</span></div>', '19.99 USD'],
  ['a struck and a current amount drawn aria-hidden together, no copy', '<div class="price"><span aria-hidden="true"><s>$29.99</s> $19.99</span></div>', '19.99 USD was 29.99'],
  ['del and ins each aria-hidden, no copy', '<p class="price"><del aria-hidden="true">$29.99</del> <ins aria-hidden="true">$19.99</ins></p>', '19.99 USD was 29.99'],
  ['a copy said in the next box only is no twin: one amount, read once', '<div class="price"><div><div><span aria-hidden="true">$19.99</span></div></div></div><p><span class="sr-only">$19.99</span></p>', '19.99 USD'],
  // Unnamed (a carousel's cloned slide), or a closed drawer holding more than a price: unread, as before.
  ['an unnamed amount drawn aria-hidden', '<div class="track"><div class="slide cloned" aria-hidden="true">$9.99</div></div>', 'price/not-found'],
  ['a closed drawer beside the price', '<div class="price">$19.99</div><div class="drawer" aria-hidden="true"><p>Your bag</p><p>Mug <span class="price">$45.00</span></p><p>Subtotal <span class="price">$45.00</span></p></div>', '19.99 USD'],
  ['a drawn picture with its label, as before', '<p class="price"><span aria-label="$19.99"><span aria-hidden="true">$19<sup>99</sup></span></span></p>', '19.99 USD'],
];

describe('a label or an amount for screen readers only', () => {
  it.each([...CASES, ...COPIES])('%s', (_name, body, wanted) => {
    expect(read(body)).toBe(wanted);
  });
});
