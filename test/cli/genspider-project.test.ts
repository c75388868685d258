// genspider in a team's own project (startproject's layout: spiders/ scanned, no index registry), and outside any project.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedCopy, type InstalledCopy } from '../support/installed-copy';
import { cli } from '../support/run-cli';
import { teamProject } from '../support/team-project';

describe('genspider outside this checkout', { timeout: 120_000 }, () => {
  let project: string;
  let user: InstalledCopy;

  beforeAll(() => {
    project = teamProject({ 'pricecrawl.config.json': JSON.stringify({ project: { spiders: ['spiders'] } }) }).root;
    user = installedCopy();
  });
  afterAll(() => {
    rmSync(project, { recursive: true, force: true });
    user.cleanup();
  });

  it('in a project whose spiders/ has no index: writes the spider and its stubs, found by name, contracts passing', async () => {
    const made = await cli(['genspider', 'acme', '127.0.0.1:8311'], { cwd: join(project) });
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain(`${join(project, 'spiders')} has no index module: its spiders are found by their name, "acme" included`);
    expect(existsSync(join(project, 'spiders', 'index.ts'))).toBe(false);
    expect(readdirSync(join(project, 'spiders', 'fixtures', 'acme')).sort()).toEqual(['listing.html', 'listing.json', 'product.html', 'product.json']);
    expect((await cli(['list'], { cwd: project })).stdout).toContain('acme  (127.0.0.1:8311)');
    const check = await cli(['check', 'acme'], { cwd: join(project, 'spiders') });
    expect(check.stdout).toContain('2 of 2 contracts passed');
  });

  it('outside any project, from an installed copy: refuses with the fix instead of writing into node_modules', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, [user.bin, 'genspider', 'acme', 'shop.example'], { cwd: user.dir, encoding: 'utf8' });
    expect(run.stderr).toBe(`pricecrawl: genspider: no pricecrawl.config.json in ${user.dir} or above; run it inside a project (create one with  pricecrawl startproject <dir>), or pass --root <project dir>\n`);
    expect(run.status).toBe(2);
    expect(existsSync(join(user.packageDir, 'spiders', 'acme.ts'))).toBe(false);
  });
});
