// A deposit charged beside the price and refunded ("0,25 € Pfand", "statiegeld € 0,15", "bottle deposit $0.10"): never the price, whichever amount is larger.
import { amountOfCandidate, sameCurrency, textBetween } from './conditional-pairs';
import type { Candidate } from './price-candidates';
import { wordPattern } from './word-pattern';

/** "Pfand", "deposit", Dutch "statiegeld", French "consigne", Nordic "pant": a noun shops write right after the deposit's amount. */
const DEPOSIT_NOUN = '(?:pfand|deposit|statiegeld|consigne|pant)';
const NOUN_AFTER = wordPattern(new RegExp(`^\\s*${DEPOSIT_NOUN}(?!\\s*:)(?![\\p{L}])`, 'iu'));
/** The noun alone between two amounts: "1,99 € Pfand 0,25 €". */
const NOUN_ALONE = new RegExp(`^\\s*${DEPOSIT_NOUN}\\s*$`, 'iu');

/**
 * The deposit's noun right after an amount ("0,25 € Pfand", "$0.10 deposit"). Between two amounts with nothing else there
 * ("1,99 € Pfand 0,25 €") it may be either's (`settleDeposits` decides), so it says nothing yet.
 */
export const depositNounAfter = (after: string, last: boolean): boolean => NOUN_AFTER.test(after) && (last || !NOUN_ALONE.test(after));

/** A word that adds a charge to the price, right before its amount: "zzgl. 0,25 €", "+ 0,25 €", "plus $0.10". */
const CHARGE_OPENER = /(?:^|[^\p{L}])(?:zzgl\.?|zuzüglich|\+|plus|exkl\.?|excl\.?)\s*$/iu;

/**
 * "zzgl. 0,25 € Pfand 1,29 €": the deposit's noun after an amount a charge's word opened ends that phrase ("plus 0,25 € deposit"),
 * so it is that amount's and labels none after it (the two read as deposits, and the price was refused).
 */
export const nounClosesCharge = (previousLabel: string, between: string): boolean => NOUN_ALONE.test(between) && CHARGE_OPENER.test(previousLabel);

/**
 * "1,99 € Pfand 0,25 €": the deposit's noun alone between two amounts labels the one after it (shops write the deposit under
 * the price, "zzgl. Pfand 0,25 €") or the one before ("0,25 € Pfand"). A deposit on a bottle or crate costs less than its
 * content as a rule, so when the later amount is the smaller the two readings agree and the earlier is the price. Otherwise
 * ("0,25 € Pfand 1,99 €", "0,29 € Pfand 3,30 €": a crate's deposit may exceed a bottle's price) nothing tells them apart and
 * both are references.
 */
export function settleDeposits(text: string, all: readonly Candidate[]): Candidate[] {
  const out = [...all];
  for (let index = 1; index < out.length; index++) {
    const [left, right] = [out[index - 1], out[index]];
    if (left.excluded || right.excluded || !['plain', 'current'].includes(left.role)) continue;
    const between = textBetween(text, left, right);
    if (between === null || !NOUN_ALONE.test(between)) continue;
    // The noun is one of the two's either way: "29,90 kr pant 2 kr" read 2 where "pant" alone before it names no deposit ("Cargo Pant").
    out[index] = { ...right, role: 'reference' };
    if (!sameCurrency(left, right) || !amountOfCandidate(right).lt(amountOfCandidate(left))) out[index - 1] = { ...left, role: 'reference' };
  }
  return out;
}
