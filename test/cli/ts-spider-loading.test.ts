// A project's TypeScript spider loads without loader hooks (compiled twins in node_modules/.cache), with what
// users rely on from tsx: relative and tsconfig-path imports, errors and stack traces that name the .ts
// file and line, a recompile when a file changes, and tsx itself for what the compiled path cannot do.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli, type CliRun } from '../support/run-cli';

const REPO = resolve(import.meta.dirname, '../..');
const TRACE = join(REPO, 'test/support/module-trace.mjs');

const SPIDER = `import { Spider, type CrawlResponse } from 'pricecrawl';
import { label } from './lib/label';
import { same } from '@lib/same';
import { where } from './lib/where';

export class ShopSpider extends Spider {
  readonly name = 'shop';
  override startUrls = [process.env.SHOP_START!];
  override settings = { politeness: { minIntervalMs: 0, jitterMs: 0 } };
  override async *parse(res: CrawlResponse) {
    yield { sku: label('a'), price: res.$('.price').text(), url: res.url, note: same(import.meta.filename), dir: where() };
  }
}
`;

/** A computed import specifier resolves at run time: the compiled path leaves such a spider to tsx. */
const COMPUTED = SPIDER.replace("import { label } from './lib/label';\n", '').replace(
  'async *parse(res: CrawlResponse) {',
  "async *parse(res: CrawlResponse) {\n    const { label } = (await import(['./lib', 'label.mjs'].join('/'))) as { label: (sku: string) => string };",
);

const THROWS = `import { Spider } from 'pricecrawl';
import { boom } from './lib/boom';
export class ThrowingSpider extends Spider {
  readonly name = 'throwing';
  override startUrls = [process.env.SHOP_START!];
  override async *parse() {
    yield boom();
  }
}
`;

describe('a TypeScript spider loaded without loader hooks', () => {
  let site: FixtureServer;
  let dir: string;

  beforeAll(async () => {
    site = await FixtureServer.start();
    site.route('/', (_req, res) => void res.end('<span class="price">12,50 €</span>'));
    site.route('/robots.txt', (_req, res) => void res.end('User-agent: *\nAllow: /\n'));
    dir = mkdtempSync(join(tmpdir(), 'pricecrawl-ts-'));
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(REPO, join(dir, 'node_modules', 'pricecrawl'));
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@lib/*': ['lib/*'] } } }));
    writeFileSync(join(dir, 'lib/label.ts'), 'export const label = (sku: string): string => `sku-${sku}`;\n');
    writeFileSync(join(dir, 'lib/label.mjs'), 'export const label = (sku) => `js-${sku}`;\n');
    // A CommonJS-scope helper (no package.json says "type": "module") may use __dirname, as under tsx.
    writeFileSync(join(dir, 'lib/where.ts'), 'export const where = (): string => __dirname;\n');
    writeFileSync(join(dir, 'lib/same.ts'), 'export const same = <T>(value: T): T => value;\n');
    writeFileSync(join(dir, 'lib/boom.ts'), "export function boom(): never {\n  throw new Error('boom in a helper');\n}\n");
    writeFileSync(join(dir, 'shop.ts'), SPIDER);
    writeFileSync(join(dir, 'computed.ts'), COMPUTED);
    writeFileSync(join(dir, 'throws.ts'), THROWS);
    writeFileSync(join(dir, 'broken.ts'), "import { Spider } from 'pricecrawl';\nexport class BrokenSpider extends Spider {\n  readonly name = 'broken';\n  startUrls = [1, 2;\n}\n");
  });
  afterAll(async () => {
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  });

  let round = 0;
  /** One crawl of a spider file; the modules it loaded (package names) and the items it wrote. */
  async function crawl(spider: string, options: { user?: { uid: number; gid: number }; outDir?: string } = {}): Promise<{ run: CliRun; packages: Set<string>; items: Array<Record<string, unknown>> }> {
    round++;
    const outDir = options.outDir ?? dir;
    const trace = join(outDir, `modules-${round}.txt`);
    const out = join(outDir, `items-${round}.jsonl`);
    writeFileSync(trace, '');
    chmodSync(trace, 0o666);
    const run = await cli(['crawl', spider, '--storage', join(outDir, `storage-${round}`), '-o', out], {
      cwd: dir,
      user: options.user,
      env: { ...process.env, HOME: outDir, SHOP_START: site.url('/'), MODULE_TRACE_FILE: trace, NODE_OPTIONS: `--import ${TRACE}` },
    });
    const packages = new Set(readFileSync(trace, 'utf8').split('\n').flatMap((line) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(line)?.[1] ?? []));
    let items: Array<Record<string, unknown>> = [];
    try {
      items = readFileSync(out, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    } catch {
      // no feed: the run failed before writing one
    }
    return { run, packages, items };
  }

  it('follows relative and tsconfig-path imports, keeps import.meta naming the source, and needs no tsx', async () => {
    const cold = await crawl('shop.ts');
    expect(cold.run.code, cold.run.stderr.slice(-2000)).toBe(0);
    expect(cold.items).toMatchObject([{ sku: 'sku-a', price: '12.50', note: join(dir, 'shop.ts'), dir: join(dir, 'lib') }]);
    expect(cold.packages.has('tsx')).toBe(false);
    expect(cold.packages.has('esbuild'), 'the first run compiles').toBe(true);
    // Unchanged sources: the twins are imported as they are, esbuild is not even loaded.
    const warm = await crawl('shop.ts');
    expect(warm.items).toMatchObject([{ sku: 'sku-a' }]);
    expect([warm.packages.has('tsx'), warm.packages.has('esbuild')]).toEqual([false, false]);
  });

  it('compiles again when an imported file changes', async () => {
    expect((await crawl('shop.ts')).items).toMatchObject([{ sku: 'sku-a' }]);
    writeFileSync(join(dir, 'lib/label.ts'), 'export const label = (sku: string): string => `v2-${sku}`;\n');
    const changed = await crawl('shop.ts');
    expect(changed.items).toMatchObject([{ sku: 'v2-a' }]);
    expect(changed.packages.has('esbuild')).toBe(true);
  });

  it('names the file, line and column of a syntax error', async () => {
    const { run } = await crawl('broken.ts');
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`${join(dir, 'broken.ts')}:4:20: Expected "]" but found ";"`);
  });

  it("names the TypeScript file and line in a callback's stack trace", async () => {
    const { run } = await crawl('throws.ts');
    // The log line with the stack (the summary's LOST TO ERRORS IN CODE line names the error too, without its stack).
    const failure = `${run.stdout}${run.stderr}`.split('\n').find((line) => line.includes('boom in a helper') && line.includes('stack'));
    expect(failure).toBeDefined();
    expect(failure).toContain(`${join(dir, 'lib/boom.ts')}:2:`);
    expect(failure).toContain(`${join(dir, 'throws.ts')}:7:`);
  });

  it('leaves the spider to tsx when the cache cannot be written (a node_modules this user may not write)', async () => {
    // Root writes anywhere: as root the crawl runs as nobody, in a project of root's that others may only read.
    const asRoot = process.getuid?.() === 0;
    if (!asRoot) chmodSync(join(dir, 'node_modules'), 0o555);
    chmodSync(dir, 0o755);
    const outDir = join(dir, 'nobody');
    mkdirSync(outDir);
    chmodSync(outDir, 0o777);
    writeFileSync(join(dir, 'readonly.ts'), SPIDER.replace("'shop'", "'readonly'"));
    try {
      const { run, packages, items } = await crawl('readonly.ts', { outDir, ...(asRoot ? { user: { uid: 65534, gid: 65534 } } : {}) });
      expect(run.code, run.stderr.slice(-2000)).toBe(0);
      expect(items).toMatchObject([{ note: join(dir, 'readonly.ts') }]);
      expect(packages.has('tsx')).toBe(true);
    } finally {
      chmodSync(join(dir, 'node_modules'), 0o755);
    }
  });

  it('leaves what it cannot compile (a computed import) to tsx', async () => {
    const { run, packages, items } = await crawl('computed.ts');
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    expect(items).toMatchObject([{ sku: 'js-a', note: join(dir, 'computed.ts') }]);
    expect(packages.has('tsx')).toBe(true);
  });
});
