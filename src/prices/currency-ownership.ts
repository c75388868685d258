// Which number each currency token in a price text belongs to, in one pass (linear, whatever the text's length).
import { isStrongExclusion } from './number-exclusions';
import { isAdjacent, type CurrencyToken, type NumberToken } from './price-tokens';

/**
 * The currencies each number owns. A symbol between two numbers ("Model 2024 $1,199",
 * "12,99 € 15,99 €") belongs to the closer one; on a tie to the right one when the left number
 * already has a currency before it ("€ 1.299 € 999"), to the left one when the right number has one
 * after it ("12,99 € 15,99 €"), and otherwise to both ("4.95 CHF 1'299.50"): then two numbers carry
 * a currency and the chooser refuses rather than guess which. A "12€99" number owns its euro sign.
 */
export function assignCurrencies(text: string, numbers: readonly NumberToken[], currencies: readonly CurrencyToken[]): CurrencyToken[][] {
  const owned: CurrencyToken[][] = numbers.map((number) => (number.embedded ? [number.embedded] : []));
  const prefixOf = new Map<number, CurrencyToken>();
  const suffixOf = new Map<number, CurrencyToken>();
  let right = 0;
  const sides: Array<{ token: CurrencyToken; left: number; right: number }> = [];
  for (const token of currencies) {
    while (right < numbers.length && numbers[right].start < token.end) right++;
    const left = right - 1;
    const leftOk = left >= 0 && numbers[left].end <= token.start && isAdjacent(text, token, numbers[left]);
    const rightOk = right < numbers.length && isAdjacent(text, token, numbers[right]);
    sides.push({ token, left: leftOk ? left : -1, right: rightOk ? right : -1 });
    if (rightOk) prefixOf.set(right, token);
    if (leftOk && !suffixOf.has(left)) suffixOf.set(left, token);
  }
  for (const { token, left, right: next } of sides) {
    let owner = left >= 0 ? left : next;
    // "SKU 88123 € 12,50", "980 CFA 500 ml": a number that is no price never takes a price's currency;
    // one the words before it rule out (a SKU, a year) loses even to one whose unit word may be noise.
    const strong = (index: number) => isStrongExclusion(numbers[index].excluded);
    const weak = (index: number) => Boolean(numbers[index].excluded);
    // "Modell 19,99 € 500 ml", "Size 42 € 256 GB": when the words rule out one side and a unit the other, neither is a price the
    // sign could make; given to the measure, it lifted its exclusion and 500 EUR was stored.
    if (left >= 0 && next >= 0 && weak(left) && weak(next) && strong(left) !== strong(next)) continue;
    if (left >= 0 && next >= 0 && strong(left) !== strong(next)) owner = strong(left) ? next : left;
    else if (left >= 0 && next >= 0 && weak(left) !== weak(next)) owner = weak(left) ? next : left;
    else if (left >= 0 && next >= 0) {
      const toLeft = token.start - numbers[left].end;
      const toRight = numbers[next].start - token.end;
      if (toLeft !== toRight) owner = toLeft < toRight ? left : next;
      // Only a prefix the left number kept: in "ab 29 € 119,99 zł 149,99 zł" the euro sign went to 29.
      else if (prefixOf.has(left) && owned[left].includes(prefixOf.get(left)!)) owner = next;
      else if (suffixOf.get(next) !== undefined && suffixOf.get(next) !== token) owner = left;
      else if (!numbers[left].embedded && !numbers[next].embedded) {
        owned[left].push(token);
        owner = next;
      }
    }
    if (owner >= 0 && !numbers[owner].embedded) owned[owner].push(token);
  }
  return owned;
}
