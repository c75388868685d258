// Microdata and RDFa share one walk: an element opens an item scope, descendants add properties to it.
import type { CheerioAPI } from 'cheerio';
// cheerio's element type lives in domhandler (a dependency of cheerio); only the type is used.
import type { Element } from 'domhandler';
import { toSuperscriptDigits } from '../prices/price-text';
import { inInertTemplate } from './inert-template';
import { canonicalProperty } from './property-names';
import { addRowQuantities } from './row-quantity';
import { addValue, localName, newNode, SHOWN_PRICE, type SchemaNode } from './schema-node';

/** The attributes that make up one attribute syntax. */
export interface ScopeSyntax {
  /** Opens a new item: `itemscope` (microdata) or `typeof` (RDFa). */
  scopeAttr: string;
  /** Names the property an element gives its item: `itemprop` or `property`. */
  propAttr: string;
  /** Where the item's types are written: `itemtype` or `typeof`. */
  typeAttr: string;
}

/** Elements whose value is a URL attribute rather than their text (HTML microdata rules, also used by RDFa). */
const URL_ATTRS: Readonly<Record<string, string>> = {
  a: 'href', area: 'href', link: 'href', img: 'src', audio: 'src', video: 'src', source: 'src',
  embed: 'src', iframe: 'src', track: 'src', object: 'data',
};

/** An element's property value: `content` wins (shops put the machine price there), then the syntax's own rules. */
function valueOf($: CheerioAPI, element: Element): string {
  const { attribs } = element;
  if (attribs.content !== undefined) return attribs.content;
  if (attribs.resource !== undefined) return attribs.resource;
  const tag = element.tagName.toLowerCase();
  const urlAttr = URL_ATTRS[tag];
  if (urlAttr && attribs[urlAttr] !== undefined) return attribs[urlAttr];
  if ((tag === 'data' || tag === 'meter') && attribs.value !== undefined) return attribs.value;
  if (tag === 'time' && attribs.datetime !== undefined) return attribs.datetime;
  return shownText(element);
}

/**
 * The element's text with the digits of a <sup> raised ("12<sup>99</sup>" → "12⁹⁹"): its plain text ran the raised cents into
 * the units, so `<span itemprop="price">12<sup>99</sup></span>` was a price of 1299. The price parser reads raised digits as
 * cents or a footnote mark, and refuses what may be either; other properties' text is unchanged but for such digits.
 */
function shownText(element: Element, raised = false): string {
  return element.children
    .map((child) => (child.type === 'text' ? (raised ? toSuperscriptDigits(child.data) : child.data) : child.type === 'tag' ? shownText(child, raised || child.tagName.toLowerCase() === 'sup') : ''))
    .join('');
}

/**
 * The text a price element shows beside its `content` attribute (`<span itemprop="price" content="19.99">24,99 €</span>`):
 * the content is the property's value, but a shown amount that differs is a second price, and the offer then states none
 * (`statesOnePrice`). Before, the content was taken unseen.
 */
function shownPrice(element: Element, props: string[]): string | null {
  if (!props.includes('price') || element.attribs.content === undefined) return null;
  const text = shownText(element).replace(/\s+/g, ' ').trim();
  return /\d/.test(text) ? text : null;
}

const words = (text: string | undefined): string[] => (text ?? '').split(/\s+/).filter(Boolean);

/** Top-level items of the page in document order; nested items are values of their parent's properties. */
export function readScopedItems($: CheerioAPI, syntax: ScopeSyntax): SchemaNode[] {
  const nodes = new Map<Element, SchemaNode>();
  for (const element of $(`[${syntax.scopeAttr}]`).toArray() as Element[]) {
    if (inInertTemplate(element)) continue;
    nodes.set(element, newNode(words(element.attribs[syntax.typeAttr])));
  }
  if (nodes.size === 0) return [];
  const nested = new Set<Element>();
  for (const element of $(`[${syntax.propAttr}]`).toArray() as Element[]) {
    if (inInertTemplate(element)) continue;
    const owner = $(element).parent().closest(`[${syntax.scopeAttr}]`).get(0) as Element | undefined;
    const ownerNode = owner ? nodes.get(owner) : undefined;
    // Pages write `itemprop="Price"` or `property="schema:PriceCurrency"`: the schema.org spelling is meant.
    const props = words(element.attribs[syntax.propAttr]).flatMap((name) => { const local = localName(name); return local ? [canonicalProperty(local)] : []; });
    if (!ownerNode || props.length === 0) continue;
    const own = nodes.get(element);
    if (own) nested.add(element);
    for (const prop of props) addValue(ownerNode, prop, own ?? valueOf($, element));
    const shown = own ? null : shownPrice(element, props);
    if (shown !== null) addValue(ownerNode, SHOWN_PRICE, shown);
  }
  addRowQuantities($, nodes, syntax.scopeAttr);
  return [...nodes].filter(([element]) => !nested.has(element)).map(([, node]) => node);
}
