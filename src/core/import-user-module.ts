// Imports a project's own module (spider, middleware, stage, extension) by path: TypeScript or JavaScript, always ESM.
import { readFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { extname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheDirFor, COMMONJS_SYNTAX, isCommonJsScope, isFresh, manifestPath, twinPath } from './user-module-cache';

/**
 * How a project module loads, fastest first:
 * - `.cjs` as it is: Node needs no help.
 * - `.ts`, `.mts`, `.tsx`, `.js` and `.mjs`: compiled by esbuild, file by file, into twins in
 *   `node_modules/.cache/pricecrawl` (src/core/compile-user-module.ts), then imported. A later start whose
 *   sources, tsconfig.json and compiler are unchanged imports the twins without loading esbuild.
 * - `.cts`: compiled into one CommonJS twin (src/core/compile-commonjs-module.ts says why), or refused with
 *   the reason: tsx's hooks cannot load it with the package's one `Spider`.
 * - Anything the compiled path cannot do as tsx would (a computed `import(x)`, project
 *   JavaScript importing TypeScript or leaving out extensions, an imported `.ts` in a CommonJS-scope package
 *   using `require` or `module.exports`, a JSON import without `with { type: 'json' }`,
 *   no node_modules folder above the file): through tsx's loader hooks, as before.
 *
 * Why an `.mjs` is compiled too rather than imported as it is: one that imports TypeScript fails in Node,
 * and Node keeps that failed module (the `.ts` it could not load) in its module map, so a second try
 * through the hooks fails the same way. Compiling reads its imports before anything is loaded.
 *
 * Why not tsx's hooks always: on Node 20 they run in a loader thread, and every ES import after their
 * registration (the rest of the crawl's start-up included) waits for a round trip to it; tsx and its thread
 * cost ~150–200 ms of the start (bench/README.md, start-up).
 */
export async function importUserModule(path: string): Promise<Record<string, unknown>> {
  if (RUNNING_FROM_SOURCES) return importWithHooks(path);
  const ext = extname(path);
  if (ext === '.cjs' || isCommonJsScript(path)) return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  const url = await compiledUrl(path);
  if (url) {
    // As under tsx: stack traces name the project's TypeScript lines (each twin has a source map).
    process.setSourceMapsEnabled(true);
    return (await import(url)) as Record<string, unknown>;
  }
  if (ext === '.cts') throw new Error(`${path} cannot be compiled here (it needs a node_modules folder above it and a writable cache); write it as an ES module (.ts) or as JavaScript (.cjs)`);
  return importWithHooks(path);
}

/**
 * A `.js` file of a CommonJS project (no `"type": "module"`) written as CommonJS (`require`,
 * `module.exports`, no `import`/`export` statement) is what Node itself would load as CommonJS: it is left to
 * Node, as a `.cjs` is. Compiled as an ES module, its `require('pricecrawl')` would fail with esbuild's
 * "Dynamic require of "pricecrawl" is not supported". A `.js` written as an ES module still loads as one.
 */
function isCommonJsScript(path: string): boolean {
  if (extname(path) !== '.js' || !isCommonJsScope(path)) return false;
  const source = readFileSync(path, 'utf8');
  return COMMONJS_SYNTAX.test(source) && !ESM_SYNTAX.test(source);
}

const ESM_SYNTAX = /^\s*(import\s*[\w{*'"]|export\s)/m;

/**
 * This file itself runs as TypeScript (vitest, or tsx for the bench's children) rather than from dist/:
 * a TypeScript loader is in place already, and project modules must go through it to share its module
 * graph (a spider importing `pricecrawl` then gets the very classes the tests import).
 */
const RUNNING_FROM_SOURCES = import.meta.url.endsWith('.ts');

const require = createRequire(import.meta.url);

/** The compiler's identity: a twin from another esbuild or another Node target is compiled again. */
function compilerId(): string {
  // Read, not required: the cache check should not load anything of esbuild.
  const { version } = JSON.parse(readFileSync(require.resolve('esbuild/package.json'), 'utf8')) as { version: string };
  return `esbuild ${version} node${process.versions.node} pricecrawl-twins 1`;
}

/** The URL of the entry's twin, compiled now unless the cache is fresh; null when only the hooks can load it. */
async function compiledUrl(path: string): Promise<string | null> {
  const cacheDir = cacheDirFor(path);
  if (!cacheDir) return null;
  const compiler = compilerId();
  const commonJs = extname(path) === '.cts';
  if (!isFresh(path, cacheDir, compiler)) {
    const { compileGraph, NeedsLoaderHooks, writeTwin } = await import('./compile-user-module');
    const compile = commonJs ? (await import('./compile-commonjs-module')).compileCommonJs : compileGraph;
    try {
      writeTwin(manifestPath(path, cacheDir), JSON.stringify(await compile(path, compiler)));
    } catch (error) {
      if (error instanceof NeedsLoaderHooks) return null;
      throw error;
    }
  }
  return pathToFileURL(twinPath(path, cacheDir, commonJs ? '.cjs' : '.mjs')).href;
}

/** Marks the URL of a project module so the format hook below loads it as an ES module. */
const ESM_MARK = 'pricecrawl-esm';

/**
 * A project file is ours to interpret: `.ts` and `.js` outside a `"type": "module"` package would load
 * as CommonJS (and fail on `import`, or on the require cycle back into the engine), so files given by
 * path load as ES modules whatever folder they sit in. The hook runs after tsx's (hooks chain last
 * registered first), keeps the URL and only sets the format; `.cts`/`.cjs` keep theirs.
 */
const FORMAT_HOOK = `export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  return result.url.includes(${JSON.stringify(ESM_MARK)}) ? { ...result, format: 'module' } : result;
}`;

let hooks: Promise<void> | null = null;

/** tsx compiles TypeScript on import; registered on first use, so commands that load no project file never pay for it. */
function registerHooks(): Promise<void> {
  hooks ??= (async () => {
    const { register: registerTsx } = await import('tsx/esm/api');
    registerTsx();
    register(`data:text/javascript,${encodeURIComponent(FORMAT_HOOK)}`);
  })();
  return hooks;
}

/** The marked URL differs from the plain one, so a module Node refused to load is loaded afresh. */
async function importWithHooks(path: string): Promise<Record<string, unknown>> {
  await registerHooks();
  const url = pathToFileURL(path);
  if (!path.endsWith('.cts')) url.search = ESM_MARK;
  return (await import(url.href)) as Record<string, unknown>;
}
