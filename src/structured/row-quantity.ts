// The quantity an Offer row of a tier table states in its text (Shopware 6's "Bis 9" / "Ab 10"), as the eligibleQuantity markup leaves out.
import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { addValue, hasType, newNode, type SchemaNode } from './schema-node';

/** Words before a count that make it the first one a row is valid for ("Ab 10", "From 20", "à partir de 5"). */
const FROM_WORDS = String.raw`ab|from|starting (?:at|from)|vanaf|van|à partir de|a partir de|dès|desde|da|a partire da|od|från|fra|fra og med|min\.?|mindestens|≥|>=`;
/** Words before a count that make it the last one ("Bis 9", "To 19", "jusqu'à 9"): the row starts after the previous one ends. */
const UPTO_WORDS = String.raw`bis|to|up to|until|till|tot|t/m|jusqu['’]à|hasta|fino a|do|upp till|op til|até|≤|<=`;
/** Words for pieces after a count ("10 Stück", "10 pcs"). */
const PIECES = String.raw`(?:\s*(?:stück|stk\.?|st\.?|pcs?\.?|pieces?|units?|items?|pièces?|pezzi|stuks?|unidades|szt\.?|ks))?`;
const COUNT = String.raw`(\d{1,6})`;

const FROM = new RegExp(String.raw`^(?:${FROM_WORDS})\s*${COUNT}${PIECES}\s*\+?$|^${COUNT}${PIECES}\s*(?:\+|and more|or more|und mehr)$`, 'iu');
const UPTO = new RegExp(String.raw`^(?:${UPTO_WORDS})\s*${COUNT}${PIECES}$`, 'iu');
const RANGE = new RegExp(String.raw`^(?:(?:${FROM_WORDS})\s*)?${COUNT}\s*(?:[-–—]|${UPTO_WORDS})\s*${COUNT}${PIECES}$`, 'iu');
const PLAIN = new RegExp(String.raw`^${COUNT}${PIECES}$`, 'iu');
/** A count after words we do not read ("Enintään 9"): some quantity condition, which one unknown. */
const WORDED = new RegExp(String.raw`^[\p{L}][\p{L}.'’ ]{0,30}\s*${COUNT}${PIECES}$`, 'iu');

type Reading = { kind: 'from' | 'upto' | 'range' | 'plain' | 'unknown'; count: number; to?: number; text: string };

/** A row part's text read as a quantity condition, or null when it is none (a price, a name, a unit price "/ 1 Liter"). */
export function readQuantityText(raw: string): Reading | null {
  const text = raw.replace(/\s+/g, ' ').replace(/[\s:*]+$/, '').trim();
  // A currency sign, a decimal amount or a slash belongs to a price or a unit price, never to a row's count.
  if (!text || /\p{Sc}|\d[.,]\d|\//u.test(text)) return null;
  const range = RANGE.exec(text);
  if (range) return { kind: 'range', count: Number(range[1]), to: Number(range[2]), text };
  const from = FROM.exec(text);
  if (from) return { kind: 'from', count: Number(from[1] ?? from[2]), text };
  const upto = UPTO.exec(text);
  if (upto) return { kind: 'upto', count: Number(upto[1]), text };
  const plain = PLAIN.exec(text);
  if (plain) return { kind: 'plain', count: Number(plain[1]), text };
  const worded = WORDED.exec(text);
  return worded ? { kind: 'unknown', count: Number(worded[1]), text } : null;
}

/** The one part of a row (a cell, a span, a text) that states a quantity; null when none or several do. */
function rowReading($: CheerioAPI, row: Element, scopeAttr: string): Reading | null {
  const parts = row.children.filter((child: AnyNode) => child.type === 'text' || (child.type === 'tag' && child.attribs[scopeAttr] === undefined));
  const readings = parts.flatMap((part) => readQuantityText($(part).text()) ?? []);
  return readings.length === 1 ? readings[0] : null;
}

/** An offer that names what it is for (a variant's name, sku, item or URL) is no quantity row of the product's own table. */
const rowCandidate = (node: SchemaNode): boolean =>
  hasType(node, 'Offer') && !['eligibleQuantity', 'name', 'sku', 'itemOffered', 'url', 'seller'].some((prop) => (node.props[prop] ?? []).length > 0);

/**
 * Gives the Offer rows of a tier table the eligibleQuantity their text states. Shopware 6 writes one Offer per row of its
 * block-price table with the count only as text ("Bis 9" … "Ab 10"), inside an AggregateOffer whose lowPrice is the bulk
 * row's: read as offers for one piece, the bulk price was the product's. Rows in ascending order: a row "up to N" starts
 * after the one before it ends (the first at one piece). A count whose words are not read is kept as written, a condition
 * that is no price of one piece; a lone row needs words saying its count (a bare "42" is no tier).
 */
export function addRowQuantities($: CheerioAPI, items: Map<Element, SchemaNode>, scopeAttr: string): void {
  const groups = new Map<unknown, Array<{ node: SchemaNode; reading: Reading | null }>>();
  for (const [element, node] of items) {
    if (!rowCandidate(node)) continue;
    const group = groups.get(element.parent) ?? [];
    group.push({ node, reading: rowReading($, element, scopeAttr) });
    groups.set(element.parent, group);
  }
  for (const rows of groups.values()) {
    const readings = rows.map((row) => row.reading);
    if (!isTierTable(readings)) continue;
    let endOfPrevious: number | null = 0;
    for (const { node, reading } of rows) {
      const { least, most } = bounds(reading!, endOfPrevious);
      endOfPrevious = most;
      addValue(node, 'eligibleQuantity', least === null ? reading!.text : quantityNode(least, most));
    }
  }
}

/** Every row states a count, in ascending order; a single row only with words that make it a condition. */
function isTierTable(readings: Array<Reading | null>): readings is Reading[] {
  if (readings.length === 0 || readings.some((reading) => reading === null)) return false;
  if (readings.length === 1) return readings[0]!.kind !== 'plain' && readings[0]!.kind !== 'unknown';
  return readings.every((reading, i) => i === 0 || reading!.count > readings[i - 1]!.count);
}

/** The first and last piece a row is valid for (null where unknown). */
function bounds(reading: Reading, endOfPrevious: number | null): { least: number | null; most: number | null } {
  switch (reading.kind) {
    case 'from':
    case 'plain':
      return { least: reading.count, most: null };
    case 'range':
      return { least: reading.count, most: reading.to ?? null };
    case 'upto':
      return { least: endOfPrevious === null ? null : endOfPrevious + 1, most: reading.count };
    default:
      return { least: null, most: null };
  }
}

function quantityNode(least: number, most: number | null): SchemaNode {
  const node = newNode(['QuantitativeValue']);
  addValue(node, 'minValue', String(least));
  if (most !== null) addValue(node, 'maxValue', String(most));
  return node;
}
