// Walks the zod settings schema by dotted path: resolves env/CLI key spellings and leaf types.
import { z } from 'zod';
import { settingsSchema } from './schema';

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
  const squash = loose ? (s: string) => s.replace(/[_-]/g, '').toLowerCase() : (s: string) => s;
  const out: string[] = [];
  let node: AnySchema | null = settingsSchema;
  for (const segment of segments) {
    if (!node) return null;
    const keys = childKeys(node);
    const match: string | undefined = keys ? keys.find((k) => squash(k) === squash(segment)) : segment; // records keep keys as written
    if (match === undefined) return null;
    out.push(match);
    node = child(node, match);
  }
  return out;
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
