// Loads one of a project's components from its module: a class, a factory function or a ready object.
import { resolve } from 'node:path';
import { editDistance } from '../core/closest-name';
import { PricecrawlError, SettingsError } from '../core/errors';
import { importUserModule } from '../core/import-user-module';
import { loadFailureCause } from '../core/load-failure-cause';
import { storageFailureCode } from '../engine/storage-failure';

export type ComponentKind = 'middleware' | 'spider-middleware' | 'stage' | 'sink' | 'extension' | 'store';

/** The methods that make a value a component of each kind (at least one of them). */
const SHAPE: Record<ComponentKind, readonly string[]> = {
  middleware: ['processRequest', 'processResponse', 'processError'],
  'spider-middleware': ['processStart', 'processSpiderOutput', 'processSpiderException'],
  stage: ['process'],
  sink: ['write'],
  extension: ['register', 'idle'],
  store: ['writeBatch'],
};

/** Every method the crawl calls on a component of each kind: a method spelled near one of these is a typo. */
const HOOKS: Record<ComponentKind, readonly string[]> = {
  middleware: ['open', 'processRequest', 'processResponse', 'processError', 'checkRedirect', 'awaitRedirect', 'close'],
  'spider-middleware': ['open', 'processStart', 'processSpiderOutput', 'processSpiderException', 'close'],
  stage: ['open', 'process', 'pageDone', 'close'],
  sink: ['open', 'write', 'close'],
  extension: ['register', 'idle', 'close'],
  store: ['writeBatch', 'countItems', 'iterateItems', 'close'],
};

/** Names a Scrapy or event-style port gives a hook (a signal handler's name): too far from the hook for the spelling check. */
const PORTED_NAMES: Partial<Record<ComponentKind, Readonly<Record<string, string>>>> = {
  extension: { spider_idle: 'idle', spiderIdle: 'idle', onIdle: 'idle', onSpiderIdle: 'idle' },
  // Scrapy's names, and its start hook before 2.13.
  'spider-middleware': {
    process_start: 'processStart',
    process_start_requests: 'processStart',
    processStartRequests: 'processStart',
    process_spider_output: 'processSpiderOutput',
    process_spider_output_async: 'processSpiderOutput',
    process_spider_exception: 'processSpiderException',
    // A response is judged before the callback by the downloader middlewares: there is no input hook here.
    process_spider_input: "processResponse, a downloader middleware's hook (middlewares.add)",
    processSpiderInput: "processResponse, a downloader middleware's hook (middlewares.add)",
  },
};

/** Where a component of each kind is named in the settings, for a value listed under the wrong one. */
const SECTION: Record<ComponentKind, string> = { middleware: 'middlewares.add', 'spider-middleware': 'spiderMiddlewares.add', stage: 'pipeline.add', sink: 'pipeline.sinks', extension: 'extensions', store: 'storage.items' };

export interface ComponentSource {
  module: string;
  export?: string;
  options: Record<string, unknown>;
}

/**
 * `module` is resolved against the project folder. The export may be a class (`new X(options)`), a
 * factory (`x(options)`, possibly async) or an object. The component gets the settings key as its
 * `name` when it has none, so logs and the start-up order name it as the project does.
 *
 * A module that cannot be imported, and a constructor or factory that throws, stop the start as a spider
 * file that cannot be loaded does (exit 2, one line naming the component, its file and the cause; the
 * stack with --debug). A throwing constructor used to end the crawl with exit 1 and its bare message
 * ("option header is required", naming no file); an import failure named the compiled twin in the cache,
 * or said `undefined` for a thrown non-Error.
 */
export async function loadComponent<T extends object>(kind: ComponentKind, name: string, source: ComponentSource, projectRoot: string): Promise<T> {
  const path = resolve(projectRoot, source.module);
  const where = `${kind} "${name}" (${source.module})`;
  let module: Record<string, unknown>;
  try {
    module = await importUserModule(path);
  } catch (error) {
    throw new PricecrawlError('COMPONENT_LOAD_FAILED', `${where}: cannot load ${path}: ${loadFailureCause(error)}`, { cause: error });
  }
  const exported = module[source.export ?? 'default'];
  if (exported === undefined) throw new SettingsError(`${where}: ${path} has no export "${source.export ?? 'default'}"${exportsHint(module)}`);
  let value: unknown;
  try {
    value = await instantiate(exported, source.options);
  } catch (error) {
    throw new PricecrawlError('COMPONENT_LOAD_FAILED', `${where}: cannot be made from ${path}: ${loadFailureCause(error)}`, { cause: error });
  }
  if (typeof value !== 'object' || value === null || !SHAPE[kind].some((method) => typeof (value as Record<string, unknown>)[method] === 'function')) {
    throw new SettingsError(`${where}: the export of ${path} is not a ${kind} (it needs ${SHAPE[kind].join(' or ')})${otherKindHint(kind, value)}`);
  }
  const misspelt = misspeltHook(kind, value);
  if (misspelt) throw new SettingsError(`${where}: ${misspelt}`);
  if (!('name' in value) || typeof value.name !== 'string') Object.defineProperty(value, 'name', { value: name, enumerable: true });
  return value as T;
}

/**
 * Runs a component's start-up hook (`open`). One that throws stops the start as a component that cannot be
 * made does: exit 2, one line naming it (before: exit 1 with the bare message, "token service down", while
 * the run's record said 2). A store that cannot write, and errors that already carry a code, pass as they
 * are: the first stops the run resumable as it would mid-run.
 */
export async function openComponent(kind: ComponentKind, name: string, open: () => unknown): Promise<void> {
  try {
    await open();
  } catch (error) {
    if (error instanceof PricecrawlError || storageFailureCode(error) !== null) throw error;
    throw new PricecrawlError('COMPONENT_LOAD_FAILED', `${kind} "${name}" failed to open: ${loadFailureCause(error)}`, { cause: error });
  }
}

/** What the module does export, so the entry's `export` can name it (a class exported by name, not as default). */
function exportsHint(module: Record<string, unknown>): string {
  const names = Object.keys(module).filter((name) => !['default', '__esModule', 'module.exports'].includes(name));
  return names.length === 0 ? '; the module exports nothing' : `; it exports ${names.join(', ')}: name one with "export": "<name>" in its entry`;
}

/** A value made for another section (a sink listed under pipeline.add) is told where it belongs. */
function otherKindHint(kind: ComponentKind, value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const has = (method: string) => typeof (value as Record<string, unknown>)[method] === 'function';
  const other = (Object.keys(SHAPE) as ComponentKind[]).find((candidate) => candidate !== kind && SHAPE[candidate].some(has));
  return other ? `; it has ${SHAPE[other].filter(has).join(' and ')}, as a ${other} has: list it under ${SECTION[other]}` : '';
}

/**
 * A method named almost like a hook (`processResponce`, `Close`, `pagedone`) is never called: TypeScript's
 * `implements` allows extra members and the engine looks hooks up by name, so a misspelt response check would
 * let every page through without a word. Short hooks (`open`, `close`, `write`) must differ by case only, so
 * helpers such as `clone` stay allowed.
 */
function misspeltHook(kind: ComponentKind, value: object): string | null {
  const hooks = HOOKS[kind];
  for (const method of methodNames(value)) {
    if (hooks.includes(method)) continue;
    const meant = PORTED_NAMES[kind]?.[method] ?? hooks.find((hook) => editDistance(method, hook) <= (hook.length >= 7 ? 2 : 0));
    if (meant) return `method ${method} is no ${kind} hook and would never be called; did you mean ${meant}? (${kind} hooks: ${hooks.join(', ')})`;
  }
  return null;
}

/** The value's own function properties and its class methods, up to (not including) Object.prototype. */
function methodNames(value: object): string[] {
  const names = new Set<string>();
  for (let level: object | null = value; level && level !== Object.prototype; level = Object.getPrototypeOf(level) as object | null) {
    for (const key of Object.getOwnPropertyNames(level)) {
      if (key !== 'constructor' && typeof Object.getOwnPropertyDescriptor(level, key)?.value === 'function') names.add(key);
    }
  }
  return [...names];
}

async function instantiate(exported: unknown, options: Record<string, unknown>): Promise<unknown> {
  if (typeof exported !== 'function') return exported;
  // A class has a prototype with its own methods; calling it without `new` throws.
  const isClass = /^class[\s{]/.test(Function.prototype.toString.call(exported));
  return isClass ? new (exported as new (o: unknown) => unknown)(options) : await (exported as (o: unknown) => unknown)(options);
}
