// An amount written twice, once for the eye (`aria-hidden`) and once for screen readers only (`sr-only`): the copies must agree.
import type { AnyNode, Element } from 'domhandler';
import type { ParsedPrice } from '../prices/parse-price';
import type { EyeCopy, FoundPrice } from './price-walk';
import { forScreenReaders } from './screen-reader-labels';
import { isInside, isTag } from './text-flow';

/**
 * Levels above a screen-reader copy at which its eye twin may stand: a sibling, or inside the wrappers of one price box
 * (`<div class="price"><span class="wrap"><span aria-hidden="true">$19.99</span></span><span class="sr-only">$19.99</span></div>`).
 */
export const BOX_LEVELS = 3;

/** The screen-reader-only element a price stands in, or null for one the eye sees. */
function heardIn(element: Element): Element | null {
  for (let at: AnyNode | null = element; at && isTag(at); at = at.parent) if (forScreenReaders(at)) return at;
  return null;
}

/** The nearest box around one copy that holds a copy of the other kind not inside it: where the two stand as twins. */
export function boxOf(copy: Element, others: readonly Element[]): Element | null {
  let at: AnyNode | null = copy.parent;
  for (let level = 0; level < BOX_LEVELS && at && isTag(at); level++, at = at.parent) {
    const box = at;
    if (others.some((other) => isInside(other, box) && other !== copy && !isInside(other, copy) && !isInside(copy, other))) return box;
  }
  return null;
}

const same = (a: ParsedPrice, b: ParsedPrice) => a.amount.eq(b.amount) && (a.currency === b.currency || a.currency === null || b.currency === null);

/**
 * WooCommerce writes its prices `aria-hidden` for the eye and again in a `screen-reader-text` with words ("Original price was:
 * $20.00."), which the reader reads; themes do the same in either order, as siblings or in wrappers. What a shopper pays is what the
 * eye sees, so when the amounts the box shows and the ones it says for screen readers differ (in number, value or order: the
 * struck and the current copy swapped) neither is the price: the found prices read from those screen-reader copies (by their
 * index in `found`) with why. Each copy's box is the nearest one holding a copy of the other kind, so a box's twins are not
 * matched with the next box's (the current price's pair beside a "was" said only to screen readers). A box whose eye copies show
 * no amount (an icon, a sign) says nothing.
 */
export function copyConflicts(eyeCopies: readonly EyeCopy[], found: readonly FoundPrice[], order: ReadonlyMap<AnyNode, number>, amountsOf: (text: string) => ParsedPrice[]): Map<number, string> {
  const conflicts = new Map<number, string>();
  if (eyeCopies.length === 0) return conflicts;
  const heard = found.map((price) => heardIn(price.element));
  const [eyes, roots] = [eyeCopies.map((copy) => copy.element), [...new Set(heard.filter((root) => root !== null))]];
  const heardBox = new Map(roots.map((root) => [root, boxOf(root, eyes)]));
  const eyeBox = new Map(eyeCopies.map((copy) => [copy, boxOf(copy.element, roots)]));
  const at = (node: AnyNode) => order.get(node) ?? -1;
  for (const box of new Set([...heardBox.values()].filter((box) => box !== null))) {
    const shown = eyeCopies.filter((copy) => eyeBox.get(copy) === box).sort((a, b) => at(a.element) - at(b.element)).flatMap((copy) => copy.texts);
    const said = found.flatMap((_price, index) => (heard[index] && heardBox.get(heard[index]) === box ? [index] : [])).sort((a, b) => at(found[a].node) - at(found[b].node));
    const [seen, spoken] = [shown.flatMap(amountsOf), said.flatMap((index) => amountsOf(found[index].text))];
    if (seen.length === 0 || (seen.length === spoken.length && seen.every((price, i) => same(price, spoken[i])))) continue;
    const detail = `the amounts shown (${shown.join(', ')}) and the copy for screen readers (${said.map((index) => found[index].text).join(', ')}) disagree`;
    for (const index of said) conflicts.set(index, detail);
  }
  return conflicts;
}
