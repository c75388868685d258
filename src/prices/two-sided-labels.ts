// A maker's or list price noun ("UVP", "RRP", "MSRP", "定価") alone between two amounts: shops write it before its amount ("UVP 29,99 €")
// and after it ("29,99 € UVP"), so there it may label either, and which one decides the price.
import { amountOfCandidate, sameCurrency, textBetween } from './conditional-pairs';
import type { Candidate } from './price-candidates';

/**
 * Nouns for a recommended or list price that stand on either side of their amount. Not the prepositional was-words ("statt",
 * "instead of", "was", "vorher", "au lieu de", "вместо"): those only ever label what follows.
 */
const TWO_SIDED_NOUNS = [
  'uvp', 'rrp', 'msrp', 'srp', 'mrp', 'm\\.r\\.p\\.?', 'list price', 'listenpreis', 'prix (?:de vente )?conseillé', 'pvpr', 'prp',
  'adviesprijs', 'prezzo consigliato', 'prezzo di listino', 'cena katalogowa', 'vejl\\.? pris', 'rek\\.? pris', '(?:unverbindliche )?preisempfehlung',
  '(?:メーカー)?希望小売価格', '定価', '参考価格', '소비자가(?:격)?',
].join('|');

// Not "Retail": US shops write it before its amount ("$70.00 Retail $80.00"), and a resale marketplace's "Lowest Ask $250 Retail $180"
// sells above it, so the higher amount is not always the retail one.

/**
 * Nouns for the shop's own earlier or usual price, which a reduction undercuts: "Reg.", "Regular", "Orig.", "Original price". US shops
 * print them before their amount ("$19.99 Reg. $29.99") and after it ("$29.99 Orig. $19.99") alike. Shown beside the price to
 * pay, such a price is the higher one (a shop showing its regular price below the current one says no reduction), so between
 * two amounts of one currency the noun names the higher one, on whichever side it stands.
 */
const REDUCED_FROM_NOUNS = ['reg\\.?', 'regular(?: price)?', 'orig\\.?', 'original(?: price)?'].join('|');
const REDUCED_FROM_BETWEEN = new RegExp(`^[\\s,;|·/()[\\]–—-]*(?:${REDUCED_FROM_NOUNS})(?![\\p{L}])[\\s,;:|·/()[\\]–—]*$`, 'iu');
/** Whether the noun alone between two amounts is one for the price a reduction undercuts (see REDUCED_FROM_NOUNS). */
export const namesReducedPrice = (between: string): boolean => REDUCED_FROM_BETWEEN.test(between);

/**
 * The noun and what stands on each side of it. A colon after it, or a line break or a mark before it, binds it to the amount
 * after ("24,99 € UVP: 29,99 €", "24,99 €, UVP 29,99 €", "(UVP 29,99 €)"); a line break or a mark after it to the one before
 * ("25,00 € UVP\n20,00 €", "29,99 € UVP, 24,99 €"). Only spaces on both sides leave it open.
 */
const NOUN_BETWEEN = new RegExp(`^([\\s,;|·/()[\\]–—-]*)(?:${TWO_SIDED_NOUNS}|${REDUCED_FROM_NOUNS})(?![\\p{L}])([\\s,;:|·/()[\\]–—]*)$`, 'iu');
/**
 * The noun bound back by a mark, then words of the later amount's own: "29,99 € UVP, statt 24,99 €", "29,99 € UVP, Sie sparen
 * 5,00 €". The noun names the earlier amount as when nothing follows the mark, and the later one keeps the role its words give.
 */
const NOUN_BOUND_BACK = new RegExp(`^ *(?:${TWO_SIDED_NOUNS}|${REDUCED_FROM_NOUNS})(?![\\p{L}]) *[,;|·/)\\]–—]\\s*\\p{L}`, 'iu');
/** Whether the noun between two amounts is the earlier one's, bound by a mark, with the later one's own label after it. */
export const nounBoundBack = (between: string): boolean => NOUN_BOUND_BACK.test(between) && twoSidedNoun(between) === null;
/** An opening bracket closes nothing before it ("24,99 € UVP (29,99 €)"), a closing one opens nothing after ("(24,99 €) UVP 29,99 €"). */
const AHEAD_MARK = /[\n\r,;|·/([–—-]/u;
const BEHIND_MARK = /[\n\r,;|·/)\]–—]/u;

/** Which amount the noun between two labels: the one after (as a label before its amount is read), the one before, or either. */
export function twoSidedNoun(between: string): 'after' | 'before' | 'either' | null {
  const sides = NOUN_BETWEEN.exec(between);
  if (!sides) return null;
  const [, ahead, behind] = sides;
  if (behind.includes(':') || AHEAD_MARK.test(ahead)) return 'after';
  return BEHIND_MARK.test(behind) ? 'before' : /[([]/u.test(behind) ? 'after' : 'either';
}

/**
 * The roles once the noun between two amounts is settled. Read as a label before its amount, it made "25,00 € UVP 20,00 €" a
 * reference of 20 and a price of 25; bound back to the amount before it, that amount is the reference and the next is unlabelled.
 * Left open, the next amount is marked (`eitherSide`) and `choosePrice` keeps a choice only when both readings give it.
 * An amount a label of its own calls current ("Jetzt 24,99 € UVP 29,99 €") settles it.
 */
export function settleTwoSidedNouns(text: string, all: readonly Candidate[]): Candidate[] {
  const out = [...all];
  for (let index = 1; index < out.length; index++) {
    const [left, right] = [out[index - 1], out[index]];
    // "29,99 € UVP, 24,99 €": the comma kept the noun from labelling the later amount, and the two were refused as two prices.
    if (left.excluded || left.role !== 'plain') continue;
    const between = textBetween(text, left, right);
    // "29,99 € UVP, statt 24,99 €": the earlier is the maker's price, the later keeps its own label; it stored 29.99.
    if (between !== null && nounBoundBack(between)) out[index - 1] = { ...left, role: 'reference' };
    const side = between === null ? null : higherNamed(between, left, right) ?? twoSidedNoun(between);
    // "29,99 € UVP, 24,99 € / kg": bound back, the noun is the earlier's whatever the later is; it stored 29.99.
    if (side === 'before') out[index - 1] = { ...left, role: 'reference' };
    if (right.excluded || !['plain', 'reference', 'regular'].includes(right.role)) continue;
    if (side === 'before') out[index] = { ...right, role: 'plain' };
    if (side === 'either' && right.role !== 'plain') out[index] = { ...right, eitherSide: true };
  }
  // "29,99 € UVP", "$29.99 Orig.": the noun after the last amount, nothing after it, is that amount's; it was stored as the price.
  const last = out.at(-1);
  if (last && !last.excluded && last.role === 'plain' && NOUN_ENDING.test(text.slice(Math.max(last.token.end, ...last.owned.map((sign) => sign.end))))) {
    out[out.length - 1] = { ...last, role: 'reference' };
  }
  return out;
}

/** A list or reduced-from noun that ends the text (the regular-price words are the price when alone, and stay so). */
const NOUN_ENDING = new RegExp(`^\\s*(?:${TWO_SIDED_NOUNS}|orig\\.?|original(?: price)?)(?![\\p{L}])[\\s.*:)\\]]*$`, 'iu');

/** Where a reduced-from noun alone between two amounts of one currency points: to the higher of them (see REDUCED_FROM_NOUNS). */
function higherNamed(between: string, left: Candidate, right: Candidate): 'before' | 'after' | null {
  if (!namesReducedPrice(between) || !sameCurrency(left, right) || twoSidedNoun(between) !== 'either') return null;
  return amountOfCandidate(left).gt(amountOfCandidate(right)) ? 'before' : 'after';
}

/** The other reading of the open nouns: each marked amount unlabelled, the amount before it the reference. */
export function otherReading(all: readonly Candidate[]): Candidate[] | null {
  if (!all.some((candidate) => candidate.eitherSide)) return null;
  return all.map((candidate, index) => {
    if (candidate.eitherSide) return { ...candidate, role: 'plain', eitherSide: undefined };
    return all[index + 1]?.eitherSide ? { ...candidate, role: 'reference' } : candidate;
  });
}
