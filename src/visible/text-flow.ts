// How a page's elements flow as text: which ones break a line, and a text's whitespace as a reader sees it.
import type { AnyNode, Element } from 'domhandler';

/** Elements whose boundaries do not break a line of text (no space is added around them). */
export const INLINE = new Set(['span', 'b', 'strong', 'em', 'i', 'u', 'small', 'big', 'sub', 'bdi', 'bdo', 'ins', 'del', 's', 'strike', 'a', 'abbr', 'data', 'font', 'mark', 'label', 'time', 'meter', 'output', 'q', 'cite', 'var', 'sup']);
/** The cells of a table row are one line. */
export const CELLS = new Set(['td', 'th']);

export const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * `collapse(text)` when that is at most `maxChars` long, else null, found from the text's first words only: an element's
 * text is the whole page's for <body>, and collapsing megabytes of it at every level of a one-line page only to learn it
 * is no short price or label cost seconds.
 */
export function collapsedUpTo(text: string, maxChars: number): string | null {
  const words = /\S+/g;
  let out = '';
  for (let word = words.exec(text); word; word = words.exec(text)) {
    out = out === '' ? word[0] : `${out} ${word[0]}`;
    if (out.length > maxChars) return null;
  }
  return out;
}

/** Raw text at least this long is cut to its edge before its words beside a price are read (see `textEdge`). */
const EDGE_MIN_CHARS = 256;

/**
 * The end of `text` (its start for `'start'`) holding more than `wordChars` characters that are not white space, so that its
 * collapsed last (first) `wordChars` characters are the whole text's: a price's neighbour may be a page-long paragraph, of which
 * only the words next to the price are ever read.
 */
export function textEdge(text: string, side: 'start' | 'end', wordChars: number): string {
  for (let size = EDGE_MIN_CHARS; size < text.length; size *= 4) {
    const edge = side === 'end' ? text.slice(-size) : text.slice(0, size);
    if (edge.replace(/\s+/g, '').length > wordChars) return edge;
  }
  return text;
}

export const isTag = (node: AnyNode): node is Element => node.type === 'tag' || node.type === 'script' || node.type === 'style';

export function isInside(node: AnyNode, ancestor: Element): boolean {
  for (let at: AnyNode | null = node.parent; at; at = at.parent) if (at === ancestor) return true;
  return false;
}

/** An element's text as its markup holds it, every descendant's included. */
export function textContent(element: Element): string {
  let text = '';
  for (const child of element.children) text += child.type === 'text' ? (child as unknown as { data: string }).data : child.type === 'tag' ? textContent(child as Element) : '';
  return text;
}
