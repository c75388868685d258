// A throwaway project root for genspider/check tests: its own spiders/ (copied), the machinery symlinked.
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../..');
const LINKED = ['src', 'middlewares', 'pipelines', 'extensions', 'storage', 'demo', 'dist', 'node_modules', 'package.json'];

export interface ScratchProject {
  root: string;
  cleanup(): void;
}

export function scratchProject(): ScratchProject {
  const root = mkdtempSync(join(tmpdir(), 'pricecrawl-project-'));
  for (const entry of LINKED) symlinkSync(join(REPO, entry), join(root, entry));
  cpSync(join(REPO, 'spiders'), join(root, 'spiders'), { recursive: true, filter: (path) => !path.includes(`${join('spiders', 'fixtures')}`) });
  // Type-checks only the project's spiders (and what they import) against the repository's compiler options.
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ extends: join(REPO, 'tsconfig.json'), include: ['spiders'] }));
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
