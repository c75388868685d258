// "Regular price", "Reg.", "Normalpreis", "ordinarie pris": the label of a price that is not on sale, one list for the parser and the visible reader.

/**
 * Beside a sale price it is the struck reference; standing alone it is the price (Shopify themes label every price
 * that is not on sale "Regular price"). Unlike "was" or "RRP", which never name the price to pay.
 */
export const REGULAR_PRICE_WORDS: readonly string[] = [
  'reg\\.?', 'regular(?: price)?', 'regulärer preis', 'normalpreis', 'ord\\.? ?pris', 'ordinarie pris', 'normalpris', 'precio normal', 'prezzo normale', 'normaalprijs', 'normaalihinta',
  'cena regularna', 'normal', 'norm', 'normale',
  'harga normal', 'redovna cijena', 'redovna cena', 'bežná cena', 'redna cena', 'įprasta kaina', 'parastā cena', 'tavahind', 'редовна цена',
  // Japanese "usual price": how Japanese shops (and Shopify's Japanese "Regular price") label a price, struck or not.
  '通常価格', '通常販売価格',
  'מחיר רגיל', 'السعر العادي',
];

/** The label ends in a regular-price word right before the amount: "Regular price:", "Reg.". */
export const REGULAR_LABEL = new RegExp(`(?:^|[^\\p{L}])(?:${REGULAR_PRICE_WORDS.join('|')})[\\s:.\\-–]*$`, 'iu');
