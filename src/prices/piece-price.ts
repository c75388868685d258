// "10 St. à 1,99 €", "6 x 0,5 l à 0,89 €", "Pack of 10, $1.99 each": the price of one piece of a pack, not the pack's price.

/** Words for the pieces a pack is counted in: German shop shorthand, English, and the containers drinks come in. */
const PIECES = String.raw`(?:st\.?|stk\.?|stück|pcs?\.?|pieces?|ct\.?|count|units?|flaschen|fl\.|dosen|rollen|beutel|packungen|tüten|bottles?|cans?|rolls?|bags?|szt\.?|ks|db|adet|шт\.?)`;
/** Measures of one piece in "6 x 0,5 l", "4 x 250 ml", "3 x 100 g". */
const MEASURES = String.raw`(?:ml|cl|l|ltr|g|kg|oz|fl\.?\s?oz)`;
/** A count of more than one: a single piece at a price is the price. */
const COUNT = String.raw`(?:[2-9]|[1-9]\d{1,3})`;
/** A tier's count ("ab 2 Stück je 17,99 €", "from 10 pcs @ $1.49"): the price for each piece from that quantity on, a quantity discount. */
const NOT_TIER = String.raw`(?<!(?:\bab|\bfrom|\bbuy|\bdès|\bdesde|\bvanaf|\bod)\s*)`;

/**
 * Right before the amount, across the count: pieces and the word that prices one of them ("à", "je", "zu je", "@"), as
 * German shops write "10 St. à 1,99 €" and "Packung mit 10 Stück à 1,99 €", drinks shops "6 x 0,5 l à 0,89 €", US ones
 * "10 pcs @ $1.99". A bare count takes "@" only: "de 10 à 20 €" is a range, "lot de 10 à 1,99 €" the lot's price.
 */
const PIECE_BEFORE = new RegExp(
  String.raw`(?:^|[^\p{L}\d])${NOT_TIER}${COUNT}\s*(?:(?:${PIECES}|[x×]\s*\d+(?:[.,]\d+)?\s*${MEASURES}(?![\p{L}]))\s*(?:à|je|zu je|@|at)|@)\s*:?\s*$`,
  'iu',
);
/** A pack's count before the amount with no pricing word ("Pack of 10, $1.99 each", "10 pcs $1.99 each"): "each" after the amount settles it. */
const PACK_BEFORE = new RegExp(String.raw`(?:^|[^\p{L}\d])${NOT_TIER}(?:${COUNT}\s*${PIECES}|(?:pack|set|box|case|lot|packung|karton) (?:of|mit|de|à) ${COUNT}(?:\s*${PIECES})?)[\s,:–-]*(?:at|for)?\s*$`, 'iu');
const EACH_AFTER = /^\s*(?:each|ea\.?|apiece|pro stück|je stück|\/\s*(?:pc|pcs|piece|st|stk|stück|ea))(?![\p{L}])/iu;

/** Whether the amount is the price of one piece of a pack the words count (`reach`: the words since the previous price, across the count). */
export const isPiecePrice = (reach: string, after: string): boolean => PIECE_BEFORE.test(reach) || (PACK_BEFORE.test(reach) && EACH_AFTER.test(after));
