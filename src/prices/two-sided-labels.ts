// A maker's or list price noun ("UVP", "RRP", "MSRP", "定価") alone between two amounts: shops write it before its amount ("UVP 29,99 €")
// and after it ("29,99 € UVP"), so there it may label either, and which one decides the price.
import { textBetween } from './conditional-pairs';
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

/**
 * The noun and what stands on each side of it. A colon after it, or a line break or a mark before it, binds it to the amount
 * after ("24,99 € UVP: 29,99 €", "24,99 €, UVP 29,99 €", "(UVP 29,99 €)"); a line break or a mark after it to the one before
 * ("25,00 € UVP\n20,00 €", "29,99 € UVP, 24,99 €"). Only spaces on both sides leave it open.
 */
const NOUN_BETWEEN = new RegExp(`^([\\s,;|·/()[\\]–—-]*)(?:${TWO_SIDED_NOUNS})(?![\\p{L}])([\\s,;:|·/()[\\]–—]*)$`, 'iu');
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
    if (left.excluded || right.excluded || left.role !== 'plain' || !['plain', 'reference'].includes(right.role)) continue;
    const between = textBetween(text, left, right);
    const side = between === null ? null : twoSidedNoun(between);
    if (side === 'before') [out[index - 1], out[index]] = [{ ...left, role: 'reference' }, { ...right, role: 'plain' }];
    if (side === 'either' && right.role === 'reference') out[index] = { ...right, eitherSide: true };
  }
  return out;
}

/** The other reading of the open nouns: each marked amount unlabelled, the amount before it the reference. */
export function otherReading(all: readonly Candidate[]): Candidate[] | null {
  if (!all.some((candidate) => candidate.eitherSide)) return null;
  return all.map((candidate, index) => {
    if (candidate.eitherSide) return { ...candidate, role: 'plain', eitherSide: undefined };
    return all[index + 1]?.eitherSide ? { ...candidate, role: 'reference' } : candidate;
  });
}
