// "From €10", "ab 12,99 €", "à partir de", "desde", "starting at": words that make an amount the cheapest variant's, one matcher for every reader.

/** Words before an amount that make it the start of a range (the lowest variant or offer), many languages. */
const FROM_WORDS = ['from', 'starting at', 'starts at', 'as low as', 'ab', 'à partir de', 'dès', 'desde', 'a partir de', 'da', 'vanaf', 'från', 'fra', 'od', 'от'].join('|');

/** A label ending in a from-word right before the amount ("Gift cards from", "Preis ab:"). */
export const FROM_BEFORE = new RegExp(`(?:^|[^\\p{L}])(?:${FROM_WORDS})[\\s:]*$`, 'iu');

/**
 * A price text that opens with a from-word before its first digit ("from 19.99", "ab 19,99 €", "From: $19.99"): a
 * machine field (a JSON-LD `price`, a feed's price) written so holds the lowest variant's price, not this item's.
 */
export function opensWithFrom(text: string): boolean {
  const digit = /\p{Nd}/u.exec(text);
  if (!digit) return false;
  const label = text.slice(0, digit.index).replace(/(?:\p{Sc}|\b[A-Z]{3}\b|[\s.:-])+$/u, '');
  return FROM_BEFORE.test(label);
}
