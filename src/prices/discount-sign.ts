// A discount sign in a price text ("-15%", "20% off", "Sale", "Save $5"): beside two prices, the lower is the sale price.

export const DISCOUNT = /(?:^|[^\d])-\s?\d{1,2}\s?%|\d\s?%\s?(?:off|rabatt|korting|de (?:réduction|descuento)|sconto|할인)|%\s?\d{1,2}\s?indirim|(?:^|[^\p{L}])(?:sale|soldes|rebajas|saldi|reduziert|promo)(?![\p{L}])|(?:^|[^\p{L}])save:? ?(?:\p{Sc}|\d)/iu;

/** Words that open with a discount sign, spaces and punctuation aside ("20% off", "- Sale"): a badge of their own, set after other words. */
export function opensWithDiscount(words: string): boolean {
  const sign = DISCOUNT.exec(words);
  // The sign's match may begin inside its own number ("20% off" matches from the 0).
  return sign !== null && /^[\s\p{P}]*\d*$/u.test(words.slice(0, sign.index));
}
