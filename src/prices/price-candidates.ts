// The candidates of a price text: each number that may be a price, the currencies written beside it, and the role its words give it.
import { assignCurrencies } from './currency-ownership';
import { isHardExclusion, type Exclusion } from './number-exclusions';
import { afterRebate, amountOfCandidate, sameCurrency, settleCouponLabels, settleDiscounts, textBetween } from './conditional-pairs';
import { clubSide, roleOf, type PriceRole } from './price-context';
import { FROM_AFTER, FROM_BEFORE } from './from-price';
import type { CurrencyToken, NumberToken } from './price-tokens';
import { cardLabelAlone } from './member-price';
import { nounClosesCharge, settleDeposits } from './deposit-words';
import { settleTwoSidedNouns } from './two-sided-labels';

/** One number of a price text that may be the price, with what stands around it. */
export interface Candidate {
  token: NumberToken;
  /** The currencies written beside this number. */
  owned: CurrencyToken[];
  role: PriceRole;
  excluded?: Exclusion;
  /** For a `member` price: where its club label stands ("Member price $70": before; "$70 for members": after). */
  clubSide?: 'before' | 'after' | 'both';
  /** From-words stand right before it ("From $30", "ab 19,99 €") or after it as the text's end ("3,000円から", "$30+"). */
  from?: true;
  /** A maker's price noun alone before it may label the amount before instead ("25,00 € UVP 20,00 €", `settleTwoSidedNouns`). */
  eitherSide?: true;
}

/** How far after a number its trailing words are read ("/ kg", "per month", "off"). */
const AFTER_CHARS = 40;
/** How far before a number a label spanning other numbers is read ("Lowest price in 30 days:"). */
const REACH_CHARS = 80;

/** Every number of the text as a candidate: its currencies, its role, whether it is excluded (a date, a size) or a lower bound. */
export function candidatesOf(text: string, numbers: readonly NumberToken[], currencies: readonly CurrencyToken[]): Candidate[] {
  const owned = assignCurrencies(text, numbers, currencies);
  // Where the next number that may be a price begins, its own leading currency included, from each position (one backward
  // pass keeps this linear): "CHF 80.00 / EUR 74.00" read "/ EUR" as a unit after 80 ("per EUR") and kept 74.00 EUR as the price.
  const nextStart: Array<number | undefined> = [];
  for (let index = numbers.length - 1, next: number | undefined; index >= 0; index--) {
    nextStart[index] = next;
    if (!numbers[index].excluded) next = owned[index].find((currency) => currency.end <= numbers[index].start)?.start ?? numbers[index].start;
  }
  let priceEnd = 0; // end of the previous number that may be a price and no count
  let previousBefore = '';
  const candidates = numbers.map((token, index): Candidate => {
    const mine = owned[index];
    const priced = mine.length > 0;
    const excluded = token.excluded && (isHardExclusion(token.excluded) || !priced) ? token.excluded : undefined;
    const previous = numbers[index - 1];
    const prefix = mine.find((currency) => currency.end <= token.start);
    const suffix = mine.filter((currency) => currency.start >= token.end).at(-1);
    const before = text.slice(previous ? previous.end : 0, prefix ? prefix.start : token.start);
    const afterStart = suffix ? suffix.end : token.end;
    // The words after a number run on over sizes and quantities ("25,98 € / 1 kg") to the next price candidate.
    const next = nextStart[index];
    const after = text.slice(afterStart, Math.min(next !== undefined ? Math.max(next, afterStart) : text.length, afterStart + AFTER_CHARS));
    // "1x $1,299.00": one unit at that price is the price itself, not a multi-buy; "Was $19 for $14": an amount is no count.
    const afterMultiplier = previous?.excluded === 'multiplier' && previous.normalized !== '1' && owned[index - 1].length === 0;
    const labelEnd = prefix ? prefix.start : token.start;
    const reach = text.slice(Math.max(priceEnd, labelEnd - REACH_CHARS), labelEnd);
    const opening = priceEnd === 0 && labelEnd <= REACH_CHARS;
    // A bare small whole number ("30 derniers jours") may be the day count of the label that follows.
    if (!excluded && (priced || !/^\d{1,3}$/.test(token.raw))) priceEnd = afterStart;
    const previousSuffix = previous ? owned[index - 1].filter((currency) => currency.start >= previous.end).at(-1) : undefined;
    const closed = previous !== undefined && nounClosesCharge(previousBefore, text.slice(previousSuffix?.end ?? previous.end, labelEnd));
    previousBefore = before;
    // "zzgl. 0,25 € Pfand 1,29 €": the words since the previous amount were its own, none of them this one's label.
    const input = { before: closed ? '' : before, after, afterMultiplier, first: index === 0, last: next === undefined, reach: closed ? '' : reach, opening };
    const role = roleOf(input);
    // "$19.99 Ages 3+": the words after an amount make a bound only of one with its currency.
    const from = FROM_BEFORE.test(before.replace(/[()[\]*]/g, ' ')) || (input.last && priced && FROM_AFTER.test(after)) ? { from: true as const } : {};
    if (role !== 'member') return { token, owned: mine, role, excluded, ...from };
    return { token, owned: mine, role, excluded, clubSide: clubSide(input) ?? undefined, ...from };
  });
  const settled = settleDeposits(text, settleDiscounts(text, settleCouponLabels(text, settleClubLabels(bareClubWord(text, afterRebate(text, candidates))))));
  return settleTwoSidedNouns(text, settled);
}

/** A bare "Member", "Members:" between two amounts (a product's name never stands there); so are a card's words (`cardLabelAlone`). */
const BARE_CLUB_WORD = /^[\s:|,;]*members?[\s:]*$/iu;

/**
 * "$80.00 Member $70.00", "Regular $80.00 Member $70.00", "£1.50 Members £2.00": before the first amount a bare "Members"
 * may end a product's name ("Tee for Members $25.00"), but between two it is a club's label shared by both, settled as any
 * other (`settleClubLabels`). A reference before it ("Was $100.00 Member $70.00") keeps its role, and the amount after is the club's.
 */
function bareClubWord(text: string, all: readonly Candidate[]): Candidate[] {
  const out = [...all];
  for (let index = 1; index < out.length; index++) {
    const [left, right] = [out[index - 1], out[index]];
    if (left.excluded || right.excluded || left.owned.length === 0 || right.owned.length === 0) continue;
    const between = textBetween(text, left, right);
    if (between === null || !(BARE_CLUB_WORD.test(between) || cardLabelAlone(between))) continue;
    out[index] = { ...right, role: 'member', clubSide: right.clubSide === 'after' ? 'both' : 'before' };
    if (['plain', 'current', 'regular'].includes(left.role)) out[index - 1] = { ...left, role: 'member', clubSide: left.clubSide === 'before' ? 'both' : 'after' };
  }
  return out;
}

/**
 * "$80.00 Member price $70.00", "£1.50 Clubcard Price £2.00": a club's label between two amounts may be either one's
 * (Tesco writes it after the amount, most shops before). A club's price is a discount on everyone's, so the lower of
 * the two is the club's and the higher is everyone's price; in two currencies nothing tells them apart.
 */
function settleClubLabels(all: Candidate[]): Candidate[] {
  return all.map((candidate, index) => {
    const [previous, next] = [all[index - 1], all[index + 1]];
    const sharesWith = candidate.clubSide === 'after' && next?.clubSide === 'before' ? next : candidate.clubSide === 'before' && previous?.clubSide === 'after' ? previous : null;
    if (!sharesWith || candidate.excluded || sharesWith.excluded || !sameCurrency(candidate, sharesWith)) return candidate;
    const [mine, theirs] = [amountOfCandidate(candidate), amountOfCandidate(sharesWith)];
    // Equal amounts: the first of the two stands for both.
    const everyones = mine.gt(theirs) || (mine.eq(theirs) && candidate.clubSide === 'after');
    return everyones ? { ...candidate, role: 'plain', clubSide: undefined } : candidate;
  });
}
