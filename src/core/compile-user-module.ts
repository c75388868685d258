// Compiles a project's TypeScript module, and the project files it imports, file by file into ES modules Node imports without loader hooks.
import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, extname, isAbsolute, join, resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildFailure, OnResolveArgs, Plugin, PluginBuild } from 'esbuild';
import { cacheDirFor, COMMONJS_SYNTAX, contentHash, isCommonJsScope, nearestTsconfig, twinPath, writeAtomically, type CompileManifest } from './user-module-cache';

/** Compiled to a twin: Node cannot load these itself. */
const COMPILED = new Set(['.ts', '.mts', '.tsx', '.jsx']);
/** Project JavaScript is imported in place, as Node would; it is read only to check that Node can load what it imports. */
const IN_PLACE = new Set(['.js', '.mjs', '.cjs']);
/** `import(x)` with a computed specifier resolves at run time, relative to the twin instead of the source. */
const COMPUTED_IMPORT = /\bimport\s*\(\s*(?!['"])/;

/** Something the compiled path cannot load as tsx would: the caller loads the module through tsx's hooks instead. */
export class NeedsLoaderHooks extends Error {}

/** A syntax or resolution error in a project file, named by file, line and column. */
export class UserModuleError extends Error {}

/**
 * Why one esbuild build per file with every import external, rather than one bundle: each project file stays
 * one module instance (two spiders importing one helper share it, as under tsx), and an import is linked to
 * what Node would load. A package import stays a bare specifier (the twin sits where Node resolves it as from
 * the source); a project TypeScript file becomes the URL of its twin; anything else (JSON, project JavaScript,
 * tsconfig `paths` aliases, `#imports`) the URL of the file esbuild resolved. `import.meta.url`, `filename`
 * and `dirname` keep naming the source, and a source map per twin names the source's lines in stack traces.
 */
export async function compileGraph(entry: string, compiler: string): Promise<CompileManifest> {
  const esbuild = await import('esbuild');
  const manifest: CompileManifest = { compiler, inputs: {}, twins: [] };
  let wave = [entry];
  const seen = new Set(wave);
  // Breadth first, a wave at a time: the files of one wave compile concurrently in esbuild's service.
  while (wave.length > 0) {
    const next: string[] = [];
    const visit = (file: string) => {
      if (!seen.has(file)) (seen.add(file), next.push(file));
    };
    await Promise.all(wave.map((file) => compileFile(esbuild, file, file === entry, visit, manifest)));
    wave = next;
  }
  return manifest;
}

type Esbuild = typeof import('esbuild');

/** Compiles one file to its twin (the entry always, else TypeScript), or only reads the imports of project JavaScript. */
async function compileFile(esbuild: Esbuild, file: string, isEntry: boolean, visit: (file: string) => void, manifest: CompileManifest): Promise<void> {
  const compiled = isEntry || COMPILED.has(extname(file));
  const source = readFileSync(file, 'utf8');
  if (COMPUTED_IMPORT.test(source)) throw new NeedsLoaderHooks(`${file} imports a computed specifier`);
  // tsx loads an imported `.ts` outside a `"type": "module"` package as CommonJS, where `require` and
  // `module.exports` work; a twin is an ES module. (`__dirname` and `__filename` are defined for every twin.)
  if (!isEntry && COMMONJS_SYNTAX.test(source) && extname(file) === '.ts' && isCommonJsScope(file)) throw new NeedsLoaderHooks(`${file} uses require or module.exports`);
  manifest.inputs[file] = contentHash(file);
  const tsconfig = nearestTsconfig(file);
  manifest.inputs[tsconfig] ??= contentHash(tsconfig);
  const twin = compiled ? twinOf(file) : undefined;
  const linker = new Linker(file, visit, compiled);
  let result;
  try {
    result = await esbuild.build({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node}`,
      // Node's own conditions (import, node, default): without this esbuild adds `module`.
      conditions: [],
      absWorkingDir: dirname(file),
      outfile: twin,
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'silent',
      define: sourceMeta(file),
      plugins: [linker.plugin()],
    });
  } catch (error) {
    throw userModuleError(error as BuildFailure, file);
  }
  if (linker.needsHooks) throw new NeedsLoaderHooks(linker.needsHooks);
  if (!twin) return;
  for (const output of result.outputFiles) writeTwin(output.path, output.path.endsWith('.map') ? withSourceUrl(output.text, file) : output.text);
  manifest.twins.push(twin);
}

/** A cache that cannot be written (a read-only node_modules, a full disk) leaves the module to tsx. */
export function writeTwin(path: string, content: string): void {
  try {
    writeAtomically(path, content);
  } catch (error) {
    throw new NeedsLoaderHooks(`cannot write ${path}: ${(error as Error).message}`);
  }
}

/** The twin of a project file, in the cache beside the node_modules its imports resolve from. */
export function twinOf(file: string): string {
  const cacheDir = cacheDirFor(file);
  if (!cacheDir) throw new NeedsLoaderHooks(`${file} has no node_modules folder above it for the compiled module`);
  return twinPath(file, cacheDir);
}

class Linker {
  needsHooks: string | null = null;

  constructor(
    private readonly importer: string,
    private readonly visit: (file: string) => void,
    private readonly compiled: boolean,
  ) {}

  plugin(): Plugin {
    return {
      name: 'pricecrawl-link',
      setup: (build) => {
        build.onResolve({ filter: /.*/ }, (args) => (args.kind === 'entry-point' || args.pluginData === RESOLVING ? undefined : this.link(build, args)));
      },
    };
  }

  private async link(build: PluginBuild, args: OnResolveArgs): Promise<{ path: string; external: true }> {
    try {
      return await this.linkOne(build, args);
    } catch (error) {
      if (!(error instanceof NeedsLoaderHooks)) throw error;
      this.needsHooks = error.message;
      return { path: args.path, external: true };
    }
  }

  private async linkOne(build: PluginBuild, args: OnResolveArgs): Promise<{ path: string; external: true }> {
    const specifier = args.path;
    const keep = { path: specifier, external: true as const };
    if (isBuiltin(specifier) || isInstalledPackage(specifier, args.resolveDir)) return keep;
    const found = await build.resolve(specifier, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: RESOLVING });
    // Unresolvable: Node reports it at import time, naming the path as the source meant it.
    if (found.errors.length > 0 || found.external) return isPathLike(specifier) ? { path: pathToFileURL(resolvePath(args.resolveDir, specifier)).href, external: true } : keep;
    const ext = extname(found.path);
    if (COMPILED.has(ext)) {
      if (!this.compiled) this.needsHooks = `${this.importer} (JavaScript, loaded as is) imports TypeScript ${found.path}`;
      this.visit(found.path);
      return { path: pathToFileURL(twinOf(found.path)).href, external: true };
    }
    if (IN_PLACE.has(ext)) {
      // Node's ES resolution wants the file's own name; CommonJS `require` finds .js without it.
      if (!this.compiled && args.kind !== 'require-call' && isPathLike(specifier) && resolvePath(args.resolveDir, specifier) !== found.path) this.needsHooks = `${this.importer} imports ${specifier} without its file extension`;
      if (!found.path.includes('/node_modules/')) this.visit(found.path);
    } else if (!(ext === '.json' && args.with.type === 'json')) {
      this.needsHooks = `${this.importer} imports ${found.path}, which Node does not load as a module`;
    }
    return { path: pathToFileURL(found.path).href, external: true };
  }
}

const RESOLVING = Symbol('resolving');

function isPathLike(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../') || isAbsolute(specifier) || specifier.startsWith('file:');
}

/** A bare specifier whose package is installed where Node looks from the source: left for Node to resolve. */
function isInstalledPackage(specifier: string, fromDir: string): boolean {
  if (isPathLike(specifier) || specifier.startsWith('#')) return false;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  for (let dir = fromDir; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', name, 'package.json'))) return true;
    if (dirname(dir) === dir) return false;
  }
}

function sourceMeta(file: string): Record<string, string> {
  return {
    'import.meta.url': JSON.stringify(pathToFileURL(file).href),
    'import.meta.filename': JSON.stringify(file),
    'import.meta.dirname': JSON.stringify(dirname(file)),
    // Only where the module declares no such name of its own (esbuild replaces unbound identifiers).
    __filename: JSON.stringify(file),
    __dirname: JSON.stringify(dirname(file)),
  };
}

/** The twin's map names the source by URL, wherever the cache is. */
function withSourceUrl(mapText: string, file: string): string {
  const map = JSON.parse(mapText) as { sources: string[] };
  map.sources = map.sources.map(() => pathToFileURL(file).href);
  return JSON.stringify(map);
}

export function userModuleError(failure: BuildFailure, file: string): Error {
  if (!Array.isArray(failure.errors)) return failure;
  const lines = failure.errors.map((error) => {
    const where = error.location ? `${resolvePath(dirname(file), error.location.file)}:${error.location.line}:${error.location.column + 1}` : file;
    return `${where}: ${error.text}`;
  });
  return new UserModuleError(lines.join('\n'));
}
