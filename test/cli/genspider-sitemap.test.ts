// `genspider --template sitemap` writes a SitemapSpider (the shop's robots.txt → its sitemaps → product pages by
// rule), which compiles and passes its own contracts; before, no template read a sitemap.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/run-cli';
import { scratchProject, type ScratchProject } from '../support/scratch-project';

describe('genspider --template sitemap', { timeout: 240_000 }, () => {
  let project: ScratchProject;
  beforeAll(async () => {
    project = scratchProject();
    const made = await cli(['genspider', 'map-shop', 'shop.example', '--template', 'sitemap', '--root', project.root]);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
  }, 240_000);
  afterAll(() => project.cleanup());

  it('writes a SitemapSpider that compiles and imports only pricecrawl', () => {
    const source = readFileSync(join(project.root, 'spiders', 'map-shop.ts'), 'utf8');
    expect(new Set([...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]))).toEqual(new Set(['pricecrawl']));
    expect(source).toContain('extends SitemapSpider');
    expect(source).toContain("override sitemapUrls = ['https://shop.example/robots.txt'];");
    const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', join(project.root, 'tsconfig.json')], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('passes its own contracts: the sitemap routes product pages by rule, the product page gives its item', async () => {
    const run = await cli(['check', 'map-shop', '--root', project.root]);
    expect(run.stdout).toMatch(/map-shop +sitemap +parseSitemap +0 +2 +pass/);
    expect(run.stdout).toMatch(/map-shop +product +parseProduct +1 +0 +pass/);
    expect(run.code).toBe(0);
  });
});
