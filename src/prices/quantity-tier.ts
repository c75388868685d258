// "ab 3 Stück je 4,50 €", "Buy 2+ for $8 each", "18 € ab 2 Stück": a quantity tier, what each piece costs only from that count on.
// COUNT is two or more: "ab 1 Stück 19,99 €" is the first tier, the price of one.
import { wordPattern } from './word-pattern';
import { COUNT, PIECES } from './piece-price';
/** The words that open a tier, in the languages shops write one: "ab", "from", "buy", "dès", "à partir de", "desde", "vanaf", "od", "bei Abnahme von". */
const TIER_WORD = String.raw`(?:ab|from|buy|dès|à partir de|a partir de|a partire da|desde|vanaf|od|bei abnahme (?:von|ab)|when you buy|if you buy|mindestens|min\.?)`;
/** What makes the count a tier's and not a lower bound or a date: a plus, "or more", or pieces ("ab 2 Stück", "from 10 pcs", "2+"). */
const MARK = String.raw`(?:\s?\+|\s+(?:or more|und mehr|oder mehr|ou plus|o más|o mas|e più|of meer|lub więcej)|\s*${PIECES}(?![\p{L}]))`;
/** A count with a plus alone ("10+ $4.00", "$4.00 (10+)"): no other count is written so. */
const TIER = String.raw`(?:^|[^\p{L}\d])(?:${TIER_WORD}\s+${COUNT}${MARK}|${COUNT}\s?\+(?![\p{L}\d]))`;
/** A tier table's own words: "Staffelpreis", "Mengenrabatt", "prix dégressif", "volume pricing", "tier price". */
const TIER_LABEL = wordPattern(/(?:^|[^\p{L}])(?:staffelpreis(?:e)?|mengenrabatt|staffelkorting|prix dégressifs?|tarifs? dégressifs?|(?:volume|quantity|bulk|tier(?:ed)?) (?:price|pricing|discount)s?|precio por volumen|prezzi? a scaglioni)(?![\p{L}])/iu);
/** The word that prices each piece of the tier, between the count and the amount: "je", "à", "each", "@", "for", ":". */
const EACH_WORD = String.raw`(?:je|zu je|à|a|@|at|each|for|für|pour|por|per piece|pro stück|la pièce|le prix)`;

/** Before the amount: the tier ends the words since the previous price ("ab 3 Stück je ", "Buy 2+ for ", "from 10 pcs: "). */
// A separator after the tier, before the amount: "2+1 gratis" is a deal's count, no tier of 1.
const TIER_BEFORE = wordPattern(new RegExp(String.raw`${TIER}[\s,:.)-]+(?:${EACH_WORD}[\s:]*)?$`, 'iu'));
/** After the amount, maybe after its "each": "18 € ab 2 Stück", "$8 each when you buy 2 or more", "3,20 €/Stk. ab 10 Stk.". */
const TIER_AFTER = wordPattern(new RegExp(String.raw`^[\s*]*(?:(?:each|ea\.?|je stück|pro stück|\/\s*(?:st|stk|stück|pc|pcs|ea))\.?[\s,]*)?(?:\(\s*)?${TIER}`, 'iu'));

/**
 * Whether the amount is a quantity tier's: the price of each piece bought from a count of two on, which one piece does not
 * cost (read as the price, a quantity discount was stored as the product's price). `reach`: the words since the previous
 * price, across the count; `after`: the words after the amount up to the next price, read only after the last one (in
 * "19,99 € ab 2 Stück 17,99 €" the tier after 19,99 is the next amount's label).
 */
export const isQuantityTier = (reach: string, after: string, last: boolean): boolean => tierBefore(reach) || (last && TIER_AFTER.test(after));

/** The words before an amount end in a tier or hold a tier table's label. */
const tierBefore = (words: string): boolean => TIER_BEFORE.test(words) || TIER_LABEL.test(words);

/**
 * Whether a tier's words open the text before its first amount or close it after its last ("ab 2 Stück £12.99 (£10.83 ex VAT)",
 * "€29,99 → €19,99 ab 2 Stück"): they govern every amount of it, so none is what one piece costs. Between two amounts they are
 * the next one's ("19,99 € ab 2 Stück 17,99 €": the first is the price of one).
 */
export const tierGovernsText = (opening: string, closing: string): boolean => tierBefore(opening) || TIER_AFTER.test(closing);
