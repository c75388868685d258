// npm runs `prepare` in a pricecrawl that a project depends on by file: path (what startproject writes when run
// from an installed pricecrawl): the installed copy, without TypeScript, must come out of it as it went in.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedCopy, type InstalledCopy } from '../support/installed-copy';

describe('the build script in an installed copy', { timeout: 60_000 }, () => {
  let copy: InstalledCopy;
  beforeAll(() => {
    copy = installedCopy();
  });
  afterAll(() => copy.cleanup());

  it('keeps the built dist/ (types included) and exits 0 instead of deleting it and failing on a missing tsc', () => {
    const before = readFileSync(join(copy.packageDir, 'dist', 'index.js'), 'utf8');
    const run = spawnSync(process.execPath, [join(copy.packageDir, 'scripts', 'build.mjs')], { cwd: copy.packageDir, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('pricecrawl: dist/ is built and TypeScript (a dev dependency) is not installed here: keeping dist/ as it is\n');
    expect(run.status).toBe(0);
    expect(readFileSync(join(copy.packageDir, 'dist', 'index.js'), 'utf8')).toBe(before);
    expect(existsSync(join(copy.packageDir, 'dist', 'types', 'src', 'index.d.ts'))).toBe(true);
    // And the CLI of the copy still runs.
    expect(spawnSync(process.execPath, [copy.bin, 'list'], { cwd: copy.dir, encoding: 'utf8' }).stdout).toContain('demo-jsonld');
  });
});
