// The node flags on bin/pricecrawl.js's shebang line, so the bench runs pricecrawl with the heap settings users get.
import { readFileSync } from 'node:fs';

/** `#!/usr/bin/env -S node --a --b` → `['--a', '--b']`; none when the launcher carries no flags. */
export function launcherNodeFlags(launcherPath = 'bin/pricecrawl.js'): string[] {
  const firstLine = readFileSync(launcherPath, 'utf8').split('\n', 1)[0];
  const match = /^#!.*?\bnode\b(.*)$/.exec(firstLine);
  return match ? match[1].split(' ').filter((part) => part.startsWith('--')) : [];
}
