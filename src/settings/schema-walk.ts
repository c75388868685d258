// Walks the zod settings schema by dotted path: resolves env/CLI key spellings and leaf types.
import { z } from 'zod';
import { settingsSchema } from './schema';
import { HOST_KEYED } from './sections/host-keyed';

type AnySchema = z.ZodType;

/** Strips default/prefault/optional wrappers to reach the schema that describes the value. */
function unwrap(schema: AnySchema): AnySchema {
  let current: AnySchema = schema;
  for (;;) {
    const def = (current as unknown as { _zod: { def: { type: string; innerType?: AnySchema; in?: AnySchema } } })._zod.def;
    if ((def.type === 'default' || def.type === 'prefault' || def.type === 'optional' || def.type === 'nullable') && def.innerType) {
      current = def.innerType;
    } else if (def.type === 'pipe' && def.in) {
      current = def.in; // a transform (host-keyed records respell their keys): the keys are the input's
    } else {
      return current;
    }
  }
}

function typeOf(schema: AnySchema): string {
  return (schema as unknown as { _zod: { def: { type: string } } })._zod.def.type;
}

/** A union's object members (an extension's entry is an object or `false`): where its keys come from. */
function objectMembers(schema: AnySchema): z.ZodObject[] {
  const options = (schema as unknown as { _zod: { def: { options: AnySchema[] } } })._zod.def.options;
  return options.map(unwrap).filter((option) => typeOf(option) === 'object') as z.ZodObject[];
}

function childKeys(schema: AnySchema): string[] | null {
  const inner = unwrap(schema);
  if (typeOf(inner) === 'union') {
    const members = objectMembers(inner);
    return members.length > 0 ? [...new Set(members.flatMap((member) => Object.keys(member.shape)))] : null;
  }
  return typeOf(inner) === 'object' ? Object.keys((inner as z.ZodObject).shape) : null;
}

function child(schema: AnySchema, key: string): AnySchema | null {
  const inner = unwrap(schema);
  if (typeOf(inner) === 'union') return objectMembers(inner).map((member) => (member.shape as Record<string, AnySchema>)[key]).find(Boolean) ?? null;
  if (typeOf(inner) === 'object') return ((inner as z.ZodObject).shape as Record<string, AnySchema>)[key] ?? null;
  if (typeOf(inner) === 'record') return (inner as unknown as { _zod: { def: { valueType: AnySchema } } })._zod.def.valueType;
  return null;
}

/** Schema node at a dotted path of canonical keys, or null when no such setting exists. */
export function schemaAt(path: string[]): AnySchema | null {
  let node: AnySchema | null = settingsSchema;
  for (const key of path) {
    if (!node) return null;
    node = child(node, key);
  }
  return node;
}

/**
 * Maps segments to the schema's camelCase keys. `loose` (environment variables, which are upper-case
 * by convention: `MIN_INTERVAL_MS`) ignores case and underscores; otherwise keys must match exactly.
 * Returns null when a segment names no setting.
 */
export function canonicalPath(segments: string[], loose = false): string[] | null {
  return pathFrom(settingsSchema, segments, loose);
}

function pathFrom(node: AnySchema | null, segments: string[], loose: boolean): string[] | null {
  if (segments.length === 0) return [];
  if (!node) return null;
  const keys = childKeys(node);
  if (!keys) return recordPath(node, segments, loose);
  const squash = loose ? (s: string) => s.replace(/[_-]/g, '').toLowerCase() : (s: string) => s;
  const match = keys.find((k) => squash(k) === squash(segments[0]));
  if (match === undefined) return null;
  const rest = pathFrom(child(node, match), segments.slice(1), loose);
  return rest && [match, ...rest];
}

/**
 * A record keeps its keys as written, and a host key has dots of its own: in
 * `politeness.hosts.shop.example.maxConcurrency` the key is `shop.example`. Before, the key was the one
 * segment `shop`, so no per-host setting of a real host could be given with `-s` (and the did-you-mean of a
 * misspelt host block suggested a path `-s` refused). The key is the longest run of segments after which the
 * rest still names a setting of the record's entries. When none does, the last segment is read as a field
 * the entries lack, so the loader names it with the key it probably meant (a whole entry of a dotted host is
 * given as the record's JSON: `politeness.hosts={"shop.example":{...}}`).
 */
function recordPath(node: AnySchema, segments: string[], loose: boolean): string[] | null {
  const entry = child(node, segments[0]);
  if (!entry) return null;
  for (let length = segments.length - 1; length >= 1; length--) {
    const rest = pathFrom(entry, segments.slice(length), loose);
    if (rest) return [segments.slice(0, length).join('.'), ...rest];
  }
  // Entries with no fields (a header's value) take every segment as their key.
  if (segments.length === 1 || !childKeys(entry)) return [segments.join('.')];
  return [segments.slice(0, -1).join('.'), segments[segments.length - 1]];
}

/** Whether the setting at `path` (canonical keys) is a record keyed by host (`politeness.hosts`, `blockDetection.hosts`, ...). */
export function isHostKeyedAt(path: string[]): boolean {
  let node = schemaAt(path);
  // Only the wrappers a section puts around the record (its default); the record itself is a transform.
  while (node && !HOST_KEYED.has(node)) {
    const def = (node as unknown as { _zod: { def: { type: string; innerType?: AnySchema } } })._zod.def;
    node = def.type === 'default' || def.type === 'prefault' || def.type === 'optional' ? (def.innerType ?? null) : null;
  }
  return node !== null;
}

/** Parses a CLI/env string into the type the setting expects (strings stay strings). */
export function parseSettingValue(path: string[], raw: string): unknown {
  const node = schemaAt(path);
  const kind = node ? typeOf(unwrap(node)) : 'unknown';
  if (kind === 'string' || kind === 'enum') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw; // zod then reports the type mismatch with the key path
  }
}

/**
 * The keys the object at `path` accepts, through records (a host's block under `politeness.hosts`), or null
 * when no object is there: where a misspelt nested key is compared, since no dotted path lists record keys.
 */
export function keysAt(path: readonly PropertyKey[]): string[] | null {
  const node = schemaAt(path.map(String));
  return node ? childKeys(node) : null;
}

/** Every dotted setting path (objects and leaves; record keys are free-form, so not below them). */
export function settingPaths(schema: AnySchema = settingsSchema, prefix = ''): string[] {
  const keys = childKeys(schema);
  if (!keys) return [];
  return keys.flatMap((key) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...settingPaths(child(schema, key) as AnySchema, path)];
  });
}
