// The ports (src/ports) and what depends on ports only (engine, downloader chain, pipeline runner, middlewares, stages) never reach a backend.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Code that must see storage only through the ports: only the composition root (storage/open-backends.ts) picks backends. */
const PORT_USERS = ['src/ports', 'src/engine', 'src/downloader', 'src/pipeline', 'middlewares', 'pipelines'];
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The repository files a source file imports (static, type-only and dynamic imports alike). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(SPECIFIER)].map((match) => {
    const target = relative(root, resolve(root, dirname(file), match[2]));
    return target.endsWith('.ts') ? target : `${target}.ts`;
  });
}

/** Every file reachable from `start` by imports, each with the chain that reaches it. */
function reachable(start: string): Map<string, string[]> {
  const seen = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of importsOf(file)) {
      if (seen.has(target) || !statSync(join(root, target), { throwIfNoEntry: false })) continue;
      seen.set(target, [...seen.get(file)!, target]);
      queue.push(target);
    }
  }
  return seen;
}

describe('ports and their users import no backend', () => {
  const files = PORT_USERS.flatMap(sourceFiles);

  it('finds the files it checks', () => {
    for (const dir of PORT_USERS) expect(files.some((file) => file.startsWith(`${dir}/`)), dir).toBe(true);
  });

  it('no import chain from a port, the engine, a middleware or a stage reaches storage/', () => {
    const chains: string[] = [];
    for (const file of files) {
      for (const [target, chain] of reachable(file)) if (target.startsWith('storage/')) chains.push(chain.join(' → '));
    }
    expect(chains).toEqual([]);
  });

  it('ports are types only: every import in src/ports is `import type`', () => {
    const valueImports = sourceFiles('src/ports').flatMap((file) =>
      readFileSync(join(root, file), 'utf8').split('\n').filter((line) => /^import\s+(?!type\b)/.test(line)).map((line) => `${file}: ${line}`),
    );
    expect(valueImports).toEqual([]);
  });
});
