// Microdata (itemscope / itemtype / itemprop) → schema nodes; nested itemscopes become property values.
import type { CheerioAPI } from 'cheerio';
import type { SchemaNode } from './schema-node';
import { readScopedItems } from './scoped-items';

export function readMicrodata($: CheerioAPI): SchemaNode[] {
  return readScopedItems($, { scopeAttr: 'itemscope', propAttr: 'itemprop', typeAttr: 'itemtype' });
}
