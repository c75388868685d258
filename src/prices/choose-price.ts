// Which number of a price text is the price to pay now, or why none is: one candidate, a labelled one, or a refusal.
import { amountOfCandidate, sameCurrency, textBetween } from './conditional-pairs';
import { isRangeBetween, type PriceRole } from './price-context';
import { deliveryWordsAlone, namesPriceBefore, shippingWordsAfter } from './shipping-labels';
import { DISCOUNT } from './discount-sign';
import { FROM_AFTER } from './from-price';
import { tierGovernsText } from './quantity-tier';
import { savingAfter, setSavingsApart, takesOffDifference } from './minus-sign';
import { PRICE_REFUSAL, refuse, type PriceRefusal } from './price-refusal';
import { findCurrencies } from './price-tokens';
import { grossAtRate, grossOfNet, isTaxWord, namesGross, namesNet, taxLabelCount } from './tax-words';
import type { Candidate } from './price-candidates';
import { otherReading } from './two-sided-labels';

export type Choice = { ok: true; chosen: Candidate; all: Candidate[] } | PriceRefusal | { ok: 'none'; all: Candidate[] };

function describe(candidates: readonly Candidate[], text: string): string {
  return candidates.map((candidate) => JSON.stringify(text.slice(candidate.token.start, candidate.token.end))).join(' and ');
}

/** Two neighbouring candidates joined only by a dash or "to"/"bis"/"à": a range, not one price. */
export function rangePartner(text: string, all: readonly Candidate[], chosen: Candidate): Candidate | null {
  const index = all.indexOf(chosen);
  for (const other of [all[index - 1], all[index + 1]]) {
    if (!other || other.excluded) continue;
    const [left, right] = other.token.start < chosen.token.start ? [other, chosen] : [chosen, other];
    const from = left.owned.filter((c) => c.start >= left.token.end).at(-1)?.end ?? left.token.end;
    const to = right.owned.find((c) => c.end <= right.token.start)?.start ?? right.token.start;
    // A range runs from low to high: "15,99 € -3,00 €" is a price and what a sale takes off it, no range from 15,99 down to 3.
    if (from <= to && isRangeBetween(text.slice(from, to)) && !savingAfter(text, left, right)) return other;
  }
  return null;
}

/**
 * "$ 12 99", "12 99 €": a whole number and two digits after a space only. Shops set cents apart (raised,
 * or in an element of their own) and a text copy loses the separator: either number alone is wrong by the
 * other. A number run on from a word ("S24 99 €", a model) is not such a pair.
 */
function centsApart(text: string, all: readonly Candidate[], chosen: Candidate): [Candidate, Candidate] | null {
  const index = all.indexOf(chosen);
  for (const [left, right] of [[all[index - 1], chosen], [chosen, all[index + 1]]] as const) {
    if (!left || !right || !/^\d+$/.test(left.token.raw) || !/^\d{2}$/.test(right.token.raw)) continue;
    if (/^ +$/.test(text.slice(left.token.end, right.token.start)) && !/[\p{L}\d.,']$/u.test(text.slice(0, left.token.start))) return [left, right];
  }
  return null;
}

/** "Ab 1 299 €", "Od 1 299 Kč": words for a from-price, capitalised at the start of a text, that name no product. */
const FROM_WORDS = /^(?:ab|from|od|fra|från|dès|desde|vanaf|da|от|від)$/iu;

/**
 * "iPhone 15 129,99 €", "PlayStation 5 549,99 €", "Air Max 90 149,99 €": a name before a space-grouped amount
 * may end in a model number that is the amount's first group (read 15129.99), or the group may be the amount's
 * thousands. The name, a capitalised or mixed-case word or a code with digits, when no label makes the
 * number a price; lower-case words ("in stock", "helyett") and currency signs name no product.
 */
function modelNumberBefore(text: string, chosen: Candidate): string | null {
  if (chosen.role !== 'plain' || !/^\d{1,3} \d/.test(chosen.token.raw)) return null;
  const name = /(?:^|(\S*)\s)(\p{L}[\p{L}\d]*) $/u.exec(text.slice(0, chosen.token.start));
  const word = name?.[2];
  // A word right after another number is that number's unit ("256 GB 1 449 €"), no name.
  // Nor is a tax's abbreviation ("1 234,00 Kč bez DPH 1 493,14 Kč") or a gross or net word ("Bruttó 12 990 Ft Nettó 10 228 Ft").
  if (!word || /\d$/.test(name[1] ?? '') || !/\p{Lu}|\d/u.test(word) || FROM_WORDS.test(word) || findCurrencies(word).length > 0 || isTaxWord(word) || namesGross(word) || namesNet(word)) return null;
  return `${word} ${chosen.token.raw.slice(0, chosen.token.raw.indexOf(' '))}`;
}

/**
 * A currency sign right before or after the number (spaces between). The lexer gives a sign between two numbers to one of
 * them: it is this one's when no other owns it, or when its owner has a sign of its own on its other side ("$3 $2 mil"),
 * not when it is all the owner has ("12,99 € 5 L": the euro is 12,99's).
 */
function signBeside(text: string, all: readonly Candidate[], candidate: Candidate): boolean {
  if (candidate.owned.length > 0) return true;
  const from = Math.max(0, candidate.token.start - 8);
  const before = findCurrencies(text.slice(from, candidate.token.start)).at(-1);
  const after = findCurrencies(text.slice(candidate.token.end, candidate.token.end + 8))[0];
  const at = [
    before && /^ *$/.test(text.slice(from + before.end, candidate.token.start)) ? from + before.start : null,
    after && /^ *$/.test(text.slice(candidate.token.end, candidate.token.end + after.start)) ? candidate.token.end + after.start : null,
  ].filter((start): start is number => start !== null);
  return at.some((start) => {
    const owner = all.find((other) => other.owned.some((sign) => sign.start === start));
    return !owner || owner.owned.length > 1;
  });
}


/**
 * The price to pay now: among numbers that are prices (no date, size, quantity …) and that no label
 * calls a reference, unit or instalment price, the ones with a currency beside them if any; one left
 * wins, else the one a label calls current, else equal amounts, else the lower when the text shows a
 * discount. Anything else is refused: a wrong amount is worse than none.
 */
export function choosePrice(text: string, all: Candidate[]): Choice {
  const choice = chooseAmong(text, all);
  const other = otherReading(all);
  if (other === null || choice.ok !== true) return choice;
  // "25,00 € UVP 20,00 €": the noun may be either amount's; a price both readings agree on stands, any other is a guess.
  const alternative = chooseAmong(text, other);
  if (alternative.ok === true && amountOfCandidate(alternative.chosen).eq(amountOfCandidate(choice.chosen)) && sameCurrency(alternative.chosen, choice.chosen)) return choice;
  const after = all.find((candidate) => candidate.eitherSide)!;
  const pair = describe([all[all.indexOf(after) - 1], after], text);
  const otherPrice = alternative.ok === true ? describe([alternative.chosen], text) : 'none';
  return refuse(PRICE_REFUSAL.ambiguous, `a list price's noun between ${pair} may label either: the price is ${describe([choice.chosen], text)} if it labels the later, ${otherPrice} if the earlier`);
}

function chooseAmong(text: string, all: Candidate[]): Choice {
  const prices = all.filter((candidate) => !candidate.excluded);
  const tier = governingTier(text, prices);
  if (tier) return refuse(PRICE_REFUSAL.ambiguous, `a quantity tier's words ${tier} govern every amount: each is what a piece costs from that count on`);
  const lowerBound = fromOffer(text, all, prices);
  if (lowerBound) return refuse(PRICE_REFUSAL.range, `a lower bound, the cheapest variant's price: ${describe([lowerBound], text)}`);
  // "Sale -3,00 € 12,99 €": a negative amount beside one to pay is what the sale takes off (see `setSavingsApart`).
  const [competing, takenOff] = setSavingsApart(text, prices.filter((candidate) => candidate.role === 'current' || candidate.role === 'plain'));
  const fallback = (role: PriceRole) => prices.filter((candidate) => candidate.role === role);
  // A tier with a currency beside one of its numbers beats an earlier tier of bare numbers ("2,49 €/kg 24").
  // "ab 2 Stück 12,99 € (51,96 €/kg)", "4 payments of $12.50 ($2.50/oz)": beside an amount with its currency that is a tier's,
  // a multi-buy's or an instalment, a unit or regular price is that amount's breakdown or its one-piece price, not to be taken.
  const multipleOnly = prices.some((candidate) => candidate.role === 'multiple' && candidate.owned.length > 0) && !competing.some((candidate) => candidate.owned.length > 0);
  const tiers = multipleOnly ? [competing] : [competing, fallback('unit'), fallback('regular')];
  const pool = tiers.find((tier) => tier.some((candidate) => candidate.owned.length > 0)) ?? tiers.find((tier) => tier.length > 0) ?? [];
  if (pool.length === 0) {
    if (prices.some((candidate) => candidate.role === 'multiple')) {
      return refuse(PRICE_REFUSAL.ambiguous, `a price of several units or an instalment: ${describe(prices, text)}`);
    }
    const rates = prices.filter((candidate) => candidate.role === 'rate');
    if (rates.length > 0) return refuse(PRICE_REFUSAL.rateOnly, `only a price per year, night, day or week: ${describe(rates, text)}`);
    const members = prices.filter((candidate) => candidate.role === 'member');
    // "$80.00 Member price €70.00": the label between is either one's, and in two currencies neither is known to be lower.
    const unsettled = members.find((member) => member.clubSide === 'after' && all[all.indexOf(member) + 1]?.clubSide === 'before');
    if (unsettled) return refuse(PRICE_REFUSAL.ambiguous, `a club's label between two amounts in different currencies: ${describe([unsettled, all[all.indexOf(unsettled) + 1]], text)}`);
    if (members.length > 0) return refuse(PRICE_REFUSAL.memberOnly, `only a loyalty club's price: ${describe(members, text)}`);
    if (prices.length > 0) return refuse(PRICE_REFUSAL.referenceOnly, `only a reference price (was, RRP, save, threshold, shipping): ${describe(prices, text)}`);
    const unreadable = all.find((candidate) => candidate.excluded === 'separators' || candidate.excluded === 'magnitude');
    if (unreadable) {
      const why = unreadable.excluded === 'magnitude' ? 'a magnitude word with no single scale, or no currency beside an abbreviated one' : 'separators with no single reading';
      return refuse(PRICE_REFUSAL.ambiguous, `${why}: ${describe([unreadable], text)}`);
    }
    return { ok: 'none', all };
  }
  const priced = pool.filter((candidate) => candidate.owned.length > 0);
  // "Rp 2M Rp 1,5M", "$2 mil $3": an amount with its currency whose scale or separators have no single reading is a price all
  // the same, so the one beside it is not the only current price; choosing that one read 1.5 miliar.
  const open = all.find((candidate) => (candidate.excluded === 'magnitude' || candidate.excluded === 'separators') && signBeside(text, all, candidate) && ['current', 'plain'].includes(candidate.role));
  if (open && pool === competing && priced.length > 0) return refuse(PRICE_REFUSAL.ambiguous, `another amount with its currency has no single reading: ${describe([open], text)}`);
  // "$49.99 or 0.0012 BTC": an amount in a currency outside ISO 4217 is an alternative to pay in, no rival;
  // one in a qualified sign we cannot read ("S£ 1,299 (US$ 65)") is a currency all the same.
  const inIso = priced.filter((candidate) => candidate.owned.some((currency) => currency.candidates.length > 0 || currency.unknown));
  const finalists = inIso.length > 0 ? inIso : priced.length > 0 ? priced : pool;
  const chosen = pick(text, finalists, takenOff);
  if (!('token' in chosen)) {
    const range = finalists.map((candidate) => [candidate, rangePartner(text, all, candidate)] as const).find(([, partner]) => partner);
    return range ? refuse(PRICE_REFUSAL.ambiguous, `a range: ${describe([range[0], range[1]!], text)}`) : chosen;
  }
  const partner = rangePartner(text, all, chosen);
  if (partner) return refuse(PRICE_REFUSAL.ambiguous, `a range: ${describe([chosen, partner].sort((a, b) => a.token.start - b.token.start), text)}`);
  // "Only 3 RRP £20", "Az elmúlt 30 nap legalacsonyabb ára: 12 990 Ft": when every amount with a currency
  // is another price (was, lowest, instalment), a bare small whole number left over is as likely a count.
  if (chosen.owned.length === 0 && /^\d{1,3}$/.test(chosen.token.raw) && prices.some((candidate) => candidate.owned.length > 0)) {
    return refuse(PRICE_REFUSAL.ambiguous, `a bare whole number ${describe([chosen], text)} where every amount with a currency is another price`);
  }
  // "ab 2 Stück 119,00 € inkl. MwSt. 100,00 € zzgl. MwSt.": the gross beside it went elsewhere (a tier's), so the net one is its
  // twin without tax, no price a shopper pays. The words after the amount first: most prices have none, and then the
  // gross words' pattern is never compiled (~30-60 ms, src/prices/word-pattern.ts).
  if (netToTheEnd(text, chosen) && namesGross(text)) {
    return refuse(PRICE_REFUSAL.ambiguous, `${describe([chosen], text)} is labelled without tax beside a price with tax that is not the price to pay`);
  }
  const apart = centsApart(text, all, chosen);
  if (apart) return refuse(PRICE_REFUSAL.ambiguous, `units and two digits apart, with no separator: ${describe(apart, text)} may be one price with its cents set apart`);
  const model = modelNumberBefore(text, chosen);
  if (model) return refuse(PRICE_REFUSAL.ambiguous, `${JSON.stringify(model)} may end in the first group of ${describe([chosen], text)}: a model number or the amount's thousands`);
  if (chosen.token.spacedDecimal && chosen.owned.length === 0) {
    return refuse(PRICE_REFUSAL.ambiguous, `a space after the decimal separator and no currency: ${describe([chosen], text)}`);
  }
  return { ok: true, chosen, all };
}

/**
 * "From $30", "ab 19,99 €", "Starting at $24.99", "3,000円から", "$30+": a lower bound says what the cheapest variant costs, not
 * this product. Words opening the text govern all of it ("From $999 or $41.62/mo.", "from $41.58/mo. or $999"); a threshold's
 * "ab" ("Gratis Versand ab 29 €") or a tier's ("ab 10 Stück 9,99 €") makes no price a lower bound.
 */
function fromOffer(text: string, all: readonly Candidate[], prices: readonly Candidate[]): Candidate | null {
  // "$19.99 from 3 sellers", "Gültig ab 01.05. 19,99 €": beside amounts with a currency, a bare number is no bound.
  const eligible = prices.some((candidate) => candidate.owned.length > 0) ? prices.filter((candidate) => candidate.owned.length > 0) : prices;
  const lead = eligible[0];
  // "from $41.58/mo. or $999": a from-instalment governs the amount it is the alternative of, not one beside it ("As low as
  // $12/mo with Affirm $299"); "ab 9,99 € monatlich", "Rata da 41,58 €" alone are instalments, "From $15 to $20" a range.
  const next = lead?.role === 'multiple' ? eligible.find((candidate) => candidate.role !== 'multiple') : lead;
  const alternative = next !== undefined && (next === lead || OR_WORD.test(textBetween(text, lead, next) ?? ''));
  const bound = lead?.from && lead.role !== 'reference' && alternative ? next : eligible.find((candidate) => candidate.from && ['plain', 'current', 'unit', 'regular'].includes(candidate.role));
  return bound && !rangePartner(text, all, bound) ? bound : null;
}
const OR_WORD = /(?:^|[^\p{L}])(?:or|oder|ou|o|of|eller|lub|или|或)(?![\p{L}])/iu;

/** Where a tier's words stand when they open or close the text around its amounts with a currency (or its bare ones): "before"/"after", or null. */
function governingTier(text: string, prices: readonly Candidate[]): string | null {
  const priced = prices.some((candidate) => candidate.owned.length > 0) ? prices.filter((candidate) => candidate.owned.length > 0) : prices;
  if (priced.length === 0) return null;
  const [first, last] = [priced[0], priced[priced.length - 1]];
  const firstStart = Math.min(first.token.start, ...first.owned.map((sign) => sign.start));
  if (tierGovernsText(text.slice(Math.max(0, firstStart - 80), firstStart), '')) return 'before';
  return tierGovernsText('', afterOf(text, last)) ? 'after' : null;
}

/** The text after a candidate's number and the sign written after it. */
const afterOf = (text: string, candidate: Candidate): string =>
  text.slice(Math.max(candidate.token.end, ...candidate.owned.filter((sign) => sign.start >= candidate.token.end).map((sign) => sign.end)));

/**
 * The words after the last amount label it as net ("100,00 € zzgl. MwSt." ending the text); between two amounts they may be
 * the next one's label ("税込 13,580円 税抜 12,345円").
 */
function netToTheEnd(text: string, candidate: Candidate): boolean {
  const after = afterOf(text, candidate);
  return !/\d/.test(after) && namesNet(after);
}

/** Digits after the decimal point as written ("10.83": 2); the rounding a shop applied to it. */
const amountDigits = (candidate: Candidate): number => (candidate.token.normalized ?? '').split('.')[1]?.length ?? 0;

/** `takenOff`: negative amounts beside the finalists ("-3,00 €"), what a sale takes off a price. */
function pick(text: string, finalists: readonly Candidate[], takenOff: readonly Candidate[]): Candidate | PriceRefusal {
  if (finalists.length === 1) return finalists[0];
  // "12,99 € Versandkosten 4,95 €", "Nur 4,95 € Versandkosten 12,99 €": the delivery word may label either amount, and "Nur" ("only")
  // names a charge as readily as a price (4.95 was stored). Only a price noun before the first ("Preis 12,99 € Versandkosten 4,95 €")
  // makes the word the second's.
  const between = finalists.length === 2 ? textBetween(text, finalists[0], finalists[1]) : null;
  if (between !== null && deliveryWordsAlone(between)) {
    const start = Math.min(finalists[0].token.start, ...finalists[0].owned.map((sign) => sign.start));
    if (namesPriceBefore(text.slice(Math.max(0, start - 40), start))) return finalists[0];
    return refuse(PRICE_REFUSAL.ambiguous, `a delivery word between ${describe(finalists, text)} may label either: one is the charge beside the price`);
  }
  const current = finalists.filter((candidate) => candidate.role === 'current');
  if (current.length === 1) return current[0];
  const amounts = finalists.map(amountOfCandidate);
  // "15,99 € -3,00 € 12,99 €": the old price, what the sale takes off, the new one; exactly, so the lower is the price.
  if (finalists.length === 2 && sameCurrency(finalists[0], finalists[1]) && takesOffDifference(takenOff, finalists[0], finalists[1])) {
    return amounts[0].lt(amounts[1]) ? finalists[0] : finalists[1];
  }
  if (amounts.every((amount) => amount.eq(amounts[0])) && finalists.every((c) => sameCurrency(c, finalists[0]))) return finalists[0];
  // "£100.00 excl. VAT £120.00 incl. VAT", "100,00 € HT 120,00 € TTC": one price without and with tax. Tax only adds, so
  // the higher is the gross, what a shopper pays (as the structured reading prefers valueAddedTaxIncluded), when it is
  // no more above the net than a VAT rate puts it.
  if (finalists.length === 2 && sameCurrency(finalists[0], finalists[1]) && namesNet(text) && namesGross(text)) {
    const [net, gross] = amounts[0].lt(amounts[1]) ? [0, 1] : [1, 0];
    if (grossOfNet(amounts[net], amounts[gross])) return finalists[gross];
  }
  // "£12.99 (£10.83 ex VAT)", "£12.99 inc VAT £10.83": one side labelled; the higher is the gross only at an exact VAT rate.
  if (finalists.length === 2 && sameCurrency(finalists[0], finalists[1]) && taxLabelCount(text) === 1) {
    const [net, gross] = amounts[0].lt(amounts[1]) ? [0, 1] : [1, 0];
    const codes = finalists[0].owned[0]?.candidates ?? [];
    const digits = Math.max(amountDigits(finalists[0]), amountDigits(finalists[1]));
    if (codes.length > 0 && grossAtRate(amounts[net], amounts[gross], codes, digits)) return finalists[gross];
  }
  if (finalists.length === 2 && sameCurrency(finalists[0], finalists[1]) && DISCOUNT.test(text)) {
    // "£3.99 delivery £25.00 20% off", "29,95 € Versand 4,95 € -10%": shipping words after one of the two may make it (or the
    // next) the delivery charge, no price struck through; the lower of the two was stored, a delivery fee as the price.
    const shipping = finalists.find((candidate) => shippingWordsAfter(afterOf(text, candidate)));
    if (shipping) return refuse(PRICE_REFUSAL.ambiguous, `shipping words after ${describe([shipping], text)}: a delivery charge beside the price, or a reduced price`);
    return amounts[0].lte(amounts[1]) ? finalists[0] : finalists[1];
  }
  return refuse(PRICE_REFUSAL.ambiguous, `more than one current price: ${describe(finalists, text)}`);
}
