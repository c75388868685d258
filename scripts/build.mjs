#!/usr/bin/env node
// Builds the package: dist/ holds the compiled JavaScript (esbuild) and the public type declarations (tsc).
//
// Why esbuild for the JavaScript: the sources import each other without file extensions (resolved by
// tsx, vitest and tsc's bundler resolution), which Node's ESM loader refuses; bundling resolves them
// once at build time. Both entries share one module graph through split chunks, so the CLI and a
// project's `import ... from 'pricecrawl'` see the same classes. Dependencies stay external packages.
// tsc writes the declarations of the public entry (and what it references) into dist/types.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
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

const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
