// The one shape every structured-data syntax is read into: typed nodes whose properties hold text or nodes.

/** A property value: text exactly as written (JSON-LD numbers kept as their source digits), or a nested node. */
export type SchemaValue = string | SchemaNode;

export interface SchemaNode {
  /** Local type names without a vocabulary prefix ("Product", "Offer"), as written (case kept). */
  types: string[];
  /** Property name without prefix → values in document order. */
  props: Record<string, SchemaValue[]>;
  /** The JSON-LD `@id` the node was written with, as written (an enumeration member's IRI: `schema:StrikethroughPrice`). */
  id?: string;
}

const VOCAB_PREFIX = /^(?:https?:\/\/(?:www\.)?schema\.org\/|schema:)/i;

/** "https://schema.org/Product", "schema:Product", "Product" → "Product"; null for another vocabulary's term. */
export function localName(term: string): string | null {
  const trimmed = term.trim();
  if (!trimmed) return null;
  if (VOCAB_PREFIX.test(trimmed)) return trimmed.replace(VOCAB_PREFIX, '');
  // "og:price:amount" or "http://purl.org/goodrelations/v1#Offering" belong to other vocabularies.
  return /^[A-Za-z][\w-]*$/.test(trimmed) ? trimmed : null;
}

/**
 * Where the microdata/RDFa walk keeps the text a price element shows beside its `content` attribute: evidence against the
 * content, not a price the page states. A name no page can write (an `@` key is JSON-LD's own, no itemprop local name).
 */
export const SHOWN_PRICE = '@shownPrice';

export function newNode(types: readonly string[]): SchemaNode {
  return { types: types.flatMap((t) => localName(t) ?? []), props: {} };
}

export function addValue(node: SchemaNode, prop: string, value: SchemaValue): void {
  (node.props[prop] ??= []).push(value);
}

/** A specification marking `price` as the struck (undiscounted) price of the offer it is added to. */
export function struckPriceSpec(price: string, currency?: string): SchemaNode {
  const spec = newNode(['UnitPriceSpecification']);
  addValue(spec, 'priceType', 'https://schema.org/StrikethroughPrice');
  addValue(spec, 'price', price);
  if (currency !== undefined) addValue(spec, 'priceCurrency', currency);
  return spec;
}

/** Type match ignoring case: real JSON-LD writes "product" and "PRODUCT" too. */
export function hasType(node: SchemaNode, ...types: string[]): boolean {
  const wanted = types.map((t) => t.toLowerCase());
  return node.types.some((t) => wanted.includes(t.toLowerCase()));
}

export function isNode(value: SchemaValue | undefined): value is SchemaNode {
  return typeof value === 'object' && value !== null;
}

/** Nested nodes of a property, in order. */
export function nodesOf(node: SchemaNode, prop: string): SchemaNode[] {
  return (node.props[prop] ?? []).filter(isNode);
}

/** First non-empty text of the properties, whitespace collapsed; a node gives its `name` (brand as `{ "@type": "Brand", name }`). */
export function textOf(node: SchemaNode, ...props: string[]): string | null {
  for (const prop of props) {
    for (const value of node.props[prop] ?? []) {
      const text = isNode(value) ? textOf(value, 'name') : value.replace(/\s+/g, ' ').trim();
      if (text) return text;
    }
  }
  return null;
}

/**
 * An enumeration property's term (priceType, availability): its text, or the `@id` of a node value, the form JSON-LD gives
 * an enumeration member (`"priceType": {"@id": "https://schema.org/StrikethroughPrice"}`). textOf read such a node's
 * missing name: a struck price typed so was a plain one, and alone it was stored as the price.
 */
export function termOf(node: SchemaNode, prop: string): string | null {
  for (const value of node.props[prop] ?? []) {
    const term = isNode(value) ? (textOf(value, 'name') ?? value.id?.trim()) : value.replace(/\s+/g, ' ').trim();
    if (term) return term;
  }
  return null;
}

/** The distinct non-empty texts of a property, whitespace collapsed: two `itemprop="price"` in one offer give two. */
export function distinctTexts(node: SchemaNode, prop: string): string[] {
  const texts = (node.props[prop] ?? []).flatMap((value) => (isNode(value) ? [] : [value.replace(/\s+/g, ' ').trim()]));
  return [...new Set(texts.filter(Boolean))];
}
