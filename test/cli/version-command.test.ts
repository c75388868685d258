// `pricecrawl version [-v]` and `--version`, as Scrapy's: before, both were refused (unknown command / option) and a
// bug report had to read node_modules/pricecrawl/package.json by hand.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../support/run-cli';
import { teamProject } from '../support/team-project';

const REPO = resolve(import.meta.dirname, '../..');
const versionOf = (dir: string) => (JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8')) as { version: string }).version;

describe('pricecrawl version', { timeout: 60_000 }, () => {
  it('prints pricecrawl\'s version, not the version of the project it runs in', async () => {
    // A team project with a package.json of its own (version 9.9.9): the answer is the framework's.
    const project = teamProject({ 'package.json': JSON.stringify({ name: 'team', version: '9.9.9', type: 'module' }), 'pricecrawl.config.json': '{}' });
    try {
      const [command, option, short] = await Promise.all([
        cli(['version'], { cwd: project.root }),
        cli(['--version'], { cwd: project.root }),
        cli(['-V'], { cwd: project.root }),
      ]);
      expect([command.code, option.code, short.code]).toEqual([0, 0, 0]);
      expect(command.stdout).toBe(`pricecrawl ${versionOf(REPO)}\n`);
      expect(option.stdout).toBe(`${versionOf(REPO)}\n`);
      expect(short.stdout).toBe(option.stdout);
    } finally {
      project.cleanup();
    }
  });

  it('-v lists Node, the installed parts as installed, and the platform', async () => {
    const run = await cli(['version', '-v']);
    expect(run.code, run.stderr).toBe(0);
    const rows = Object.fromEntries(run.stdout.trim().split('\n').map((line) => line.split(/\s+:\s+/) as [string, string]));
    expect(rows.pricecrawl).toBe(versionOf(REPO));
    expect(rows.node).toBe(process.versions.node);
    // Read from each package's own manifest, wherever its exports point.
    expect(rows['better-sqlite3']).toBe(versionOf(resolve(REPO, 'node_modules/better-sqlite3')));
    expect(rows['@crawlee/core']).toBe(versionOf(resolve(REPO, 'node_modules/@crawlee/core')));
    expect(rows.undici).toBe(versionOf(resolve(REPO, 'node_modules/undici')));
    expect(rows.platform).toBe(`${process.platform} ${process.arch}`);
  });
});
