// Spider files kept outside the checkout load by path as ES modules, whatever their extension, and a
// spider built on another copy of pricecrawl (a second install) is still recognised, requests included.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';

const REPO = resolve(import.meta.dirname, '../..');

/** A spider that follows one link (a request from its own copy of pricecrawl) and yields an item there. */
const spiderSource = (copy: string) => `
import { Spider } from '${copy}/src/core/spider.ts';
import { CrawlRequest } from '${copy}/src/core/request.ts';
export class StraySpider extends Spider {
  readonly name = 'stray';
  override startUrls = [process.env.STRAY_START!];
  override settings = { politeness: { minIntervalMs: 0, jitterMs: 0 } };
  override async *parse(res) {
    yield new CrawlRequest({ url: res.urljoin('/product'), callback: 'parseProduct' });
  }
  async *parseProduct(res) {
    // import.meta only exists in an ES module: a CommonJS load would fail here.
    yield { sku: 'stray-1', price: res.$('.price').text(), url: res.url, loadedAs: typeof import.meta.url };
  }
}
`;

/** The same spider without TypeScript's annotations. */
const asJavaScript = (source: string) => source.replace(/readonly |override /g, '').replace('STRAY_START!', 'STRAY_START');

describe('spider files given by path', () => {
  let site: FixtureServer;
  let dir: string;

  beforeAll(async () => {
    site = await FixtureServer.start();
    const page = (body: string) => (_req: unknown, res: { end(body: string): unknown }) => void res.end(body);
    site.route('/', page('<a href="/product">p</a>'));
    site.route('/robots.txt', page('User-agent: *\nAllow: /\n'));
    site.route('/product', page('<span class="price">12,50 €</span>'));
    // A second copy of the framework, as a project's own install would be: same code, other module instances.
    dir = mkdtempSync(join(tmpdir(), 'pricecrawl-stray-'));
    const copy = join(dir, 'other-install');
    cpSync(join(REPO, 'src'), join(copy, 'src'), { recursive: true });
    cpSync(join(REPO, 'storage'), join(copy, 'storage'), { recursive: true });
    symlinkSync(join(REPO, 'node_modules'), join(copy, 'node_modules'));
    writeFileSync(join(copy, 'package.json'), JSON.stringify({ type: 'module' }));
    for (const ext of ['ts', 'mts', 'js', 'mjs']) writeFileSync(join(dir, `stray.${ext}`), ext.endsWith('ts') ? spiderSource(copy).replace(/\(res\)/g, '(res: any)') : asJavaScript(spiderSource(copy)));
  });
  afterAll(async () => {
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['ts', 'mts', 'js', 'mjs'])('loads a .%s spider from a folder with no package.json, as an ES module', async (ext) => {
    const out = join(dir, `items-${ext}.jsonl`);
    const run = await cli(['crawl', join(dir, `stray.${ext}`), '--storage', join(dir, `storage-${ext}`), '-o', out], {
      cwd: dir,
      env: { ...process.env, STRAY_START: site.url('/') },
    });
    expect(run.stderr).not.toMatch(/Cannot require|Cannot use import|ERR_REQUIRE/);
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    const items = readFileSync(out, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(items).toEqual([expect.objectContaining({ sku: 'stray-1', price: '12.50', currency: 'EUR', loadedAs: 'string' })]);
  });
});
