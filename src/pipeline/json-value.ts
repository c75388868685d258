// Turns items into plain JSON (Decimals as exact strings) and into a canonical text for hashing.
import { Decimal, decimalToStorage } from '../core/money';

/**
 * `text` as a string of its own. Text read from a page (an element's text, a trimmed attribute) is
 * often a slice of the page's whole decoded text, which V8 keeps alive as long as the slice: an item
 * waiting for its batch to be durable (up to `pipeline.batchMaxAgeMs`) kept its page's text with it,
 * long enough to be promoted out of the young generation (fast bench: ~40 KB per page). V8 copies
 * slices shorter than 13 characters anyway.
 */
export function ownCopy(text: string): string {
  return text.length < 13 ? text : structuredClone(text);
}

/**
 * A JSON-safe copy of `value` (strings included, see ownCopy): Decimal → exact string (never a float), Date → ISO string,
 * bigint → string; undefined/functions/symbols are left out of objects and become null in arrays,
 * as JSON.stringify would. Throws a TypeError on cycles: such an item cannot be stored.
 */
export function toJsonValue(value: unknown, seen: Set<object> = new Set()): unknown {
  if (value === null) return null;
  if (Decimal.isDecimal(value)) return decimalToStorage(value);
  switch (typeof value) {
    case 'string':
      return ownCopy(value);
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return value.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  const object = value as object;
  if (seen.has(object)) throw new TypeError('item contains a cycle and cannot be stored as JSON');
  seen.add(object);
  try {
    if (Array.isArray(object)) return object.map((entry) => toJsonValue(entry, seen) ?? null);
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(object)) {
      const converted = toJsonValue(entry, seen);
      if (converted !== undefined) out[key] = converted;
    }
    return out;
  } finally {
    seen.delete(object);
  }
}

/** JSON text with object keys sorted at every depth: equal content gives equal text (and hash). */
export function canonicalJson(jsonValue: unknown): string {
  if (jsonValue === null || typeof jsonValue !== 'object') return JSON.stringify(jsonValue);
  if (Array.isArray(jsonValue)) return `[${jsonValue.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(jsonValue as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
}
