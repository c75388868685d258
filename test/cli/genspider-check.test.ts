// genspider writes a spider that compiles and passes its own contracts; check fails on a wrong price; fetch --save records a page.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpider } from '../../src/app/scaffold/register-spider';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { cli } from '../support/run-cli';
import { scratchProject, type ScratchProject } from '../support/scratch-project';

// Each test spawns the CLI several times (about 1 s each on a quiet machine, far more on a loaded one).
describe('genspider, check and fetch --save', { timeout: 240_000 }, () => {
  let project: ScratchProject;
  let site: CatalogSite;
  const fixture = (spider: string, name: string) => join(project.root, 'spiders', 'fixtures', spider, name);

  beforeAll(async () => {
    project = scratchProject();
    site = await startCatalogSite({ hosts: 1, productsPerHost: 2 });
    const basic = await cli(['genspider', 'acme-shop', 'shop.acme.example', '--root', project.root]);
    expect(basic.stderr).toBe('');
    const browser = await cli(['genspider', 'night-owl', '127.0.0.1:8099', '--template', 'browser', '--root', project.root]);
    expect(browser.stderr).toBe('');
    const structured = await cli(['genspider', 'tidy-markup', 'tidy.example', '--template', 'structured', '--root', project.root]);
    expect(structured.stderr).toBe('');
    const rates = await cli(['genspider', 'rate-desk', 'rates.example', '--template', 'rate-matrix', '--root', project.root]);
    expect(rates.stderr).toBe('');
  }, 240_000);
  afterAll(async () => {
    await site.close();
    project.cleanup();
  });

  it('writes typed spiders that compile, registered once in spiders/index.ts', () => {
    const index = readFileSync(join(project.root, 'spiders', 'index.ts'), 'utf8');
    expect(index).toContain("import { AcmeShopSpider } from './acme-shop';");
    expect(index).toContain("  'night-owl': NightOwlSpider,\n  'tidy-markup': TidyMarkupSpider,\n  'rate-desk': RateDeskSpider,\n};");
    expect(registerSpider(join(project.root, 'spiders', 'index.ts'), 'acme-shop', 'AcmeShopSpider')).toBe(false);
    expect(readFileSync(join(project.root, 'spiders', 'index.ts'), 'utf8')).toBe(index);
    expect(readFileSync(join(project.root, 'spiders', 'night-owl.ts'), 'utf8')).toContain("override fetchMode = 'browser' as const;");
    expect(readFileSync(join(project.root, 'spiders', 'tidy-markup.ts'), 'utf8')).toContain('productItem(res, {}, res.structuredProduct())');
    expect(readFileSync(join(project.root, 'spiders', 'rate-desk.ts'), 'utf8')).toContain('expandMatrix(this.matrix())');
    // A generated spider imports the package by name only: it works in any project, not just next to this repo's spiders/support.
    for (const name of ['acme-shop', 'night-owl', 'tidy-markup', 'rate-desk']) {
      const source = readFileSync(join(project.root, 'spiders', `${name}.ts`), 'utf8');
      expect(new Set([...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1])), name).toEqual(new Set(['pricecrawl']));
    }
    const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', join(project.root, 'tsconfig.json')], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('refuses to overwrite a spider', async () => {
    const again = await cli(['genspider', 'acme-shop', 'other.example', '--root', project.root]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`${join(project.root, 'spiders', 'acme-shop.ts')} exists; pick another name or delete it first (genspider never overwrites)`);
    expect(readFileSync(join(project.root, 'spiders', 'acme-shop.ts'), 'utf8')).toContain("allowedDomains = ['shop.acme.example']");
  });

  it('passes its own contracts, fails on a wrong expected price, and passes again on the right one', async () => {
    const passing = await cli(['check', '--root', project.root]);
    expect(passing.stdout).toMatch(/acme-shop +product +parseProduct +1 +0 +pass/);
    expect(passing.stdout).toMatch(/night-owl +listing +parse +0 +3 +pass/);
    expect(passing.stdout).toMatch(/tidy-markup +product +parseProduct +1 +0 +pass/);
    expect(passing.stdout).toMatch(/rate-desk +rate +parseRate +1 +0 +pass/);
    expect(passing.stdout).toContain('7 of 7 contracts passed');
    expect(passing.code).toBe(0);

    const sidecar = `${fixture('acme-shop', 'product')}.json`;
    const right = readFileSync(sidecar, 'utf8');
    writeFileSync(sidecar, right.replace('"price": "1234.50"', '"price": "1234.5"'));
    const failing = await cli(['check', 'acme-shop', '--root', project.root]);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/acme-shop +product +parseProduct +1 +0 +FAIL/);
    expect(failing.stdout).toContain('acme-shop/product:\n  item 0 price: expected "1234.5", got "1234.50"');
    writeFileSync(sidecar, right);
    expect((await cli(['check', 'acme-shop', '--root', project.root])).code).toBe(0);
  });

  it('records a live page with its headers and the callback output as a fixture', async () => {
    const product = site.products[0];
    const saved = await cli(['fetch', product.url, '--save', 'acme-shop/live', '--callback', 'parseProduct', '--root', project.root]);
    expect(saved.code).toBe(0);
    expect(saved.stdout).toContain('parseProduct() gave 1 item(s) and 0 request(s)');
    const served = await (await fetch(product.url)).arrayBuffer();
    expect(readFileSync(`${fixture('acme-shop', 'live')}.html`).equals(Buffer.from(served))).toBe(true);
    const spec = JSON.parse(readFileSync(`${fixture('acme-shop', 'live')}.json`, 'utf8')) as { headers: Record<string, string>; expect: { itemValues: Array<Record<string, string>> } };
    expect(spec.headers['content-type']).toMatch(/text\/html/);
    expect(spec.headers.date).toBeUndefined();
    expect(spec.expect.itemValues[0]).toMatchObject({ price: product.price, currency: 'USD' });
    expect((await cli(['check', 'acme-shop', '--root', project.root])).stdout).toContain('3 of 3 contracts passed');
  });

  it('checks the bundled demo spiders against their recorded demo-shop pages', async () => {
    const run = await cli(['check']);
    expect(run.stdout).toContain('8 of 8 contracts passed');
    expect(run.code).toBe(0);
  });
});
