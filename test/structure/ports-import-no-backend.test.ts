// The ports (src/ports) and what depends on ports only (engine, downloader chain, pipeline runner, SKU catalog, middlewares, stages) never reach a backend.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reachable, root, sourceFiles } from './import-graph';

/**
 * Code that must see storage only through the ports: only the composition root (storage/open-backends.ts) picks
 * backends. The SKU catalog is here too: it once read failures from frontier.sqlite, and a Redis run lost them.
 */
const PORT_USERS = ['src/ports', 'src/engine', 'src/downloader', 'src/spider-middleware', 'src/pipeline', 'src/catalog', 'middlewares', 'spider-middlewares', 'pipelines'];

describe('ports and their users import no backend', () => {
  const files = PORT_USERS.flatMap(sourceFiles);

  it('finds the files it checks', () => {
    for (const dir of PORT_USERS) expect(files.some((file) => file.startsWith(`${dir}/`)), dir).toBe(true);
  });

  it('no import chain from a port, the engine, the catalog, a middleware or a stage reaches storage/', () => {
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
