// The words beside a price in its line of text, up to the neighbouring price, with the currency signs at their edge trimmed.
import type { AnyNode } from 'domhandler';
import { isIsoCode } from '../prices/iso-currencies';
import { renderedChildren } from './shadow-tree';
import { CELLS, collapse, INLINE, isInside, isTag } from './text-flow';

/** Neighbouring words kept on each side: enough for "Unverb. Preisempf.:" or "(2,60 € / kg)". */
const CONTEXT_CHARS = 48;

const clip = (text: string, direction: 'before' | 'after') => (direction === 'before' ? collapse(text).slice(-CONTEXT_CHARS) : collapse(text).slice(0, CONTEXT_CHARS));

/**
 * Currency signs and codes at the edge of the words around an amount: "Was $" reads as "Was", "UVP EUR" as "UVP", "円 /人" as "/人";
 * Indonesia's and Malaysia's letters too ("Harga normal Rp 299.000": the label was read as no label).
 */
const SIGN_EDGE = /(?:\s|\p{Sc}|\bkr\.?|zł|Kč|\bFt\b|\bRs\.?|\bRp\.?|\bRM\b|\bR\$|\bFr\.|円|元|圓|원)+/u;

export function trimCurrency(text: string, end: 'start' | 'end'): string {
  let out = text;
  for (;;) {
    const sign = new RegExp(end === 'end' ? `${SIGN_EDGE.source}$` : `^${SIGN_EDGE.source}`, 'u');
    const code = end === 'end' ? /\b([A-Z]{3})$/.exec(out) : /^([A-Z]{3})\b/.exec(out);
    const next = code && isIsoCode(code[1]) ? (end === 'end' ? out.slice(0, -3) : out.slice(3)) : out.replace(sign, '');
    if (next === out) return out;
    out = next;
  }
}

/** What the scan's walk knows of the page: each node's text as read, the nodes holding a price, the scan's roots. */
export interface LineText {
  texts: ReadonlyMap<AnyNode, string>;
  holdsPrice: ReadonlySet<AnyNode>;
  roots: ReadonlySet<AnyNode>;
}

/**
 * The node's text as read, without the nodes in `skip` (screen-reader labels that name another amount): rebuilt from its
 * children only when one of them is inside it.
 */
function textWithout(texts: ReadonlyMap<AnyNode, string>, node: AnyNode, skip: ReadonlySet<AnyNode>): string {
  if (skip.has(node)) return '';
  if (!isTag(node) || ![...skip].some((skipped) => isInside(skipped, node))) return texts.get(node) ?? '';
  const inner = renderedChildren(node).map((child) => textWithout(texts, child, skip)).join('');
  return INLINE.has(node.tagName) ? inner : ` ${inner} `;
}

/**
 * Words beside a price in its line, up to the neighbouring price, climbing out of inline wrappers while the line is still empty;
 * `skip`: nodes whose words are not this price's (a screen-reader label the markup gives another amount).
 */
export function besideInLine({ texts, holdsPrice, roots }: LineText, node: AnyNode, direction: 'before' | 'after', skip: ReadonlySet<AnyNode> = new Set()): string {
  let out = '';
  let current: AnyNode = node;
  for (let level = 0; level < 4; level++) {
    // A block's neighbours are other lines; the cells of a table row are one, and so are a label and the value it names.
    if (isTag(current) && !INLINE.has(current.tagName) && !CELLS.has(current.tagName)) {
      if (direction === 'before' && collapse(out) === '') out = labelOf(current, texts, holdsPrice);
      break;
    }
    for (let sibling = direction === 'before' ? current.prev : current.next; sibling; sibling = direction === 'before' ? sibling.prev : sibling.next) {
      if (holdsPrice.has(sibling)) return clip(out, direction);
      const text = skip.size === 0 ? (texts.get(sibling) ?? '') : textWithout(texts, sibling, skip);
      out = direction === 'before' ? text + out : out + text;
      if (collapse(out).length >= CONTEXT_CHARS) break;
    }
    const parent = current.parent;
    // A line ends at its block: never climb out of a paragraph, cell or box into the one before.
    const leavesBlock = isTag(current) && !INLINE.has(current.tagName);
    if (collapse(out) !== '' || roots.has(current) || leavesBlock || !parent || !isTag(parent)) break;
    current = parent;
  }
  return clip(out, direction);
}

/** Words of a label: short, no digits (a label holding an amount is a price of its own). */
const LABEL_TEXT = /^[^\p{Nd}]{1,48}$/u;

/**
 * The label a block's value stands under, set as the element before it: a definition list's `<dt>` before its `<dd>`
 * (`<dt>RRP</dt><dd>£29.99</dd>`), a `<label>`, or an element a class word calls a label (`price-grid__label`, Magento's
 * `price-label`). Any other block before it (a heading, the product's name) is another line, never the value's label.
 */
function labelOf(block: AnyNode, texts: ReadonlyMap<AnyNode, string>, holdsPrice: ReadonlySet<AnyNode>): string {
  let label = block.prev;
  while (label && label.type === 'text' && collapse(texts.get(label) ?? '') === '') label = label.prev;
  if (!label || !isTag(label) || holdsPrice.has(label)) return '';
  const tag = label.tagName;
  const named = tag === 'label' || (tag === 'dt' && isTag(block) && block.tagName === 'dd') || /(?:^|[^a-z])label(?:[^a-z]|$)/i.test(label.attribs.class ?? '');
  const text = collapse(texts.get(label) ?? '');
  return named && LABEL_TEXT.test(text) ? ` ${text} ` : '';
}
