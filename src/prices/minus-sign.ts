// A minus before an amount ("-12.50", "-$3.00", "–12,50 €"), told apart from a range's dash and from Swiss zero francs ("Fr. –.50").
import type { Candidate } from './price-candidates';
import { amountOfCandidate, sameCurrency } from './conditional-pairs';
import { isAdjacent, type Span } from './price-tokens';

type Signed = Pick<Candidate, 'token' | 'owned'>;

/**
 * A bare decimal point and two digits (".50"), the shape of "Fr. –.50" and "CHF -.95": Swiss price tags write a dash for
 * zero francs before the rappen (as "12.–" writes one for no rappen), so a dash before it in francs is 0.50, not a minus
 * (it read -0.5, and the price was lost); in another currency it is a minus, with none it is either.
 */
export const zeroFrancsShape = (chosen: Signed): boolean => /^[.,]\d{2}$/.test(chosen.token.raw);

/** "-12.50", "-$12.50", "–12,50 €": a minus (or the en dash typesetting puts for one) right before the number or its leading symbol, not a range "10-20". */
export function hasMinusBefore(text: string, chosen: Signed): boolean {
  const prefix = chosen.owned.find((token) => token.end <= chosen.token.start && isAdjacent(text, token, chosen.token));
  const at = prefix ? prefix.start : chosen.token.start;
  return (text[at - 1] === '-' || text[at - 1] === '–') && !/[\d\p{L}]/u.test(text[at - 2] ?? '');
}

/**
 * "- 12,99 €", "– $5.00", "€ - 5,00": a dash set apart by a space with nothing but the amount's sign before it. Cart and order lines print a discount so (a minus,
 * -12.99), and a text cut from "Kettle - 12,99 €" or "EAN 4006381333931 - 12,99 €" keeps the dash that parted the name (12.99);
 * nothing in the text tells which, and it read +12.99. After words or an amount the dash reads as before.
 */
export function openingDashApart(text: string, amount: Span, signs: readonly Span[]): boolean {
  // The amount's currency either side of the dash ("€ - 5,00", "- €5,00") stands in no name: it is blanked out.
  let before = text.slice(0, amount.start);
  for (const sign of signs) if (sign.end <= amount.start) before = before.slice(0, sign.start) + ' '.repeat(sign.end - sign.start) + before.slice(sign.end);
  const dash = /^\s*[-–]\s+$/.exec(before) ? before.search(/[-–]/) : -1;
  // Apart in the text itself: "-$5.00" is a glued minus (hasMinusBefore), not a dash the blanked sign left alone.
  return dash >= 0 && /\s/.test(text[dash + 1]);
}

/**
 * "5,00-", "12.50- €", "12,99 €-": a minus after an amount with its decimals, as accounting and German statements write a negative
 * one (a credit, a refund line), glued to the number or to the amount's own sign after it. It read 5: the sign was lost. Not the
 * dash of "12,-" or Japan's "¥12,800-" (whole units), nor a range's ("5,00-10,00 €", "5,00 €-10,00 €").
 */
export function hasMinusAfter(text: string, chosen: Signed): boolean {
  if (!/\.\d+$/.test(chosen.token.normalized ?? '')) return false;
  const suffix = chosen.owned.find((token) => token.start >= chosen.token.end && isAdjacent(text, chosen.token, token));
  const end = /^[-–]/.test(text.slice(chosen.token.end)) || !suffix ? chosen.token.end : suffix.end;
  if (!/^[-–]/.test(text.slice(end))) return false;
  // "25,00 €-Gutschein": a hyphen joining the amount to a word makes a compound (a voucher worth it), no minus.
  if (end !== chosen.token.end && /^[-–]\p{L}/u.test(text.slice(end))) return false;
  return !/^\s*\p{Sc}?\s*[\d.,]/u.test(text.slice(end + 1));
}

/**
 * "(5.00)", "($5.00)", "(5,00 €)": an amount alone in brackets is a negative as accounts and order summaries print it (a credit,
 * a discount line), or a note set beside a price (a conversion, a unit price); never the price to pay. It read +5. Brackets
 * holding words too ("(incl. VAT)", "(£4.16 / 100 g)", "(UVP 15,99 €)") are notes whose roles the words give, and so is a unit
 * after the bracket ("($1.60) / kg", a unit a style sheet draws after the element).
 */
export function inAccountingBrackets(text: string, chosen: Signed): boolean {
  const prefix = chosen.owned.find((token) => token.end <= chosen.token.start && isAdjacent(text, token, chosen.token));
  const suffix = chosen.owned.filter((token) => token.start >= chosen.token.end && isAdjacent(text, chosen.token, token)).at(-1);
  return /\(\s*$/.test(text.slice(0, prefix ? prefix.start : chosen.token.start)) && /^\s*\)(?!\s*(?:\/|(?:per|pro|je|le|al)\s))/iu.test(text.slice(suffix ? suffix.end : chosen.token.end));
}

/** A minus that makes the amount negative: not the dash of Swiss zero francs, which may stand in the same place. */
export const isNegative = (text: string, candidate: Signed): boolean => hasMinusBefore(text, candidate) && !zeroFrancsShape(candidate);

/** The right amount is below the left one and carries a minus of its own ("$12.99 -$3.00"): a saving after a price, not a range's end. */
export const savingAfter = (text: string, left: Candidate, right: Candidate): boolean => isNegative(text, right) && amountOfCandidate(right).lt(amountOfCandidate(left));

/** One of the negative amounts `takenOff` is exactly the difference of two prices in their currency ("15,99 € -3,00 € 12,99 €"). */
export function takesOffDifference(takenOff: readonly Candidate[], a: Candidate, b: Candidate): boolean {
  const difference = amountOfCandidate(a).minus(amountOfCandidate(b)).abs();
  return takenOff.some((off) => sameCurrency(off, a) && amountOfCandidate(off).eq(difference));
}

/**
 * The amounts to pay among `contending`, and the negative ones beside them: "Sale -3,00 € 12,99 €", "$15.99 -$3.00 $12.99" show
 * what a sale takes off, no price (the labelled -3 was chosen, and the product's price lost). Negative amounts alone stay
 * contending (a credit line, refused downstream as no positive price).
 */
export function setSavingsApart(text: string, contending: readonly Candidate[]): [payable: Candidate[], takenOff: Candidate[]] {
  const payable = contending.filter((candidate) => !isNegative(text, candidate));
  const negative = contending.filter((candidate) => !payable.includes(candidate));
  // Only beside an amount with a sign of its own in the same currency: "–12,50 € Delivery 4.95" has no price to pay in euros (4.95
  // was the fee), and in "-12,50 € 4.95" the one euro sign may be either's.
  const signed = (pay: Candidate, off: Candidate) => pay.owned.length > 0 && sameCurrency(pay, off) && !pay.owned.some((sign) => off.owned.includes(sign));
  const apart = negative.length > 0 && negative.every((off) => off.owned.length > 0 && payable.some((pay) => signed(pay, off)));
  return apart ? [payable, negative] : [[...contending], []];
}
