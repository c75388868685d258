// "You save", "Sie sparen", "Je bespaart", "立省": labels of the money a shopper saves, one list for the parser and the page reader.

/**
 * Regular-expression sources, lower case, matched right before the amount. The amount after them is the difference to a
 * was-price, never the price: alone ("Du sparst 5,00 €") it was stored as one. A lone 省 only where no letter precedes it
 * (a province's name ends in 省: "广东省"). The plural noun and the Dutch one ("Savings: $5.00", "Total savings $5.00", "Besparing:
 * € 5,00") were missing, and the saving alone was stored as the price.
 */
export const SAVING_WORDS: readonly string[] = [
  'you save', 'save', 'savings?', 'sie sparen', 'sparen sie', 'du sparst', 'sparst', 'sparen', 'spare', 'ersparnis',
  'vous économisez', 'économisez', 'economisez', 'économie', 'ahorra', 'ahorras', 'ahorre', 'ahorro', 'risparmi', 'risparmia', 'risparmio',
  'economize', 'economia(?: de)?', 'bespaar', 'bespaart', 'besparing', 'spar', 'spara', 'sparer', 'sparar', 'säästä', 'säästät', 'säästö',
  'oszczędzasz', 'ušetříte', 'экономия', 'kazancınız', 'kazanç', '立省', '节省', '節約', '(?<!\\p{L})省',
];
