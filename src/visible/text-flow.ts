// How a page's elements flow as text: which ones break a line, and a text's whitespace as a reader sees it.
import type { AnyNode, Element } from 'domhandler';

/** Elements whose boundaries do not break a line of text (no space is added around them). */
export const INLINE = new Set(['span', 'b', 'strong', 'em', 'i', 'u', 'small', 'big', 'sub', 'bdi', 'bdo', 'ins', 'del', 's', 'strike', 'a', 'abbr', 'data', 'font', 'mark', 'label', 'time', 'meter', 'output', 'q', 'cite', 'var', 'sup']);
/** The cells of a table row are one line. */
export const CELLS = new Set(['td', 'th']);

export const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

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
