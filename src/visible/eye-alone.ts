// An `aria-hidden` price with no screen-reader copy beside it: the only copy there is, so the eye's text is the page's.
import type { AnyNode, Element } from 'domhandler';
import { boxOf } from './screen-reader-copies';
import { forScreenReaders } from './screen-reader-labels';
import { collapsedUpTo, isTag, textContent } from './text-flow';

/**
 * Themes hide the drawn price from screen readers (`<span aria-hidden="true">$19.99</span>`), mostly beside a screen-reader
 * copy (WooCommerce, Amazon's `a-offscreen`), which is read in its place. Without one in its box the drawn copy is all the page
 * says, and it was read as nothing (`price/not-found`). Only a short element, a price of its own, counts: a closed drawer, menu or
 * dialog hidden with `aria-hidden` holds more than a price's words and stays unread.
 */
export class EyeAlone {
  private heard: Element[] | null = null;

  constructor(
    private readonly roots: readonly AnyNode[],
    private readonly maxChars: number,
  ) {}

  /** Whether `element` (aria-hidden, drawn) shows a short text that no screen-reader copy in its box says. */
  test(element: Element, looksLikePrice: (text: string) => boolean): boolean {
    const text = collapsedUpTo(textContent(element), this.maxChars);
    if (text === null || !looksLikePrice(text)) return false;
    return boxOf(element, this.heardCopies()) === null;
  }

  /** Screen-reader-only elements with digits (copies of an amount, not labels), found once per page when first asked. */
  private heardCopies(): Element[] {
    if (this.heard) return this.heard;
    const found: Element[] = [];
    const stack: AnyNode[] = [...this.roots];
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (!isTag(node)) continue;
      if (forScreenReaders(node) && /\p{Nd}/u.test(textContent(node))) found.push(node);
      else for (const child of node.children) stack.push(child);
    }
    this.heard = found;
    return found;
  }
}
