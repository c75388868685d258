// Where the compiled twins of a project's TypeScript modules live, and whether a cached compilation still matches its sources.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';

/**
 * A twin must resolve the bare imports of its source (`import ... from 'pricecrawl'`) to the same files
 * without help, so it lives inside the node_modules folder that Node searches first from the source: from
 * there, Node's upward search passes through that folder and all its ancestors, as it does from the source
 * (the folders in between have no node_modules, or that one would be nearer). None: no cache (the caller
 * then falls back to loader hooks; a bare import could not resolve from the source either).
 */
export function cacheDirFor(file: string): string | null {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (basename(dir) === 'node_modules') return join(dir, '.cache', 'pricecrawl');
    if (existsSync(join(dir, 'node_modules'))) return join(dir, 'node_modules', '.cache', 'pricecrawl');
    if (dirname(dir) === dir) return null;
  }
}

/**
 * The twin's path: keyed by the source's path (not its content, so twins that import each other in a cycle can
 * name each other before either is compiled). `.mjs` for an ES module twin, `.cjs` for a `.cts` file's CommonJS one.
 */
export function twinPath(file: string, cacheDir: string, ext: '.mjs' | '.cjs' = '.mjs'): string {
  return join(cacheDir, `${basename(file, extname(file))}-${sha256(file).slice(0, 16)}${ext}`);
}

export function manifestPath(entry: string, cacheDir: string): string {
  return join(cacheDir, `${basename(entry, extname(entry))}-${sha256(entry).slice(0, 16)}.json`);
}

/** What a compilation read: every project file of the entry's graph and each one's nearest tsconfig.json (paths, decorators, JSX), by content hash. */
export interface CompileManifest {
  compiler: string;
  /** Absolute path → sha256 of its content; null for a tsconfig.json that did not exist. */
  inputs: Record<string, string | null>;
  /** The twins written (absolute paths). */
  twins: string[];
}

/** True when the entry's last compilation used this compiler and none of its inputs changed since. */
export function isFresh(entry: string, cacheDir: string, compiler: string): boolean {
  let manifest: CompileManifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath(entry, cacheDir), 'utf8')) as CompileManifest;
  } catch {
    return false;
  }
  if (manifest.compiler !== compiler) return false;
  for (const [path, hash] of Object.entries(manifest.inputs)) if (contentHash(path) !== hash) return false;
  return manifest.twins.every((twin) => existsSync(twin));
}

/** Several crawl processes (`--processes N`) may compile the same file at once: each writes a whole file under a private name and renames it into place. */
export function writeAtomically(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, path);
}

/** sha256 of a file's content; null when it does not exist. */
export function contentHash(path: string): string | null {
  try {
    return sha256(readFileSync(path));
  } catch {
    return null;
  }
}

/** The tsconfig.json that governs a file: the nearest one up the folder tree (what esbuild reads). */
export function nearestTsconfig(file: string): string {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const candidate = join(dir, 'tsconfig.json');
    if (existsSync(candidate) || dirname(dir) === dir) return candidate;
  }
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** `require`, `module.exports` or `exports.x`: a module written as CommonJS. */
export const COMMONJS_SYNTAX = /\brequire\s*\(|\bmodule\.exports\b|\bexports\.\w/;

/** The nearest package.json does not say `"type": "module"` (or there is none). */
export function isCommonJsScope(file: string): boolean {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: string }).type !== 'module';
    if (dirname(dir) === dir) return true;
  }
}
