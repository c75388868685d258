// "10 St. à 1,99 €", "Pack of 10, $1.99 each": the price of one piece of a pack, not the pack's; "£10 for 3 pairs": the total of several pieces, not one's.
import { wordPattern } from './word-pattern';

/** Words for the pieces a pack is counted in: German shop shorthand, English, and the containers drinks come in. */
export const PIECES = String.raw`(?:st\.?|stk\.?|stück|stuks?|pcs?\.?|pieces?|pièces?|pezzi|unidades|unités?|ct\.?|count|units?|items?|pairs?|paires?|paar|flaschen?|fl\.|dosen?|rollen?|beutel|packungen|tüten?|bottles?|cans?|rolls?|bags?|szt\.?|ks|db|adet|шт\.?)`;
/** Measures of one piece in "6 x 0,5 l", "4 x 250 ml", "3 x 100 g". */
const MEASURES = String.raw`(?:ml|cl|l|ltr|g|kg|oz|fl\.?\s?oz)`;
/** "for" of a multi-buy in the languages shops write it: "3 for £10", "3 für 10 €", "3 pour 10 €", "2 voor € 5", "2 por 5 €", "2 za 5 zł". */
const FOR = String.raw`(?:for|für|pour|por|voor|för|za)`;
/** A count of more than one: a single piece at a price is the price. */
export const COUNT = String.raw`(?:[2-9]|[1-9]\d{1,3})`;
/** A tier's count ("ab 2 Stück je 17,99 €", "from 10 pcs @ $1.49"): the price for each piece from that quantity on, a quantity discount. */
const NOT_TIER = String.raw`(?<!(?:\bab|\bfrom|\bbuy|\bdès|\bdesde|\bvanaf|\bod)\s*)`;
/** A counted pack: "10 St.", "10 Stück", "6 x 0,5 l", "12 x 0,33 l Dose", "6er Pack", "6er-Pack", "10 pack", "10-pk". */
const PACK = String.raw`${NOT_TIER}${COUNT}\s*(?:${PIECES}|[x×]\s*\d+(?:[.,]\d+)?\s*${MEASURES}(?![\p{L}])(?:\s*${PIECES})?|(?:er)?[- ]?(?:pack|pk|packung|karton|set))(?![\p{L}])`;

/**
 * Right before the amount: a counted pack and the word that prices one of its pieces ("à", "je", "zu je", "@", "at"), as
 * German shops write "10 St. à 1,99 €" and "Packung mit 10 Stück à 1,99 €", drinks shops "6 x 0,5 l à 0,89 €", US ones
 * "10 pcs @ $1.99"; "für"/"for" after counted pieces is a multi-buy, as "3 für 5 €" is. A bare count takes "@" only:
 * "de 10 à 20 €" is a range, "lot de 10 à 1,99 €" the lot's price.
 */
const PIECE_BEFORE = wordPattern(new RegExp(String.raw`(?:^|[^\p{L}\d])(?:${PACK}[\s(]*(?:à|je|zu je|@|at|${FOR})|${NOT_TIER}${COUNT}\s*@)\s*:?\s*$`, 'iu'));
/** A pack's count before the amount with no pricing word ("Pack of 10, $1.99 each", "10 pcs $1.99 each"): "each" after the amount settles it. */
const PACK_BEFORE = wordPattern(new RegExp(String.raw`(?:^|[^\p{L}\d])(?:${PACK}|${NOT_TIER}(?:pack|set|box|case|lot|packung|karton) (?:of|mit|de|à) ${COUNT}(?:\s*${PIECES})?)[\s,:–-]*(?:at)?\s*$`, 'iu'));
/** The amount is one piece's: "each", "ea.", "/St.", "/each", "pro Stück". */
const EACH_AFTER = wordPattern(/^\s*(?:each|ea\.?|apiece|pro stück|je stück|\/\s*(?:pc|pcs|piece|st|stk|stück|ea|each))(?![\p{L}])/iu);
const EACH_BEFORE = wordPattern(/(?:preis |price )?(?:pro|je|per) (?:stück|stk\.?|st\.?|piece|pc)[\s:]*$/iu);
/** A pack's count after a piece's price: "1,99 €/St. (Packung: 10 St.)", "Preis pro Stück 1,99 € (10 Stück)". */
const PACK_AFTER = wordPattern(new RegExp(String.raw`^[^\d]*${PACK}`, 'iu'));

/**
 * Nothing but an opening bracket since the previous price: "£3.00 (£0.25 each)", "12 count $23.88 ($1.99 each)". A piece's
 * price set in brackets right after an amount breaks that amount down, so the amount before is what the pack costs.
 */
const BRACKET_ONLY = /^\s*[([]\s*$/u;

/**
 * Whether the amount is the price of one piece of a pack the words count. `reach`: the words since the previous price,
 * across the count; `label`: the words right before the amount; `after`: the words after it, up to the next price;
 * `opening`: no price comes before it.
 */
export function isPiecePrice(reach: string, label: string, after: string, opening: boolean): boolean {
  if (PIECE_BEFORE.test(reach)) return true;
  const each = EACH_AFTER.test(after) || EACH_BEFORE.test(label);
  return each && (PACK_BEFORE.test(reach) || PACK_AFTER.test(after.replace(EACH_AFTER.pattern, '')) || (!opening && BRACKET_ONLY.test(reach)));
}

/** Japanese and Chinese counters of a multi-buy: "2個で", "1,500円で2点" (pieces, items, bottles, sheets). */
const CJK_PIECES = '(?:個|点|本|枚|つ|件)';
/** What a basket or a bundle counts, set in brackets after its total: "£10.00 (2 items)", "19,98 € (2 Artikel)"; a pack's own pieces ("(10 St.)") name the product. */
const BASKET_WORDS = String.raw`(?:items|articles|artikel|artículos|articoli|artikelen|artykuły|produkte|products|produits|prodotti|productos)(?![\p{L}])`;
/** Two to twelve written out, in the languages of FOR: "£10 for two", "5 € les deux". */
const COUNT_WORD = '(?:two|three|four|five|six|ten|twelve|zwei|drei|vier|fünf|sechs|deux|trois|quatre|cinq|dos|tres|cuatro|cinco|twee|drie|due|tre)';
/**
 * After the amount, the count it is the total of: "£10 for 3 pairs", "$10 for 2", "5 € les 2", "10 € les 3 paires", "€5 per 2",
 * "£10 (for 3)". Read as the price, a third of a pair's price (or three pairs') was stored. Not a measure, a duration or a pack
 * the product is ("€2,99 for 500 g", "$19.99 for 2 years", "£10 for 3 pack"): pieces ("3 pairs of socks"), or nothing but punctuation, follow.
 * In Japanese "¥1,000（2個で）" and "1,500円で2点"; not "¥500 2点で¥900", where the count is the next amount's.
 */
const TOTAL_OF_COUNT_AFTER = wordPattern(new RegExp(
  String.raw`^[\s(]*(?:${FOR}|per|les)\s+(?:${COUNT}|${COUNT_WORD})(?:\s*${PIECES}(?![\p{L}])|\s*(?=$|[^\s\p{L}\d]))|^\s*[([]\s*${COUNT}\s*${BASKET_WORDS}\s*[)\]]|^[\s(（]*(?:で\s*${COUNT}\s*${CJK_PIECES}|${COUNT}\s*${CJK_PIECES}で\s*[)）])`,
  'iu',
));
/** Before the amount, the count it is the total of: "Price for 2: $20", "Total for 3: £30", "Preis für 2 Stück: 5 €". */
const TOTAL_OF_COUNT_BEFORE = wordPattern(new RegExp(
  String.raw`(?:^|[^\p{L}])(?:price|total|preis|gesamtpreis|prix|precio|prezzo|prijs)\s+(?:${FOR})\s+(?:${COUNT}|${COUNT_WORD})(?:\s*${PIECES})?\s*:?\s*$`,
  'iu',
));

/**
 * Whether the words around an amount make it the total of a counted number of pieces (a multi-buy written amount first, or
 * labelled with its count): `after` the words right after it, `reach` those since the previous price, across the count.
 */
export const isTotalOfCount = (after: string, reach: string): boolean => TOTAL_OF_COUNT_AFTER.test(after) || TOTAL_OF_COUNT_BEFORE.test(reach);

