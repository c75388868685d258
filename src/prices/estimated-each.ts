// "About $3.98 each", "est. $3.98 each", "ca. 3,98 € pro Stück": the estimated price of one piece of a product sold by weight.
import { wordPattern } from './word-pattern';

/** Words of an estimate right before the amount (lower case; the approximations of `price-context.ts` and "est."). */
const ESTIMATE_BEFORE = wordPattern(/(?:^|[^\p{L}])(?:about|approx\.?|approximately|est\.?|estimated|ca\.|circa|env\.|environ|etwa|ungefähr)[\s:]*$/iu);
/** One piece right after it: "each", "ea.", "apiece", "per item", "pro Stück", "la pièce". */
const EACH_AFTER = wordPattern(/^\s*(?:each|ea\.?|apiece|per (?:item|piece)|pro stück|je stück|la pièce|c\/u)(?![\p{L}])/iu);
/** Or the estimate said after it: "$3.98 each (est.)", "$3.98 ea. estimated". */
const EACH_ESTIMATED_AFTER = wordPattern(/^\s*(?:each|ea\.?)\s*\(?\s*(?:est\.?|estimated|approx\.?)(?![\p{L}])/iu);

/**
 * Whether the words around an amount make it an estimated piece price. Grocers sell produce by weight and print what one
 * piece may cost beside the price per pound or kilo: the shopper pays the weighed amount, so the estimate is no price of its
 * own, and beside the price per weight nothing says which to store (Instacart's "$1.99 /lb" and "About $3.98 each" stored
 * 3.98). It is read as a unit price, as the price per weight is.
 */
export const isEstimatedEach = (before: string, after: string): boolean => (ESTIMATE_BEFORE.test(before) && EACH_AFTER.test(after)) || EACH_ESTIMATED_AFTER.test(after);
