// "approx.", "ca.", "≈", "environ", "約": words saying the amount after them is an estimate or a conversion, one list for the parser and the page reader.

/**
 * Regular-expression sources, lower case, matched as whole words right before the amount. Shops print a conversion into the
 * shopper's currency beside their own price ("£45.00 (approx. US $57.20)", eBay's "Approximately US $57.20", "CHF 29.90 ca. 31,20 €"):
 * beside an exact amount such an amount is never the price; alone the parser reads it as the price, and the page reader does too.
 */
export const APPROXIMATE_WORDS: readonly string[] = [
  'approx\\.?', 'approximately', 'ca\\.', 'circa', 'env\\.', 'environ', 'etwa', 'ungefähr', 'около', 'ок\\.', '[≈~～]',
  // Spanish, Portuguese, Czech and Slovak, Polish, Dutch, Japanese and Chinese: the pair was refused as two current prices on a page.
  'aprox\\.?', 'aproximadamente', 'cca\\.?', 'około', 'ongeveer', '約', '约',
];
