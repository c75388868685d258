// "From €10", "ab 12,99 €", "à partir de", "desde", "starting at", "3,000円から", "¥99起": words that make an amount the cheapest variant's, one matcher for every reader.
import { wordPattern } from './word-pattern';

/** Words before an amount that make it the start of a range (the lowest variant or offer), many languages. */
const FROM_WORDS = [
  // "$49.99 down from $59.99", "reduced from": a price drop names the old price; "Ships from US $19.99" a place.
  '(?<!(?:down|reduced|dropped|lowered|cut|ships|shipped|shipping|sent|dispatched|delivered|imported|made|sold) )from', 'starting (?:at|from)', 'starts? (?:at|from)', 'prices? (?:start(?:ing)? )?(?:at|from)', 'as (?:low|little) as', 'low as',
  'ab', 'à partir de', 'dès', 'desde', 'a partir de', 'a partire da', 'da', 'vanaf', 'från', 'fra', 'od', 'от', 'від',
].join('|');
/** "from just $30", "ab nur 30 €", "desde sólo 30 €", "vanaf slechts € 30": a word of emphasis between the from-word and the amount. */
const JUST = '(?:\\s+(?:just|only|nur|seulement|sólo|solo|soli|solamente|apenas|só|slechts|już|endast|bara|kun|vain))?';

/** "$30 or more", "30 € und mehr", "30 € et plus": the amount is where the prices start. */
const OR_MORE = ['or more', 'and more', 'or higher', 'und mehr', 'oder mehr', 'et plus', 'ou plus', 'o más', 'ou mais', 'o più', 'e oltre', 'of meer', 'en meer', 'eller mer', 'lub więcej'].join('|');

/** A label ending in a from-word right before the amount ("Gift cards from", "Preis ab:", "低至"). */
export const FROM_BEFORE = wordPattern(new RegExp(`(?:(?:^|[^\\p{L}])(?:${FROM_WORDS})${JUST}|低至|低至仅|最低只要)[\\s:]*$`, 'iu'));

/**
 * After the last amount: Japanese から/より/～ ("3,000円から", "3,000円～": 3,000 yen and up), Chinese 起/起售/起价 ("¥99起"),
 * a "+" glued to it with nothing after ("$30+") and "or more" ("30 € und mehr"): the cheapest variant's price, or a price and more.
 * "円"/"元" may stand between: the lexer takes no sign glued to the kana or hanzi after it.
 */
const WORDS_AFTER = `\\s*(?:円|元)?(?:から|より|起售|起价|起|～|〜|~)|\\s*(?:${OR_MORE})(?![\\p{L}])`;
export const FROM_AFTER = wordPattern(new RegExp(`^(?:${WORDS_AFTER}|\\+)[\\s.。!！]*$`, 'iu'));

/**
 * The same words opening what follows an amount on a page, in an element of their own and with more after them
 * ("3,000円<span>から</span>", "¥1,980<span>～（税込）</span>"). Not a "+": set between two amounts it adds a charge ("19,99 € + 4,95 € Versand").
 */
export const FROM_WORDS_AFTER = wordPattern(new RegExp(`^(?:${WORDS_AFTER})`, 'iu'));

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
