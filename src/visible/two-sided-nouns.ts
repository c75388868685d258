// A maker's price noun ("UVP", "RRP") in an element of its own between two amounts in one line: either amount's label.
import { labelsCurrent } from '../prices/price-context';
import { twoSidedNoun } from '../prices/two-sided-labels';
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
    const side = twoSidedNoun(later.context.before);
    if (side === null || side === 'after' || twoSidedNoun(earlier.context.after) === null) continue;
    const plainEarlier = earlier.role === 'current' && earlier.why === 'text' && !labelsCurrent(earlier.context.before);
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
}
