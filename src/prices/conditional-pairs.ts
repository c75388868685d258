// Two neighbouring amounts and the words between them that make one a conditional price (a rebate paid back later, a coupon or code) or a discount.
import { Decimal } from '../core/money';
import type { Candidate } from './price-candidates';
import { COUPON_AFTER, COUPON_BEFORE } from './coupon-price';
import { countedDiscountBefore, discountAfter, discountBefore, numberedDiscountAfter } from './discount-words';

export const amountOfCandidate = (candidate: Candidate): Decimal => new Decimal(candidate.token.normalized ?? '0');
export const sameCurrency = (a: Candidate, b: Candidate): boolean => (a.owned[0]?.symbol ?? null) === (b.owned[0]?.symbol ?? null);

/** The amount of a rebate paid back later or a coupon to clip, by its words after it: "$20 mail-in rebate", "10 € Cashback", "$200 trade-in credit", "$10 coupon". */
const REBATE_AFTER = /^\s*(?:mail[- ]in |instant )?(?:rebates?|cash ?back|remboursements?|rembours[ée]e?s|trade-in(?: credit| value)?|(?:digital |clip(?:ped)? )?coupons?)(?![\p{L}])/iu;
const AFTER_WORD = /^\s*(?:after|nach|après|tras|dopo)\s*$/iu;
/** Text between two neighbouring candidates, their own currencies taken off. */
export function textBetween(text: string, left: Candidate, right: Candidate): string | null {
  const from = left.owned.filter((currency) => currency.start >= left.token.end).at(-1)?.end ?? left.token.end;
  const to = right.owned.find((currency) => currency.end <= right.token.start)?.start ?? right.token.start;
  return from <= to ? text.slice(from, to) : null;
}

/**
 * "$29.99 after $20 mail-in rebate", "19,99 € nach 10 € Cashback": the first amount is what the product costs once the
 * rebate is paid back (the checkout price is the sum), so it is a reference, and the rebate no price either. An instant
 * rebate is taken off at the till: the amount before it is the price, the rebate's own amount only a saving.
 */
export function afterRebate(text: string, all: readonly Candidate[]): Candidate[] {
  const out = [...all];
  for (let index = 1; index < out.length; index++) {
    const [left, right] = [out[index - 1], out[index]];
    if (left.excluded || right.excluded || textBetween(text, left, right) === null || !AFTER_WORD.test(textBetween(text, left, right) ?? '')) continue;
    const rebate = REBATE_AFTER.exec(text.slice(right.owned.filter((currency) => currency.start >= right.token.end).at(-1)?.end ?? right.token.end));
    if (!rebate) continue;
    out[index] = { ...right, role: 'reference' };
    if (!/instant/i.test(rebate[0])) out[index - 1] = { ...left, role: 'reference' };
  }
  return out;
}

/**
 * "$34.99 with code SAVE10 $29.99", "29,99 € mit Gutschein 24,99 €": words of a code or coupon between two amounts may
 * belong to either (written after the price they make or before it). A code takes money off, so the lower of the two is
 * the code's and a reference; in two currencies, or at one amount, nothing tells which, and both are.
 */
export function settleCouponLabels(text: string, all: readonly Candidate[]): Candidate[] {
  const out = [...all];
  // Numbers that are no price ("SAVE10": a code's digits) stand between, not beside.
  const prices = out.flatMap((candidate, index) => (candidate.excluded ? [] : [index]));
  for (let at = 1; at < prices.length; at++) {
    const [leftAt, rightAt] = [prices[at - 1], prices[at]];
    const [left, right] = [out[leftAt], out[rightAt]];
    const between = textBetween(text, left, right);
    if (between === null || !(COUPON_AFTER.test(between) || COUPON_BEFORE.test(between))) continue;
    const [leftCompetes, rightCompetes] = [['plain', 'current'].includes(left.role), ['plain', 'current'].includes(right.role)];
    // "ab 2 Stück $39.99 Promo code SAVE10 $29.99": beside a tier's or an instalment's amount, the words are as likely the
    // other amount's, and whoever lacks the code does not pay it.
    if (leftCompetes !== rightCompetes && (left.role === 'multiple' || right.role === 'multiple')) {
      if (leftCompetes) out[leftAt] = { ...left, role: 'reference' };
      else out[rightAt] = { ...right, role: 'reference' };
      continue;
    }
    if (!leftCompetes || !rightCompetes) continue;
    const [first, second] = [amountOfCandidate(left), amountOfCandidate(right)];
    const known = sameCurrency(left, right) && !first.eq(second);
    if (!known || first.lt(second)) out[leftAt] = { ...left, role: 'reference' };
    if (!known || second.lt(first)) out[rightAt] = { ...right, role: 'reference' };
  }
  return out;
}

/**
 * "Rabatt 5 € 39,99 €", "39,99 € Korting € 5": an amount a discount word names is what the discount takes off, never the
 * price. Before the first amount or after the last the word is that amount's. Between two it may be either's (written before
 * its amount or after it), and the amounts do not tell: a discount is less than the price it came off, not than the price
 * now ("19,99 € Rabatt 30 €" is 60 % off), so both are refused, unless the other one's own words already make it a reference
 * ("UVP 49,99 € Rabatt 5 € 44,99 €"). A regular price beside a discount is no longer what is paid ("Regular $60 Discount
 * $15"), nor a unit price the price ("Rabatt 1,99 € (5,96 €/kg)"), so they are references too.
 */
export function settleDiscounts(text: string, all: readonly Candidate[]): Candidate[] {
  const prices = all.flatMap((candidate, index) => (candidate.excluded ? [] : [index]));
  const discounts = new Set<number>();
  if (prices.length > 0) {
    const [first, last] = [all[prices[0]], all[prices.at(-1)!]];
    const lead = text.slice(0, startOf(first));
    if (discountBefore(lead)) discounts.add(prices[0]);
    const tail = text.slice(endOf(last));
    if (discountAfter(tail)) discounts.add(prices.at(-1)!);
    // "Save 20% Korting €5 €45", "39,99 € 5 € Rabatt 20%": whether the word names a percentage or an amount nothing tells; no amount is sure.
    if (prices.length > 1 && (countedDiscountBefore(lead) || numberedDiscountAfter(tail))) prices.forEach((index) => discounts.add(index));
  }
  for (let at = 1; at < prices.length; at++) {
    const [left, right] = [all[prices[at - 1]], all[prices[at]]];
    const between = textBetween(text, left, right);
    if (between === null || !(discountBefore(between) || discountAfter(between))) continue;
    // "Versand 4,95 € Rabatt 5 €": an amount its own words already make a reference leaves the word to the other.
    if ((left.role === 'reference') !== (right.role === 'reference')) {
      discounts.add(prices[left.role === 'reference' ? at : at - 1]);
      continue;
    }
    discounts.add(prices[at - 1]).add(prices[at]);
  }
  if (discounts.size === 0) return [...all];
  // Beside a discount only an amount nothing labels can be the price: a regular or a unit price stands for it only when alone.
  return all.map((candidate, index) => (discounts.has(index) || NOT_PAID_BESIDE_DISCOUNT.includes(candidate.role) ? { ...candidate, role: 'reference' } : candidate));
}

const NOT_PAID_BESIDE_DISCOUNT: readonly string[] = ['regular', 'unit'];

/** Where a candidate begins and ends, its own currencies included. */
const startOf = (candidate: Candidate): number => candidate.owned.find((currency) => currency.end <= candidate.token.start)?.start ?? candidate.token.start;
const endOf = (candidate: Candidate): number => candidate.owned.filter((currency) => currency.start >= candidate.token.end).at(-1)?.end ?? candidate.token.end;
