// The words beside a price in its line of text, up to the neighbouring price, with the currency signs at their edge trimmed.
import type { AnyNode } from 'domhandler';
import { isIsoCode } from '../prices/iso-currencies';
import { renderedChildren } from './shadow-tree';
import { CELLS, collapse, collapsedUpTo, INLINE, isInside, isTag, textEdge } from './text-flow';
import { roleFromWords, type PriceRole } from './price-labels';

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
      if (direction === 'before' && collapse(out) === '') out = labelOf(current, { texts, holdsPrice, roots });
      break;
    }
    for (let sibling = direction === 'before' ? current.prev : current.next; sibling; sibling = direction === 'before' ? sibling.prev : sibling.next) {
      if (holdsPrice.has(sibling)) return clip(out, direction);
      const whole = skip.size === 0 ? (texts.get(sibling) ?? '') : textWithout(texts, sibling, skip);
      const text = textEdge(whole, direction === 'before' ? 'end' : 'start', CONTEXT_CHARS);
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
export const LABEL_TEXT = /^[^\p{Nd}]{1,48}$/u;
/** A line with no class calling it a label is one when it holds nothing but a few words naming one of these roles ("From", "Was", "UVP"). */
const ALONE_ROLES: ReadonlySet<PriceRole> = new Set(['range', 'reference', 'prior-lowest', 'member']);
const ALONE_MAX_WORDS = 4;
/** A label is looked for up to this many wrappers out of the value's block, while the wrapper holds no other price. */
const LABEL_CLIMB = 3;
/** Containers a label is never looked for outside of: a card, a row, a list item, a cell, the page's parts. */
const LABEL_STOP = new Set(['li', 'article', 'section', 'aside', 'tr', 'td', 'th', 'dd', 'dt', 'ul', 'ol', 'table', 'form', 'fieldset', 'main', 'body', 'header', 'footer', 'nav']);

/**
 * The label a block's value stands under, set as the line before it: a definition list's `<dt>` before its `<dd>`
 * (`<dt>RRP</dt><dd>£29.99</dd>`), a `<label>`, an element a class word calls a label (`price-grid__label`, Magento's
 * `price-label`), or any line of a few words that name the price's role and nothing else (`<div>From</div>`, "UVP").
 * When the block opens its wrapper, the line before the wrapper (up to LABEL_CLIMB levels, never out of a card, a row or a
 * list item, nor out of a wrapper holding another price). A heading or the product's name before the block is another line.
 */
function labelOf(block: AnyNode, line: LineText): string {
  let at = block;
  for (let level = 0; level <= LABEL_CLIMB && !line.roots.has(at); level++) {
    let label = at.prev;
    while (label && label.type === 'text' && !/\S/.test(line.texts.get(label) ?? '')) label = label.prev;
    if (label) return labelText(label, at, line);
    const parent = at.parent;
    if (!parent || !isTag(parent) || LABEL_STOP.has(parent.tagName) || parent.attribs.itemscope !== undefined || holdsAnother(at, line.holdsPrice)) return '';
    at = parent;
  }
  return '';
}

/** Whether a sibling after the node holds a price: its wrapper is then the box of several, and a label before it no one price's. */
function holdsAnother(node: AnyNode, holdsPrice: ReadonlySet<AnyNode>): boolean {
  for (let sibling = node.next; sibling; sibling = sibling.next) if (holdsPrice.has(sibling)) return true;
  return false;
}

function labelText(label: AnyNode, block: AnyNode, { texts, holdsPrice }: LineText): string {
  if (holdsPrice.has(label)) return '';
  const text = collapsedUpTo(texts.get(label) ?? '', 48) ?? '';
  if (!LABEL_TEXT.test(text)) return '';
  if (isTag(label) && /^h[1-6]$/.test(label.tagName)) return '';
  const named = isTag(label) && (label.tagName === 'label' || (label.tagName === 'dt' && isTag(block) && block.tagName === 'dd') || /(?:^|[^a-z])label(?:[^a-z]|$)/i.test(label.attribs.class ?? ''));
  const alone = text.split(' ').length <= ALONE_MAX_WORDS && ALONE_ROLES.has(roleFromWords({ before: text, after: '' }));
  return named || alone ? ` ${text} ` : '';
}
