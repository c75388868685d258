// The real `npm pack` file list (one dry run, no scripts): it holds what a consumer imports and runs, and the cheap
// copy other tests install from (test/support/installed-copy.ts) holds exactly the same files, so neither can drift.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedCopy, type InstalledCopy } from '../support/installed-copy';

const REPO = resolve(import.meta.dirname, '../..');

interface PackageJson {
  exports: Record<string, string | Record<string, string>>;
  types?: string;
  main?: string;
  bin: Record<string, string>;
}

/** Every file under `dir`, relative to it, leaving out the dependencies linked into the copy. */
function filesUnder(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.name === 'node_modules' && dir === root) return [];
    return entry.isDirectory() ? filesUnder(path, root) : [relative(root, path)];
  });
}

/** The files package.json points a consumer at: every export condition, `types`/`main`, every bin. */
function entryPoints(pkg: PackageJson): string[] {
  const targets = Object.values(pkg.exports).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)));
  return [...targets, pkg.types, pkg.main, ...Object.values(pkg.bin)].filter((p): p is string => p !== undefined).map((p) => p.replace(/^\.\//, ''));
}

describe('the packed package', { timeout: 120_000 }, () => {
  let packed: Set<string>;
  let copy: InstalledCopy;
  beforeAll(() => {
    // --ignore-scripts: `prepare` would build again; the suite's build is what is packed.
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    packed = new Set((JSON.parse(out) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((file) => file.path));
    copy = installedCopy();
  });
  afterAll(() => copy.cleanup());

  it('holds every entry point package.json names (exports, types, bin) and the declarations beside the built entry', () => {
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as PackageJson;
    const entries = entryPoints(pkg);
    expect(entries).toEqual(expect.arrayContaining(['dist/index.js', 'dist/types/src/index.d.ts', 'bin/pricecrawl.js']));
    expect(entries.filter((path) => !packed.has(path))).toEqual([]);
    // What the CLI's bin loads, and the chunks both entries share.
    expect(packed.has('dist/cli.js')).toBe(true);
    expect([...packed].some((path) => path.startsWith('dist/chunks/'))).toBe(true);
  });

  it('is exactly what installedCopy() copies, file for file', () => {
    const copied = new Set(filesUnder(copy.packageDir));
    expect([...copied].filter((path) => !packed.has(path)).sort()).toEqual([]);
    expect([...packed].filter((path) => !copied.has(path)).sort()).toEqual([]);
  });
});
