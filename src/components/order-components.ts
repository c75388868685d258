// Orders built-in and added components by name: built-ins keep their order, added ones stand where before/after say.
import { didYouMean } from '../core/closest-name';
import { SettingsError } from '../core/errors';

export interface NamedComponent<T> {
  name: string;
  value: T;
  /** `built-in`, or the module path an added component came from (shown in the start-up log). */
  origin: string;
  /** A built-in the settings moved: where to (`after sessions`), for the start-up log. */
  moved?: string;
}

export interface AddedComponent<T> extends Omit<NamedComponent<T>, 'value'> {
  /** Undefined when the entry has no module: it moves the built-in of its name. */
  value: T | undefined;
  before?: string;
  after?: string;
}

type PlacedComponent<T> = AddedComponent<T> & NamedComponent<T>;

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
 * Built-ins keep their default order; each added component is placed right after (or right before)
 * the component it names, in the order the settings list them, so `after: "sessions"` means next to
 * sessions, not merely somewhere below it. An added component with a built-in's name replaces it: in
 * place, or where its before/after say (its own module, or without one the built-in itself, moved).
 * Unknown names and before/after chains that never reach the chain (a cycle) stop the start.
 */
export function orderComponents<T>(builtIns: readonly NamedComponent<T>[], added: readonly AddedComponent<T>[], options: OrderOptions): NamedComponent<T>[] {
  const { section } = options;
  const builtInByName = new Map(builtIns.map((c) => [c.name, c]));
  const builtInNames = new Set(builtInByName.keys());
  const placed = added.map((c) => withValue(c, builtInByName, options));
  const inPlace = (c: PlacedComponent<T>) => builtInNames.has(c.name) && c.before === undefined && c.after === undefined;
  const replacing = new Map(placed.filter(inPlace).map((c) => [c.name, c]));
  const extra = placed.filter((c) => !inPlace(c));
  const moved = new Set(extra.map((c) => c.name).filter((name) => builtInNames.has(name)));
  const known = new Set([...builtInNames, ...extra.map((c) => c.name)]);
  for (const name of options.disabled) {
    if (!known.has(name)) throw new SettingsError(`${section}.disabled: unknown ${options.kind} "${name}"${didYouMean(name, [...known])}; known ${options.kind}s: ${[...known].join(', ')}`);
  }
  const disabled = new Set(options.disabled);
  const sequence: NamedComponent<T>[] = builtIns.filter((c) => !disabled.has(c.name) && !moved.has(c.name)).map((c) => replacing.get(c.name) ?? c);
  const keptNames = new Set([...sequence.map((c) => c.name), ...extra.filter((c) => !disabled.has(c.name)).map((c) => c.name)]);
  let waiting = extra.filter((c) => !disabled.has(c.name));
  // Components placed after the same anchor keep the settings' order: each goes behind the earlier ones.
  const placedAfter = new Map<string, number>();
  while (waiting.length > 0) {
    const still: PlacedComponent<T>[] = [];
    for (const component of waiting) {
      const named = component.before ?? component.after;
      if (named !== undefined && !keptNames.has(named)) {
        const why = disabled.has(named) ? `: ${section}.disabled leaves it out; name a ${options.kind} still in the chain` : didYouMean(named, [...keptNames]);
        throw new SettingsError(`${section}.add.${component.name}: ${component.before ? 'before' : 'after'} names "${named}", which is not in the chain${why} (in it: ${[...keptNames].join(', ')})`);
      }
      const anchor = named ?? (options.defaultBefore !== null && keptNames.has(options.defaultBefore) ? options.defaultBefore : null);
      const at = anchor === null ? sequence.length : sequence.findIndex((c) => c.name === anchor);
      if (at < 0) {
        still.push(component); // its anchor is another added component not placed yet
        continue;
      }
      if (anchor !== null && component.after !== undefined) {
        const earlier = placedAfter.get(anchor) ?? 0;
        sequence.splice(at + 1 + earlier, 0, component);
        placedAfter.set(anchor, earlier + 1);
      } else {
        sequence.splice(at, 0, component);
      }
    }
    if (still.length === waiting.length) throw new SettingsError(`${section}.add: before/after form a cycle among ${still.map((c) => c.name).join(', ')}`);
    waiting = still;
  }
  return sequence;
}

/** An entry without a module moves the built-in of its name: the built-in's own code, placed where before/after say. */
function withValue<T>(component: AddedComponent<T>, builtIns: ReadonlyMap<string, NamedComponent<T>>, options: OrderOptions): PlacedComponent<T> {
  if (component.value !== undefined) return { ...component, value: component.value };
  const builtIn = builtIns.get(component.name);
  if (!builtIn) {
    const { section, kind } = options;
    throw new SettingsError(`${section}.add.${component.name}: no module, and no built-in ${kind} of that name to move${didYouMean(component.name, [...builtIns.keys()])}; a ${kind} of the project's names its module (built-in ${kind}s: ${[...builtIns.keys()].join(', ')})`);
  }
  const where = component.before !== undefined ? `before ${component.before}` : `after ${component.after ?? ''}`;
  return { ...component, value: builtIn.value, origin: builtIn.origin, moved: `moved ${where}` };
}
