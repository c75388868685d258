// `genspider --template api` writes a spider that reads a JSON API (zod-checked pages, exact price strings, a next
// page), which compiles and passes its own contract; before, the templates all read HTML pages (or a rate matrix).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/run-cli';
import { scratchProject, type ScratchProject } from '../support/scratch-project';

describe('genspider --template api', { timeout: 240_000 }, () => {
  let project: ScratchProject;
  beforeAll(async () => {
    project = scratchProject();
    const made = await cli(['genspider', 'feed-shop', 'api.shop.example', '--template', 'api', '--root', project.root]);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
  }, 240_000);
  afterAll(() => project.cleanup());

  it('writes a spider that compiles and imports only pricecrawl', () => {
    const source = readFileSync(join(project.root, 'spiders', 'feed-shop.ts'), 'utf8');
    expect(new Set([...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]))).toEqual(new Set(['pricecrawl']));
    expect(source).toContain("override startUrls = ['https://api.shop.example/api/products?page=1'];");
    const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', join(project.root, 'tsconfig.json')], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it("types the spider's settings, so a misspelt key fails tsc where the spider is written", () => {
    const file = join(project.root, 'spiders', 'feed-shop.ts');
    const source = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, source.replace('jitterMs: 500', 'jiterMs: 500'));
      const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', join(project.root, 'tsconfig.json')], { encoding: 'utf8' });
      expect(tsc.stdout).toContain("'jiterMs' does not exist");
      expect(tsc.status).not.toBe(0);
    } finally {
      writeFileSync(file, source);
    }
  });

  it('passes its own contract: one priced item, the unpriced one dropped with its reason, the next page', async () => {
    const run = await cli(['check', 'feed-shop', '--root', project.root]);
    expect(run.stdout).toMatch(/feed-shop +page +parse +1 +1 +pass/);
    expect(run.code).toBe(0);
  });
});
