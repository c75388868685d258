// A maker's price noun ("UVP", "RRP") in an element of its own between two amounts in one line: either amount's label.
import { labelsCurrent } from '../prices/price-context';
import { namesReducedPrice, nounBoundBack, twoSidedNoun } from '../prices/two-sided-labels';
import type { ScannedPrice } from './scanned-price';

/**
 * `<span>25,00 €</span> <span>UVP</span> <span>20,00 €</span>`: the noun was read as the label of the amount after it (the way
 * "UVP 29,99 €" reads), which made the lower amount the reference and stored 25.00. Shops write it after its amount as often.
 * A mark after it binds it to the amount before ("29,99 € UVP, 24,99 €"), and so does a struck earlier amount (the noun names
 * what is struck); a label calling the earlier amount current ("Jetzt") or its markup binds it to the later one. Otherwise the
 * pair is refused, as the parser refuses the same text.
 */
export function settleTwoSidedNouns(shown: ScannedPrice[]): void {
  for (let index = 1; index < shown.length; index++) {
    const [earlier, later] = [shown[index - 1], shown[index]];
    const plainEarlier = earlier.role === 'current' && earlier.why === 'text' && !labelsCurrent(earlier.context.before);
    // "29,99 € UVP, statt 24,99 €": the noun bound back by the comma is the earlier's; the later keeps its own words. It stored 29.99.
    if (plainEarlier && nounBoundBack(later.context.before)) shown[index - 1] = { ...earlier, role: 'reference', why: 'words' };
    const side = higherNamed(earlier, later) ?? twoSidedNoun(later.context.before);
    if (side === null || side === 'after' || twoSidedNoun(earlier.context.after) === null) continue;
    const laterByNoun = later.role === 'reference' && later.why === 'words';
    const laterFree = laterByNoun || (later.role === 'current' && later.why === 'text');
    if (laterFree && (side === 'before' ? plainEarlier : earlier.role === 'reference' && earlier.struck !== null)) {
      shown[index - 1] = plainEarlier ? { ...earlier, role: 'reference', why: 'words' } : earlier;
      shown[index] = laterByNoun ? { ...later, role: 'current', why: 'text' } : later;
    } else if (side === 'either' && plainEarlier && laterByNoun) {
      const detail = `a list price's noun "${later.context.before.trim()}" between ${earlier.text} and ${later.text} may label either`;
      for (const price of [earlier, later]) price.unsettled = detail;
    }
  }
  endingNouns(shown);
}

/**
 * `<div><span class="price">29,99 €</span><span class="label">UVP</span></div>`: the noun ends the amount's line, with no amount
 * after it there, so it can only be the amount before it's label (a label after its amount, as "29,99 € UVP" reads). It was read as
 * no label: the list price was a second current price (refused) or, alone, stored as the price.
 */
function endingNouns(shown: ScannedPrice[]): void {
  for (let index = 0; index < shown.length; index++) {
    const [price, next] = [shown[index], shown[index + 1]];
    const side = twoSidedNoun(price.context.after);
    if (side === null || side === 'after' || (next && twoSidedNoun(next.context.before) !== null)) continue;
    if (price.role === 'current' && price.why === 'text' && !labelsCurrent(price.context.before)) shown[index] = { ...price, role: 'reference', why: 'words' };
  }
}

/** "$29.99 Orig. $19.99", "$19.99 Reg. $29.99": a reduced-from noun alone between two amounts of one currency names the higher one. */
function higherNamed(earlier: ScannedPrice, later: ScannedPrice): 'before' | 'after' | null {
  const between = later.context.before;
  if (!namesReducedPrice(between) || twoSidedNoun(between) !== 'either' || !earlier.parsed.ok || !later.parsed.ok) return null;
  if (earlier.parsed.currency !== later.parsed.currency) return null;
  return earlier.parsed.amount.gt(later.parsed.amount) ? 'before' : 'after';
}
