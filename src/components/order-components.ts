// Orders built-in and added components by name: built-ins keep their order, added ones stand where before/after say.
import { didYouMean } from '../core/closest-name';
import { SettingsError } from '../core/errors';

export interface NamedComponent<T> {
  name: string;
  value: T;
  /** `built-in`, or the module path an added component came from (shown in the start-up log). */
  origin: string;
}

export interface AddedComponent<T> extends NamedComponent<T> {
  before?: string;
  after?: string;
}

export interface OrderOptions {
  /** `middlewares`, `pipeline`: the settings section, named in errors. */
  section: string;
  /** `middleware`, `stage`: what one component is called in errors. */
  kind: string;
  /** Names to leave out (the section's `disabled`). */
  disabled: readonly string[];
  /** Where an added component without before/after goes: before this built-in (null: at the end). */
  defaultBefore: string | null;
}

/**
 * Built-ins form a chain in their default order; each added component is pinned before or after
 * one name; the result is the stable topological order of those constraints (ties keep built-in
 * order, then the order of the settings). An added component with a built-in's name replaces it in
 * place. Unknown names, a disabled name that exists nowhere and cycles stop the start with one line.
 */
export function orderComponents<T>(builtIns: readonly NamedComponent<T>[], added: readonly AddedComponent<T>[], options: OrderOptions): NamedComponent<T>[] {
  const { section } = options;
  const builtInNames = new Set(builtIns.map((c) => c.name));
  const replacing = new Map(added.filter((c) => builtInNames.has(c.name)).map((c) => [c.name, c]));
  const extra = added.filter((c) => !builtInNames.has(c.name));
  const all = [...builtIns.map((c) => replacing.get(c.name) ?? c), ...extra];
  const known = new Set(all.map((c) => c.name));
  for (const name of options.disabled) {
    if (!known.has(name)) throw new SettingsError(`${section}.disabled: unknown ${options.kind} "${name}"${didYouMean(name, [...known])}; known ${options.kind}s: ${[...known].join(', ')}`);
  }
  const disabled = new Set(options.disabled);
  const kept = all.filter((c) => !disabled.has(c.name));
  const keptNames = new Set(kept.map((c) => c.name));
  // Edges a → b: a runs before b.
  const edges = new Map<string, Set<string>>(kept.map((c) => [c.name, new Set<string>()]));
  const builtInsKept = builtIns.filter((c) => keptNames.has(c.name));
  for (let i = 1; i < builtInsKept.length; i++) edges.get(builtInsKept[i - 1].name)!.add(builtInsKept[i].name);
  for (const component of extra.filter((c) => keptNames.has(c.name))) {
    const anchor = component.before ?? component.after ?? (options.defaultBefore && keptNames.has(options.defaultBefore) ? options.defaultBefore : null);
    if (anchor === null) {
      for (const other of builtInsKept) edges.get(other.name)!.add(component.name);
      continue;
    }
    if (!keptNames.has(anchor)) {
      throw new SettingsError(`${section}.add.${component.name}: ${component.before ? 'before' : 'after'} names "${anchor}", which is not in the chain (known: ${[...keptNames].join(', ')})`);
    }
    if (component.after) edges.get(anchor)!.add(component.name);
    else edges.get(component.name)!.add(anchor);
  }
  return topologicalOrder(kept, edges, section);
}

/** Kahn's algorithm, always taking the earliest ready component in `items` order, so the result is stable. */
function topologicalOrder<T>(items: readonly NamedComponent<T>[], edges: Map<string, Set<string>>, section: string): NamedComponent<T>[] {
  const incoming = new Map(items.map((c) => [c.name, 0]));
  for (const targets of edges.values()) for (const target of targets) incoming.set(target, (incoming.get(target) ?? 0) + 1);
  const out: NamedComponent<T>[] = [];
  const left = [...items];
  while (left.length > 0) {
    const index = left.findIndex((c) => incoming.get(c.name) === 0);
    if (index < 0) throw new SettingsError(`${section}.add: before/after form a cycle among ${left.map((c) => c.name).join(', ')}`);
    const [next] = left.splice(index, 1);
    out.push(next);
    for (const target of edges.get(next.name) ?? []) incoming.set(target, incoming.get(target)! - 1);
  }
  return out;
}
