// A team's own project outside this checkout: its files as given, and pricecrawl linked into its node_modules as `npm install` of a path would.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export interface TeamProject {
  root: string;
  cleanup(): void;
}

/** `files`: path (relative to the project) → content, e.g. `{ 'pricecrawl.config.json': '{}' }`. */
export function teamProject(files: Record<string, string>): TeamProject {
  const root = mkdtempSync(join(tmpdir(), 'pricecrawl-team-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  mkdirSync(join(root, 'node_modules'));
  symlinkSync(resolve(import.meta.dirname, '../..'), join(root, 'node_modules', 'pricecrawl'));
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
