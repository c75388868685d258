// Reads schema.org JSON-LD safely: malformed blocks are skipped, @graph and arrays are flattened.
import type { CheerioAPI } from 'cheerio';

export type JsonLdNode = Record<string, unknown>;

function isNode(value: unknown): value is JsonLdNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every parseable JSON-LD block on the page; a broken block (common on real shops) is skipped, never thrown. */
export function readJsonLdBlocks($: CheerioAPI): unknown[] {
  const blocks: unknown[] = [];
  $('script[type="application/ld+json"]').each((_, element) => {
    const text = $(element).text().trim();
    if (!text) return;
    try {
      blocks.push(JSON.parse(text));
    } catch {
      // Malformed JSON-LD says nothing about the price; other blocks or visible markup still may.
    }
  });
  return blocks;
}

/** All nodes of the blocks, descending into top-level arrays and `@graph` (not into nested properties). */
export function flattenJsonLd(blocks: unknown[]): JsonLdNode[] {
  const nodes: JsonLdNode[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isNode(value)) {
      if (Array.isArray(value['@graph'])) value['@graph'].forEach(visit);
      else nodes.push(value);
    }
  };
  blocks.forEach(visit);
  return nodes;
}

/** True when the node's `@type` (a string or a list) names `type`, with or without a schema.org prefix. */
export function hasJsonLdType(node: JsonLdNode, type: string): boolean {
  const types = Array.isArray(node['@type']) ? node['@type'] : [node['@type']];
  return types.some((t) => typeof t === 'string' && (t === type || t.endsWith(`/${type}`) || t.endsWith(`:${type}`)));
}

export function findJsonLdNode($: CheerioAPI, type: string): JsonLdNode | null {
  return flattenJsonLd(readJsonLdBlocks($)).find((node) => hasJsonLdType(node, type)) ?? null;
}

/** A text field, or null; numbers are not accepted here (see jsonLdPriceText for prices). */
export function jsonLdString(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (isNode(value) && typeof value.name === 'string') return value.name.trim(); // e.g. brand: { "@type": "Brand", name }
  return null;
}

/**
 * A price exactly as written in the JSON-LD source. A JSON number has already been through a float in
 * JSON.parse, so it is refused (null) and the caller falls back to the visible price text.
 */
export function jsonLdPriceText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export interface JsonLdOffer {
  /** Price text as written: `price` of an Offer, `lowPrice` of an AggregateOffer. */
  priceText: string | null;
  currency: string | null;
  /** schema.org enum without its URL prefix ("InStock"). */
  availability: string | null;
  /** The StrikethroughPrice / ListPrice specification, when the shop gives one. */
  listPriceText: string | null;
}

/** The competing offer of a Product: the first Offer, or the lowest of an AggregateOffer. */
export function productOffer(product: JsonLdNode): JsonLdOffer | null {
  const raw = Array.isArray(product.offers) ? product.offers[0] : product.offers;
  if (!isNode(raw)) return null;
  const aggregate = hasJsonLdType(raw, 'AggregateOffer');
  const specs = Array.isArray(raw.priceSpecification) ? raw.priceSpecification : [raw.priceSpecification];
  const listSpec = specs.find((spec): spec is JsonLdNode => isNode(spec) && /(Strikethrough|List)Price$/.test(String(spec.priceType ?? '')));
  return {
    priceText: jsonLdPriceText(aggregate ? raw.lowPrice : raw.price),
    currency: jsonLdString(raw.priceCurrency),
    availability: schemaEnumName(raw.availability),
    listPriceText: listSpec ? jsonLdPriceText(listSpec.price) : null,
  };
}

/** "https://schema.org/InStock" or "InStock" → "InStock". */
export function schemaEnumName(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  return value.trim().replace(/^https?:\/\/schema\.org\//i, '');
}
