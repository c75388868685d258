// kill -9 in the middle of a crawl, then `--resume`: every product ends up stored exactly once.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteFrontier } from '../../src/frontier/sqlite-frontier';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { tempStorageDir } from '../support/test-crawl';

const SPIDER_FILE = 'test/support/spiders/catalog-spider.ts';

function crawlProcess(site: CatalogSite, dir: string, extra: string[] = []) {
  const child = spawn(
    process.execPath,
    ['bin/pricecrawl.js', 'crawl', SPIDER_FILE, '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', dir,
      '-s', 'politeness.minIntervalMs=5', '-s', 'politeness.jitterMs=0', '-s', 'pipeline.batchMaxAgeMs=20', '-s', 'log.format=json', ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.resume();
  return { child, stdout: () => stdout };
}

describe('a crawl killed with SIGKILL and resumed', () => {
  let site: CatalogSite;
  const storage = tempStorageDir('crash');
  let resumedExit: number | null;
  let resumedStdout: string;
  let requestsBeforeKill: number;

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 2, productsPerHost: 40, perPage: 10 });
    const first = crawlProcess(site, storage.dir);
    // Kill once the crawl is well under way: items written, more pages still to go.
    await site.servers[0].waitForRequests(25);
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    requestsBeforeKill = site.servers.reduce((n, s) => n + s.requests.length, 0);

    const second = crawlProcess(site, storage.dir, ['--resume']);
    [resumedExit] = (await once(second.child, 'exit')) as [number | null];
    resumedStdout = second.stdout();
  });
  afterAll(async () => {
    await site.close();
    storage.cleanup();
  });

  it('was really interrupted part-way', () => {
    expect(requestsBeforeKill).toBeGreaterThanOrEqual(25);
    expect(requestsBeforeKill).toBeLessThan(2 * (40 + 4));
  });

  it('resumes the same run and finishes it', () => {
    expect(resumedExit).toBe(0);
    const runs = SqliteFrontier.listRuns(storage.dir, 'catalog');
    expect(runs).toHaveLength(1);
    expect(runs[0].status).toBe('finished');
    expect(resumedStdout).toContain(`run ${runs[0].runId} of spider catalog: finished`);
    expect(resumedStdout).toMatch(/accounting: planned 88 = succeeded 88 \+ failed 0 \+ pending 0/);
  });

  it('stores every product exactly once', () => {
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
