// Where the pricecrawl package itself lives (a checkout or node_modules/pricecrawl), from source or from dist/.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

let cached: string | null = null;

/**
 * The folder of pricecrawl's own package.json. Found by walking up from this module rather than by a
 * fixed `../..`, because the same code runs from `src/app/project/` (tests, tsx) and bundled in `dist/chunks/`.
 */
export function packageRoot(): string {
  if (cached) return cached;
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'pricecrawl') return (cached = dir);
    if (dirname(dir) === dir) throw new Error(`pricecrawl: cannot find its own package.json above ${import.meta.dirname}`);
  }
}
