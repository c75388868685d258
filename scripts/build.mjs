#!/usr/bin/env node
// Builds the package: dist/ holds the compiled JavaScript (esbuild) and the public type declarations (tsc).
//
// Why esbuild for the JavaScript: the sources import each other without file extensions (resolved by
// tsx, vitest and tsc's bundler resolution), which Node's ESM loader refuses; bundling resolves them
// once at build time. Both entries share one module graph through split chunks, so the CLI and a
// project's `import ... from 'pricecrawl'` see the same classes. Dependencies stay external packages.
// tsc writes the declarations of the public entry (and what it references) into dist/types.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

// npm runs `prepare` in a folder a project depends on by `file:` path, and `startproject` run from an installed
// pricecrawl writes just such a dependency on node_modules/pricecrawl. An installed copy has no dev dependencies
// (no TypeScript): removing its built dist/ and failing to write the types would break it for every project
// that uses it. It is built already, so it is kept as it is.
const tscPath = resolveOrNull('typescript/bin/tsc');
if (tscPath === null) {
  const built = ['cli.js', 'index.js', 'types/src/index.d.ts'].every((file) => existsSync(join(dist, file)));
  if (built) {
    process.stdout.write('pricecrawl: dist/ is built and TypeScript (a dev dependency) is not installed here: keeping dist/ as it is\n');
    process.exit(0);
  }
  process.stderr.write('pricecrawl: cannot build: TypeScript (a dev dependency) is not installed; run `npm install` in the pricecrawl checkout first\n');
  process.exit(1);
}

function resolveOrNull(specifier) {
  try {
    return createRequire(import.meta.url).resolve(specifier);
  } catch {
    return null;
  }
}

const { build } = await import('esbuild');
rmSync(dist, { recursive: true, force: true });

await build({
  absWorkingDir: root,
  entryPoints: { index: 'src/index.ts', cli: 'src/cli/main.ts' },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});

const tsc = spawnSync(process.execPath, [tscPath, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

// Node's own resolution (a project on "module": "NodeNext") needs the declarations' imports named in full.
const { fullySpecifyDeclarations } = await import('./full-specifiers.mjs');
const unresolved = fullySpecifyDeclarations(join(dist, 'types'));
if (unresolved.length > 0) {
  process.stderr.write(`pricecrawl: declaration imports that name no emitted file:\n${unresolved.join('\n')}\n`);
  process.exit(1);
}
