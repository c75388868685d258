// Labels the markup ties to a price wherever they stand: `aria-labelledby`, `aria-describedby` and `<label for>`.
import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { MARK_DEPTH, type FoundPrice } from './price-walk';
import { collapse, isInside, isTag, textContent } from './text-flow';
import { LABEL_TEXT } from './line-words';

/**
 * The words of the labels each price's markup names, by the price's node: on its element or a wrapper around it that holds no
 * other price, within MARK_DEPTH levels (a label of the box of two prices names neither). Screen readers read them with the
 * amount ("Original price", "Starting at") wherever the theme set them. An id the page gives twice names nothing: which
 * product's label it is, the markup no longer says.
 */
export function linkedLabels($: CheerioAPI, found: readonly FoundPrice[]): Map<AnyNode, string[]> {
  const linked = new Map<AnyNode, string[]>();
  if (found.length === 0 || $('[aria-labelledby], [aria-describedby], label[for]').length === 0) return linked;
  const byId = groupBy($('[id]').toArray(), (element) => element.attribs.id);
  const byFor = groupBy($('label[for]').toArray(), (element) => element.attribs.for);
  const only = (elements: Element[] | undefined) => (elements?.length === 1 ? elements[0] : null);
  for (const entry of found) {
    const words: string[] = [];
    for (const element of ownWrappers(entry, found)) {
      const ids = `${element.attribs['aria-labelledby'] ?? ''} ${element.attribs['aria-describedby'] ?? ''}`.split(/\s+/).filter(Boolean);
      const labels = ids.map((id) => only(byId.get(id)));
      if (element.attribs.id && only(byId.get(element.attribs.id))) labels.push(only(byFor.get(element.attribs.id)));
      for (const label of labels) {
        const text = label ? collapse(textContent(label)) : '';
        if (LABEL_TEXT.test(text) && !words.includes(text)) words.push(text);
      }
    }
    if (words.length > 0) linked.set(entry.node, words);
  }
  return linked;
}

/** The price's element and the wrappers around it that hold no other price, up to MARK_DEPTH levels. */
function ownWrappers(entry: FoundPrice, found: readonly FoundPrice[]): Element[] {
  const wrappers: Element[] = [];
  for (let at: AnyNode | null = entry.element; at && isTag(at) && wrappers.length < MARK_DEPTH; at = at.parent) {
    const element = at;
    if (found.some((other) => other !== entry && (other.element === element || isInside(other.node, element)))) break;
    wrappers.push(element);
  }
  return wrappers;
}

function groupBy(elements: Element[], key: (element: Element) => string | undefined): Map<string, Element[]> {
  const groups = new Map<string, Element[]>();
  for (const element of elements) {
    const name = key(element);
    if (name) groups.set(name, [...(groups.get(name) ?? []), element]);
  }
  return groups;
}
