// Labels written for screen readers only ("Original price" in an sr-only span): which amount each names, by markup, not text order.
import type { AnyNode, Element } from 'domhandler';
import { roleFromWords, type PriceRole } from './price-labels';
import { CELLS, INLINE, isInside, isTag } from './text-flow';

/**
 * The classes every framework hides text with from the eye but not from a screen reader: Bootstrap's and Tailwind's sr-only,
 * Shopify's and Drupal's visually-hidden, WordPress's screen-reader-text, Foundation's show-for-sr, HTML5 Boilerplate's
 * visuallyhidden, BigCommerce's is-srOnly, Amazon's a-offscreen. (A `-focusable` one is a skip link, hidden outright: element-marks.ts.)
 */
const SCREEN_READER_CLASS = /(?:^|\s)(?:sr-only|visually-hidden(?:--inline)?|visuallyhidden|screen-reader-text|screen-reader-only|screenreader|show-for-sr|is-sr-?only|u-visually-hidden|a11y-(?:hidden|visually-hidden)|element-invisible|assistive-text|hidden-visually|(?:a-|aok-)?offscreen)(?:\s|$)/i;
/** The same done inline: clipped to nothing (`clip: rect(0 0 0 0)`, `clip-path: inset(50%)`). */
const CLIPPED_STYLE = /clip\s*:\s*rect\(\s*0|clip-path\s*:\s*inset\(\s*50%/i;

/** Whether the element's text is for screen readers only: heard in the order of the markup, seen nowhere. */
export const forScreenReaders = (element: Element): boolean =>
  SCREEN_READER_CLASS.test(element.attribs.class ?? '') || CLIPPED_STYLE.test(element.attribs.style ?? '');

/** A screen-reader label the walk found: the element and its words (no digits: one with an amount is a price of its own, WooCommerce's). */
export interface HiddenLabel {
  element: Element;
  words: string;
}

/** Where a label belongs: one price (by its node), or `between` two when the markup does not say which it names. */
export type LabelOwner = { owner: AnyNode } | { between: [AnyNode, AnyNode] } | null;

/** A found price's place: the node its text starts at and the element holding it. */
export interface PricePlace {
  node: AnyNode;
  element: Element;
}

/** The role a label's words give the amount they name, read as words written before it ("Original price" → reference). */
export const labelRole = (label: HiddenLabel): PriceRole => roleFromWords({ before: label.words, after: '' });

function depthOf(node: AnyNode): number {
  let depth = 0;
  for (let at = node.parent; at; at = at.parent) depth++;
  return depth;
}

/** The depth of the nearest element holding both: the deeper, the closer they belong together. */
function sharedDepth(a: AnyNode, b: AnyNode): number {
  const ancestors = new Set<AnyNode>();
  for (let at: AnyNode | null = a; at; at = at.parent) ancestors.add(at);
  for (let at: AnyNode | null = b; at; at = at.parent) if (ancestors.has(at)) return depthOf(at);
  return -1;
}

/** The block a node's line of text is in (a table row for its cells): a label names only an amount in its own line. */
function lineOf(node: AnyNode): AnyNode | null {
  for (let at: AnyNode | null = node; at; at = at.parent) if (isTag(at) && !INLINE.has(at.tagName) && !CELLS.has(at.tagName)) return at;
  return null;
}

/**
 * Which price each label names, from the markup: the price whose element holds it, else of the nearest price before it and the
 * nearest after it in its line (in the order of the page), the one it shares the closer wrapper with; none when its line has none. Two at the same distance (siblings of one
 * box: `<span>$29.99</span><span class="sr-only">Original price</span><span>$19.99</span>`) are settled by the box's other labels:
 * a theme writes every label on the same side of its amount (Dawn before, some after), so a label before the box's first amount or
 * after its last one says which side. Else the label stays `between` both: its text order says nothing, as a screen reader hears
 * "$29.99 Original price $19.99" either way. `order` is each node's place in the page.
 */
export function labelOwners(labels: readonly HiddenLabel[], prices: readonly PricePlace[], order: ReadonlyMap<AnyNode, number>): Map<HiddenLabel, LabelOwner> {
  const at = (node: AnyNode) => order.get(node) ?? -1;
  const sorted = [...prices].sort((a, b) => at(a.node) - at(b.node));
  const sides = new Map<HiddenLabel, 'before' | 'after' | 'inside' | 'tie' | 'none'>();
  const neighbours = new Map<HiddenLabel, [PricePlace | undefined, PricePlace | undefined]>();
  for (const label of labels) {
    const holder = prices.find((p) => isTag(p.node) && isInside(label.element, p.node));
    if (holder) {
      sides.set(label, 'inside');
      neighbours.set(label, [holder, undefined]);
      continue;
    }
    const place = at(label.element);
    const line = lineOf(label.element);
    const inLine = sorted.filter((p) => lineOf(p.node) === line);
    const previous = inLine.filter((p) => at(p.node) < place).at(-1);
    const next = inLine.find((p) => at(p.node) > place);
    neighbours.set(label, [previous, next]);
    const [back, forth] = [previous ? sharedDepth(label.element, previous.node) : -1, next ? sharedDepth(label.element, next.node) : -1];
    // "before": the label stands before the amount it names (the next one); "after": after it (the previous one).
    sides.set(label, !previous && !next ? 'none' : back === forth ? 'tie' : forth > back ? 'before' : 'after');
  }
  const owners = new Map<HiddenLabel, LabelOwner>();
  for (const label of labels) {
    const side = sides.get(label);
    const [previous, next] = neighbours.get(label)!;
    const settled = side === 'tie' ? sideOfBox(label, labels, sides) : side;
    if (settled === 'inside' || settled === 'after') owners.set(label, previous ? { owner: previous.node } : null);
    else if (settled === 'before') owners.set(label, next ? { owner: next.node } : null);
    else owners.set(label, side === 'tie' && previous && next ? { between: [previous.node, next.node] } : null);
  }
  return owners;
}

/** The side the box's other labels, settled by the markup, stand on; null when none is or they disagree. */
function sideOfBox(label: HiddenLabel, labels: readonly HiddenLabel[], sides: ReadonlyMap<HiddenLabel, string>): 'before' | 'after' | null {
  const box = label.element.parent;
  const seen = new Set(labels.filter((other) => other !== label && other.element.parent === box).map((other) => sides.get(other)).filter((side) => side === 'before' || side === 'after'));
  return seen.size === 1 ? ([...seen][0] as 'before' | 'after') : null;
}
