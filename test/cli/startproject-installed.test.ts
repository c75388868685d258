// `startproject` run by an installed pricecrawl (npm install pricecrawl, npx) names pricecrawl as it was installed,
// not by a path into another folder's node_modules (or npm's npx cache), which pruning or a cache clean removes.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installedCopy, type InstalledCopy } from '../support/installed-copy';

const VERSION = (JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version;

/** npm's hidden lockfile beside the installed copy, with `resolved` as npm writes it. */
function lockWith(copy: InstalledCopy, resolved: string): void {
  const entry = { version: VERSION, resolved, integrity: 'sha512-AAAA' };
  writeFileSync(join(copy.dir, 'node_modules', '.package-lock.json'), JSON.stringify({ name: 'user', lockfileVersion: 3, packages: { 'node_modules/pricecrawl': entry } }));
}

/** Runs the copy's `startproject team` in its folder; the new project's package.json and README. */
function startproject(copy: InstalledCopy): { dependency: string; readme: string } {
  const run = spawnSync(process.execPath, [copy.bin, 'startproject', 'team'], { cwd: copy.dir, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  const manifest = JSON.parse(readFileSync(join(copy.dir, 'team', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  return { dependency: manifest.dependencies.pricecrawl, readme: readFileSync(join(copy.dir, 'team', 'README.md'), 'utf8') };
}

describe('startproject from an installed pricecrawl', { timeout: 60_000 }, () => {
  let copy: InstalledCopy;
  afterEach(() => copy.cleanup());

  it('installed from the registry: depends on the version, not on node_modules/pricecrawl', () => {
    copy = installedCopy();
    lockWith(copy, `https://registry.npmjs.org/pricecrawl/-/pricecrawl-${VERSION}.tgz`);
    const { dependency, readme } = startproject(copy);
    // Before: "file:<dir>/node_modules/pricecrawl", a folder of another project (or of the npx cache).
    expect(dependency).toBe(`^${VERSION}`);
    expect(readme).not.toContain('node_modules/pricecrawl');
  });

  it('installed from a tarball file: depends on that tarball by its absolute path', () => {
    copy = installedCopy();
    mkdirSync(join(copy.dir, 'vendor'));
    writeFileSync(join(copy.dir, 'vendor', `pricecrawl-${VERSION}.tgz`), 'a tarball');
    lockWith(copy, `file:vendor/pricecrawl-${VERSION}.tgz`);
    expect(startproject(copy).dependency).toBe(`file:${join(copy.dir, 'vendor', `pricecrawl-${VERSION}.tgz`)}`);
  });

  it('installed with no npm lockfile to say how (another package manager): depends on the version', () => {
    copy = installedCopy();
    expect(startproject(copy).dependency).toBe(`^${VERSION}`);
  });
});
