// A new team's first day, with real processes: startproject outside the checkout, npm install from this
// checkout (offline), a project middleware, sink and extension of its own, a crawl of a demo shop.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoShops, type ShopGroup } from '../../demo/demo-shops';
import { cli } from '../support/run-cli';

/** The extension a team adds: counts item.stored and writes the count when the spider closes. */
const COUNTER = `
import { writeFileSync } from 'node:fs';
import type { CrawlEvents } from 'pricecrawl';
export default class CountStored {
  private stored = 0;
  register(events: CrawlEvents): void {
    events.on('item.stored', () => { this.stored += 1; });
    events.on('spider.closed', () => writeFileSync(new URL('../stored-count.txt', import.meta.url), String(this.stored)));
  }
}
`;

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, { cwd, env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return once(child, 'close').then(([code]) => ({ code: code as number | null, output }));
}

describe('startproject', { timeout: 180_000 }, () => {
  let dir: string;
  let shops: ShopGroup;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pricecrawl-team-'));
    shops = await startDemoShops({ productCounts: { 'json-ld': 12 } });
  });
  afterAll(async () => {
    await shops.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes a project that installs offline from this checkout and crawls with its own components', async () => {
    const project = join(dir, 'acme-prices');
    const created = await cli(['startproject', project], { cwd: dir });
    expect(created.code, created.stderr).toBe(0);
    for (const file of ['package.json', 'tsconfig.json', 'pricecrawl.config.json', 'spiders/example.ts', 'middlewares/sign-requests.ts', 'spider-middlewares/skip-outlet.ts', 'pipelines/skip-refurbished.ts', 'pipelines/jsonl-archive.ts', 'README.md']) {
      expect(created.stdout).toContain(file);
    }

    const install = await run('npm', ['install', '--offline'], project);
    expect(install.code, install.output).toBe(0);

    writeFileSync(join(project, 'extensions/count-stored.ts'), COUNTER);
    const config = JSON.parse(readFileSync(join(project, 'pricecrawl.config.json'), 'utf8')) as { extensions: Record<string, unknown> };
    config.extensions['count-stored'] = { module: './extensions/count-stored.ts' };
    writeFileSync(join(project, 'pricecrawl.config.json'), JSON.stringify(config));

    const shop = shops.shops.find((s) => s.spider === 'demo-jsonld')!;
    // From a subfolder, as people do: the project's config, store and the example sink's archive are still the project's.
    const crawl = await run(join(project, 'node_modules/.bin/pricecrawl'), ['crawl', 'example', '-a', `baseUrl=${shop.origin}`, '-s', 'politeness.minIntervalMs=0', '-s', 'politeness.jitterMs=0', '-s', 'log.format=json'], join(project, 'spiders'));
    expect(crawl.code, crawl.output.slice(-3000)).toBe(0);

    // The project's middleware signed every page request (robots.txt goes around the chain).
    const pages = shop.hits.filter((hit) => hit.path !== '/robots.txt');
    expect(pages.length).toBeGreaterThan(12);
    for (const hit of pages) expect(hit.headers['x-price-team']).toBe(createHmac('sha256', 'not-a-secret').update(`${shop.origin}${hit.path}`).digest('hex'));

    // The sink's file, the extension's count and the run's own store agree.
    const db = new Database(join(project, 'crawl-storage/items.sqlite'), { readonly: true });
    const stored = (db.prepare('SELECT COUNT(*) AS n FROM items').get() as { n: number }).n;
    db.close();
    expect(stored).toBe(12);
    const archived = readFileSync(join(project, 'archive/items.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { sku: string; price: string });
    expect(archived).toHaveLength(stored);
    expect(archived.every((item) => /^\d+\.\d{2}$/.test(item.price))).toBe(true);
    expect(Number(readFileSync(join(project, 'stored-count.txt'), 'utf8'))).toBe(stored);
    // The start-up log names where each added component came from.
    expect(crawl.output).toContain('sign-requests (./middlewares/sign-requests.ts)');
    // The scaffold shows every extension point a team adds to, and the crawl loads its examples.
    expect(crawl.output).toContain('skip-outlet (./spider-middlewares/skip-outlet.ts)');
    expect(crawl.output).toContain('skip-refurbished (./pipelines/skip-refurbished.ts)');
  });
});
