// Feeds of a real crawl process: written while it runs, complete after kill -9, continued without duplicates by --resume, refused up front when unusable.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteFrontier } from '../../storage/sqlite/sqlite-frontier';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { parseCsv } from '../support/parse-csv';
import { readSkus } from '../support/read-feed';
import { cli } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const crawlArgs = (site: CatalogSite, dir: string, ...extra: string[]) => [
  'bin/pricecrawl.js', 'crawl', 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', dir,
  '-s', 'politeness.minIntervalMs=20', '-s', 'politeness.jitterMs=0', '-s', 'pipeline.batchMaxAgeMs=20', '-s', 'pipeline.batchSize=5', '-s', 'log.format=json', ...extra,
];

/** Resolves once the JSON feed at `path` parses and holds at least `count` records (checked on every change of its directory). */
function feedHolds(path: string, count: number, dir: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      try {
        if ((JSON.parse(readFileSync(path, 'utf8')) as unknown[]).length >= count) {
          watcher.close();
          resolve();
        }
      } catch {
        // not written yet
      }
    };
    const watcher = watch(dir, check);
    check();
  });
}

function storedSkus(dir: string): string[] {
  const db = new Database(join(dir, 'items.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT sku FROM items ORDER BY id').all() as Array<{ sku: string }>).map((row) => row.sku);
  } finally {
    db.close();
  }
}

describe('feeds of a crawl killed with SIGKILL and resumed', () => {
  let site: CatalogSite;
  const storage = tempStorageDir('feeds');
  const dir = join(storage.dir, 'store');
  const json = join(storage.dir, 'feed.json');
  const csv = join(storage.dir, 'feed.csv');
  let killedJson: string;
  let storedAtKill: string[];
  let requestsAtKill: number;
  let resumed: { code: number | null; stdout: string };

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 2, productsPerHost: 40, perPage: 10 });
    const child = spawn(process.execPath, crawlArgs(site, dir, '-o', json, '-o', `${csv}:csv`), { stdio: 'ignore' });
    // Killed once the feed holds items that arrived while the crawl runs, long before its end.
    await feedHolds(json, 10, storage.dir);
    child.kill('SIGKILL');
    await once(child, 'exit');
    requestsAtKill = site.servers.reduce((n, s) => n + s.requests.length, 0);
    killedJson = readFileSync(json, 'utf8');
    storedAtKill = storedSkus(dir);
    const second = spawn(process.execPath, [...crawlArgs(site, dir, '-o', json, '-o', `${csv}:csv`), '--resume'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    second.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const [code] = (await once(second, 'close')) as [number | null];
    resumed = { code, stdout };
  });
  afterAll(async () => {
    await site.close();
    storage.cleanup();
  });

  it('the killed run\'s JSON feed is a complete array of items it had stored, at most a batch behind the store', () => {
    expect(requestsAtKill).toBeLessThan(88);
    const skus = (JSON.parse(killedJson) as Array<{ sku: string }>).map((item) => item.sku);
    expect(skus.length).toBeGreaterThanOrEqual(10);
    expect(new Set(skus).size).toBe(skus.length);
    expect(storedAtKill.slice(0, skus.length)).toEqual(skus);
    expect(storedAtKill.length - skus.length).toBeLessThanOrEqual(5);
  });

  it('the resumed run finishes and both feeds hold every product once, in store order, with provenance', () => {
    expect(resumed.code).toBe(0);
    const [run] = SqliteFrontier.listRuns(dir, 'catalog');
    const expected = [...site.products.map((p) => p.sku)].sort();
    for (const [path, format] of [[json, 'json'], [csv, 'csv']] as const) {
      const skus = readSkus(path, format);
      expect(skus, format).toHaveLength(site.products.length);
      expect([...skus].sort(), format).toEqual(expected);
      expect(skus, format).toEqual(storedSkus(dir));
    }
    const items = JSON.parse(readFileSync(json, 'utf8')) as Array<Record<string, unknown>>;
    const prices = new Map(site.products.map((p) => [p.sku, p.price]));
    for (const item of items) {
      expect(item).toMatchObject({ runId: run.runId, source: null, price: prices.get(item.sku as string) });
      expect(item.rawHash).toMatch(/^[0-9a-f]{64}$/);
      expect(new Date(item.scrapedAt as string).toISOString()).toBe(item.scrapedAt);
    }
    const [header] = parseCsv(readFileSync(csv, 'utf8'));
    expect(readFileSync(csv, 'utf8').split('\r\n').filter((line) => line === header.join(','))).toHaveLength(1);
  });

  it('-O starts the file afresh for a new run; -o keeps appending', async () => {
    const jsonl = join(storage.dir, 'feed.jsonl');
    const run = await cli(crawlArgs(site, dir, '-O', json, '-o', jsonl).slice(1));
    expect(run.code).toBe(0);
    const runs = SqliteFrontier.listRuns(dir, 'catalog');
    const latest = runs.map((r) => r.runId).at(-1);
    const items = JSON.parse(readFileSync(json, 'utf8')) as Array<{ runId: string }>;
    expect(items).toHaveLength(site.products.length);
    expect(new Set(items.map((item) => item.runId))).toEqual(new Set([latest]));
    const again = await cli(crawlArgs(site, dir, '-o', jsonl).slice(1));
    expect(again.code).toBe(0);
    expect(readSkus(jsonl, 'jsonl')).toHaveLength(2 * site.products.length);
  });
});

describe('feeds refused before the first request', () => {
  let site: CatalogSite;
  const storage = tempStorageDir('feeds-refused');

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 4 });
  });
  afterAll(async () => {
    await site.close();
    storage.cleanup();
  });

  it.each([
    ['an unsupported format', (dir: string) => join(dir, 'items.xlsx'), 'unsupported extension ".xlsx"'],
    ['an unsupported file:format', (dir: string) => `${join(dir, 'items.out')}:parquet`, 'unsupported format "parquet"'],
    ['a path that cannot be a file', (dir: string) => {
      writeFileSync(join(dir, 'plain-file'), '');
      return join(dir, 'plain-file', 'items.json');
    }, 'cannot open the feed'],
  ])('%s: one line naming it, exit 2, no request, no run', async (_label, feedPath, message) => {
    const dir = join(storage.dir, String(Math.random()).slice(2));
    const feed = feedPath(storage.dir);
    const run = await cli(crawlArgs(site, dir, '-o', join(storage.dir, 'fine.json'), '-o', feed).slice(1));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(site.servers[0].requests).toHaveLength(0);
    expect(existsSync(join(dir, 'frontier.sqlite'))).toBe(false);
  });
});
