// pricecrawl as `npm install` leaves it in a user's folder: the published files under <dir>/node_modules/pricecrawl, no checkout around them.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../..');

export interface InstalledCopy {
  /** The user's folder (no pricecrawl.config.json). */
  dir: string;
  /** <dir>/node_modules/pricecrawl */
  packageDir: string;
  /** Its bin/pricecrawl.js, to run as `npx pricecrawl` would. */
  bin: string;
  cleanup(): void;
}

/**
 * A copy, not a link: a link resolves to the checkout, which is exactly what an installed package is not.
 * Its runtime dependencies are the checkout's, linked one by one, and its dev dependencies (TypeScript) are
 * missing, as after `npm install pricecrawl`.
 */
export function installedCopy(): InstalledCopy {
  const dir = mkdtempSync(join(tmpdir(), 'pricecrawl-user-'));
  const packageDir = join(dir, 'node_modules', 'pricecrawl');
  mkdirSync(packageDir, { recursive: true });
  // What `npm pack` puts in the tarball: package.json's `files`.
  const { files, dependencies } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { files: string[]; dependencies: Record<string, string> };
  for (const file of ['package.json', ...files]) cpSync(join(REPO, file), join(packageDir, file), { recursive: true, filter: (path) => !path.includes('/node_modules/') });
  for (const name of Object.keys(dependencies)) {
    mkdirSync(dirname(join(packageDir, 'node_modules', name)), { recursive: true });
    // Resolved through its real path, each finds its own dependencies beside it in the checkout.
    symlinkSync(realpathSync(join(REPO, 'node_modules', name)), join(packageDir, 'node_modules', name));
  }
  return { dir, packageDir, bin: join(packageDir, 'bin', 'pricecrawl.js'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
