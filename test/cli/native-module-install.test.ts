// npm 11 runs a dependency's install scripts only when the project allows them: a project startproject writes allows
// what pricecrawl needs, and a better-sqlite3 left unbuilt stops a crawl with the commands that fix it.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installedCopy, type InstalledCopy } from '../support/installed-copy';

const REPO = resolve(import.meta.dirname, '../..');

/** The copy's better-sqlite3 as npm leaves it when it skipped the install script: the package, no build/. */
function unbuiltSqlite(copy: InstalledCopy): string {
  const dir = join(copy.packageDir, 'node_modules', 'better-sqlite3');
  rmSync(dir);
  const source = realpathSync(join(REPO, 'node_modules', 'better-sqlite3'));
  cpSync(source, dir, { recursive: true, filter: (path) => !path.startsWith(join(source, 'build')) && !path.startsWith(join(source, 'deps')) });
  // Its own dependency, found beside it as npm hoists it.
  symlinkSync(realpathSync(join(REPO, 'node_modules', 'bindings')), join(copy.packageDir, 'node_modules', 'bindings'));
  return dir;
}

const SPIDER = `import { Spider } from 'pricecrawl';
export class OneSpider extends Spider { readonly name = 'one'; override startUrls = ['http://127.0.0.1:9/p']; }
`;

describe('native module installs', { timeout: 60_000 }, () => {
  let copy: InstalledCopy;
  afterEach(() => copy.cleanup());

  it("startproject's package.json allows the install scripts pricecrawl's dependencies need (before: none, so npm 11 left better-sqlite3 unbuilt)", () => {
    copy = installedCopy();
    const run = spawnSync(process.execPath, [copy.bin, 'startproject', 'team'], { cwd: copy.dir, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(copy.dir, 'team', 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
    const own = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { allowScripts: Record<string, boolean> };
    expect(manifest.allowScripts).toEqual(own.allowScripts);
    expect(manifest.allowScripts).toMatchObject({ 'better-sqlite3': true });
    expect(readFileSync(join(copy.dir, 'team', 'README.md'), 'utf8')).toContain('`allowScripts`');
  });

  it('a crawl whose better-sqlite3 was never built says what to run, exit 2 (before: "Could not locate the bindings file. Tried:" and thirteen paths, exit 1)', () => {
    copy = installedCopy();
    const sqlite = unbuiltSqlite(copy);
    writeFileSync(join(copy.dir, 'one.ts'), SPIDER);
    const run = spawnSync(process.execPath, [copy.bin, 'crawl', 'one.ts', '--storage', join(copy.dir, 'storage')], { cwd: copy.dir, encoding: 'utf8' });
    expect(run.stderr.trim().split('\n')).toEqual([
      `pricecrawl: better-sqlite3's native module was never built in ${sqlite}: npm skipped its install script (npm 11 runs a dependency's install scripts only when package.json's "allowScripts" names it). In ${copy.dir} run: npm install-scripts approve better-sqlite3 esbuild --no-allow-scripts-pin && npm rebuild better-sqlite3 esbuild`,
    ]);
    expect(run.status).toBe(2);
  });
});
