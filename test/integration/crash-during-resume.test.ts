// kill -9 in the middle of a crawl, then kill -9 again in the middle of its `--resume`, then a second resume: one run, every product once.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteFrontier } from '../../storage/sqlite/sqlite-frontier';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { tempStorageDir } from '../support/test-crawl';

const SPIDER_FILE = 'test/support/spiders/catalog-spider.ts';
const HOSTS = 2;
const PRODUCTS_PER_HOST = 60;

function crawlProcess(site: CatalogSite, dir: string, extra: string[] = []) {
  const args = ['bin/pricecrawl.js', 'crawl', SPIDER_FILE, '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', dir,
    '-s', 'politeness.minIntervalMs=5', '-s', 'politeness.jitterMs=0', '-s', 'pipeline.batchMaxAgeMs=20', '-s', 'log.format=json', ...extra];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.resume();
  return { child, stdout: () => stdout };
}

/** Starts a crawl and kills it with SIGKILL once the site has seen `requests` more requests than before it. */
async function crawlAndKill(site: CatalogSite, dir: string, requests: number, extra: string[] = []): Promise<void> {
  const before = site.servers[0].requests.length;
  const { child } = crawlProcess(site, dir, extra);
  await site.servers[0].waitForRequests(before + requests);
  child.kill('SIGKILL');
  await once(child, 'exit');
}

describe('a crawl killed, resumed, killed again during the resume and resumed again', () => {
  let site: CatalogSite;
  const storage = tempStorageDir('crash-twice');
  let requestsAtSecondKill: number;
  let finalExit: number | null;
  let finalStdout: string;

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: HOSTS, productsPerHost: PRODUCTS_PER_HOST, perPage: 10 });
    await crawlAndKill(site, storage.dir, 20);
    await crawlAndKill(site, storage.dir, 20, ['--resume']);
    requestsAtSecondKill = site.servers.reduce((n, s) => n + s.requests.length, 0);
    const last = crawlProcess(site, storage.dir, ['--resume']);
    [finalExit] = (await once(last.child, 'exit')) as [number | null];
    finalStdout = last.stdout();
  }, 120_000);
  afterAll(async () => {
    await site.close();
    storage.cleanup();
  });

  const planned = HOSTS * (PRODUCTS_PER_HOST + PRODUCTS_PER_HOST / 10);

  it('was interrupted twice part-way', () => {
    expect(requestsAtSecondKill).toBeGreaterThanOrEqual(40);
    expect(requestsAtSecondKill).toBeLessThan(planned);
  });

  it('finishes the one run, its ledger balanced with nothing failed', () => {
    expect(finalExit).toBe(0);
    const runs = SqliteFrontier.listRuns(storage.dir, 'catalog');
    expect(runs).toHaveLength(1);
    expect(runs[0].status).toBe('finished');
    expect(finalStdout).toContain(`accounting: planned ${planned} = succeeded ${planned} + failed 0 + pending 0`);
  });

  it('stores every product exactly once, at the price the site shows', () => {
    const db = new Database(join(storage.dir, 'items.sqlite'), { readonly: true });
    try {
      const rows = db.prepare('SELECT sku, price FROM items').all() as Array<{ sku: string; price: string }>;
      expect(rows).toHaveLength(site.products.length);
      expect(new Set(rows.map((r) => r.sku)).size).toBe(site.products.length);
      const expected = new Map(site.products.map((p) => [p.sku, p.price]));
      for (const row of rows) expect(row.price).toBe(expected.get(row.sku));
    } finally {
      db.close();
    }
  });
});
