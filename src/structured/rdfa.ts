// RDFa Lite with the schema.org vocabulary (vocab + typeof + property) → schema nodes.
import type { CheerioAPI } from 'cheerio';
import type { SchemaNode } from './schema-node';
import { readScopedItems } from './scoped-items';

/**
 * Terms are read as schema.org's ("Product", "schema:price", full schema.org URLs); terms of other
 * vocabularies (`og:price:amount` on <meta property>) are not properties of an item here: OpenGraph
 * has its own reader.
 */
export function readRdfa($: CheerioAPI): SchemaNode[] {
  return readScopedItems($, { scopeAttr: 'typeof', propAttr: 'property', typeAttr: 'typeof' });
}
