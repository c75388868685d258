// JSON-LD blocks → schema nodes: numbers kept as their source digits, @graph/arrays/@id references resolved.
import type { CheerioAPI } from 'cheerio';
import { decodeHTML } from 'entities';
import { parse as parseLossless } from 'lossless-json';
import { inInertTemplate } from './inert-template';
import { repairJson } from './json-repair';
import { addValue, localName, newNode, type SchemaNode } from './schema-node';
import type { SkippedBlock } from './structured-types';

type Json = string | boolean | null | Json[] | { [key: string]: Json };

const isObject = (value: Json): value is { [key: string]: Json } => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Longest piece of a parser message kept in a skip reason. */
const DETAIL_MAX_CHARS = 160;

const parseExact = (text: string): Json => parseLossless(text, null, (digits: string) => digits) as Json;

/**
 * Parses one block without a float anywhere: every JSON number stays the text it was written as
 * ("12.30" stays "12.30"), which JSON.parse on Node 20 cannot do. Themes sometimes wrap the JSON
 * in an HTML comment or CDATA markers; those wrappers are removed first, as browsers tolerate them.
 * Two encodings whose content is still one JSON are undone: a block HTML-escaped whole (`{&quot;@type&quot;…`, a CMS
 * escaping its output: no quote is left, so no string of it held `&quot;` as written) and a block encoded twice (a
 * JSON string holding the JSON). Each was skipped, the product's data unread.
 */
function parseBlock(text: string): Json {
  const unwrapped = text
    .replace(/^\s*(?:<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, '')
    .replace(/(?:-->|\/\/\s*\]\]>|\]\]>)\s*$/, '');
  const escaped = !unwrapped.includes('"') && /&quot;|&#0*34;|&#x0*22;/i.test(unwrapped);
  const value = parseMended(escaped ? decodeHTML(unwrapped) : unwrapped);
  return typeof value === 'string' && /^\s*[{[]/.test(value) ? parseMended(value) : value;
}

/** Strict JSON, else the block read again with a template's slips mended (`repairJson`); a slip of another kind throws strict JSON's error. */
function parseMended(text: string): Json {
  try {
    return parseExact(text);
  } catch (strict) {
    const values = repairJson(text);
    if (!values) throw strict;
    try {
      return values.length === 1 ? parseExact(values[0]) : values.map(parseExact);
    } catch {
      throw strict;
    }
  }
}

/**
 * Nodes by `@id`, resolved against the page as JSON-LD resolves them: "#offer" in one block and
 * "https://shop/p/1#offer" in another (a theme's block beside an SEO plugin's) name the same node.
 */
class IdIndex {
  private readonly byId = new Map<string, { [key: string]: Json }>();
  constructor(private readonly base: string) {}
  private key(id: string): string {
    try {
      return new URL(id, this.base).href;
    } catch {
      return id;
    }
  }
  set(id: string, node: { [key: string]: Json }): void {
    this.byId.set(this.key(id), node);
  }
  get(id: string): { [key: string]: Json } | undefined {
    return this.byId.get(this.key(id));
  }
}

/** Objects with an @id and content, so `{ "@id": "#offer" }` references elsewhere on the page resolve. */
function collectIds(value: Json, ids: IdIndex): void {
  if (Array.isArray(value)) value.forEach((entry) => collectIds(entry, ids));
  else if (isObject(value)) {
    const id = value['@id'];
    if (typeof id === 'string' && Object.keys(value).some((key) => key !== '@id')) ids.set(id, value);
    Object.values(value).forEach((entry) => collectIds(entry, ids));
  }
}

function toNode(object: { [key: string]: Json }, ids: IdIndex, path: Set<object>): SchemaNode {
  const rawTypes = object['@type'];
  const types = (Array.isArray(rawTypes) ? rawTypes : [rawTypes]).filter((t): t is string => typeof t === 'string');
  const node = newNode(types);
  if (typeof object['@id'] === 'string') node.id = object['@id'];
  path.add(object);
  for (const [key, value] of Object.entries(object)) {
    const prop = key.startsWith('@') ? null : localName(key);
    if (prop) addValues(node, prop, value, ids, path);
  }
  path.delete(object);
  return node;
}

function addValues(node: SchemaNode, prop: string, value: Json, ids: IdIndex, path: Set<object>): void {
  if (value === null) return;
  if (Array.isArray(value)) {
    value.forEach((entry) => addValues(node, prop, entry, ids, path));
    return;
  }
  if (typeof value === 'boolean') addValue(node, prop, String(value));
  else if (typeof value === 'string') addValue(node, prop, decodeHTML(value));
  else if ('@value' in value) addValues(node, prop, value['@value'], ids, path);
  else {
    const id = value['@id'];
    const target = Object.keys(value).every((key) => key === '@id' || key === '@type') && typeof id === 'string' ? (ids.get(id) ?? value) : value;
    // A reference cycle (a Product whose Offer points back at it) ends at the repeated object.
    if (!path.has(target)) addValue(node, prop, toNode(target, ids, path));
  }
}

/** Top-level nodes of one parsed block: the block itself, its array entries, or its @graph. */
function topObjects(value: Json): { [key: string]: Json }[] {
  if (Array.isArray(value)) return value.flatMap(topObjects);
  if (!isObject(value)) return [];
  const graph = value['@graph'];
  return graph === undefined ? [value] : topObjects(graph);
}

/** Every JSON-LD block's top-level nodes; a malformed block is skipped with a reason, the others still count. */
export function readJsonLd($: CheerioAPI, pageUrl: string): { nodes: SchemaNode[]; skipped: SkippedBlock[] } {
  const parsed: Json[] = [];
  const skipped: SkippedBlock[] = [];
  $('script[type="application/ld+json" i]').each((index, element) => {
    if (inInertTemplate(element)) return;
    const text = $(element).text();
    if (!text.trim()) return void skipped.push({ syntax: 'json-ld', index, reason: 'json-ld/empty' });
    try {
      const value = parseBlock(text);
      if (isObject(value) || Array.isArray(value)) parsed.push(value);
      else skipped.push({ syntax: 'json-ld', index, reason: 'json-ld/not-an-object' });
    } catch (error) {
      const detail = (error instanceof Error ? error.message : String(error)).slice(0, DETAIL_MAX_CHARS);
      skipped.push({ syntax: 'json-ld', index, reason: 'json-ld/malformed', detail });
    }
  });
  const ids = new IdIndex(pageUrl);
  parsed.forEach((value) => collectIds(value, ids));
  const nodes = parsed.flatMap(topObjects).map((object) => toNode(object, ids, new Set()));
  return { nodes, skipped };
}
