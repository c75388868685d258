// Compiles a project's CommonJS TypeScript module (`.cts`) into one CommonJS twin that Node loads without loader hooks.
import { readFileSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildFailure } from 'esbuild';
import { twinOf, userModuleError, writeTwin } from './compile-user-module';
import { contentHash, nearestTsconfig, twinPath, type CompileManifest } from './user-module-cache';

/** `require(x)` or `import(x)` with a computed specifier would resolve at run time from the twin, not from the source. */
const COMPUTED_LOAD = /\b(?:require|import)\s*\(\s*(?!['"`)])/;

/** A `.cts` file the compiled path cannot load as its author meant; tsx's hooks cannot load a `.cts` either (see below). */
export class CommonJsModuleRefused extends Error {}

/**
 * Why a `.cts` is compiled rather than left to tsx: through tsx's ES hooks Node 20 runs it with the ES loader's
 * stand-in `require`, which fails on `require('pricecrawl')` ("Cannot read properties of undefined (reading
 * 'exports')", or "request for … is not in cache"); through tsx's CommonJS hooks `require('pricecrawl')`
 * compiles the package's ES modules into a second CommonJS copy, whose `Spider` is not the engine's. The twin is
 * plain CommonJS: Node's own `require` loads `pricecrawl` as the ES module the engine already loaded (require of
 * an ES module), so the spider extends the one `Spider` the package exports.
 *
 * Why one bundle here, unlike the ES twins (one per file): a CommonJS twin cannot `require` an ES twin by URL,
 * so the project files the `.cts` imports (TypeScript or JavaScript) are compiled into it; packages and Node's
 * built-ins stay `require`s that Node resolves from the twin's folder as from the source's.
 */
export async function compileCommonJs(entry: string, compiler: string): Promise<CompileManifest> {
  if (COMPUTED_LOAD.test(readFileSync(entry, 'utf8'))) throw new CommonJsModuleRefused(`${entry} requires or imports a computed path, which a .cts cannot load here; write it as an ES module (.ts) or as JavaScript (.cjs)`);
  const esbuild = await import('esbuild');
  const twin = twinPath(entry, dirname(twinOf(entry)), '.cjs');
  let result;
  try {
    result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      packages: 'external',
      write: false,
      metafile: true,
      format: 'cjs',
      platform: 'node',
      target: `node${process.versions.node}`,
      conditions: [],
      absWorkingDir: dirname(entry),
      outfile: twin,
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'silent',
      // The source's names, not the twin's (the project files bundled in share the entry's).
      define: { __filename: JSON.stringify(entry), __dirname: JSON.stringify(dirname(entry)) },
    });
  } catch (error) {
    throw userModuleError(error as BuildFailure, entry);
  }
  const manifest: CompileManifest = { compiler, inputs: {}, twins: [twin] };
  for (const input of Object.keys(result.metafile.inputs)) {
    const file = resolvePath(dirname(entry), input);
    manifest.inputs[file] = contentHash(file);
    const tsconfig = nearestTsconfig(file);
    manifest.inputs[tsconfig] ??= contentHash(tsconfig);
  }
  for (const output of result.outputFiles) writeTwin(output.path, output.path.endsWith('.map') ? withSourceUrls(output.text, dirname(output.path)) : output.text);
  return manifest;
}

/** The map names its sources relative to the twin; stack traces should name them wherever the cache is. */
function withSourceUrls(mapText: string, twinDir: string): string {
  const map = JSON.parse(mapText) as { sources: string[] };
  map.sources = map.sources.map((source) => pathToFileURL(resolvePath(twinDir, source)).href);
  return JSON.stringify(map);
}
