// kill -9 in the middle of a crawl, then `--resume`: every product ends up stored exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteFrontier } from '../../storage/sqlite/sqlite-frontier';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { tempStorageDir } from '../support/test-crawl';

const SPIDER_FILE = 'test/support/spiders/catalog-spider.ts';

/**
 * `unreaped`: the crawl runs under `sh`, which becomes `sleep` and never reaps it, so after SIGKILL it stays a
 * zombie (kill(pid, 0) still succeeds) until the wrapper goes: its first stdout line is the crawl's pid.
 */
function crawlProcess(site: CatalogSite, dir: string, extra: string[] = [], unreaped = false) {
  const args = ['bin/pricecrawl.js', 'crawl', SPIDER_FILE, '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', dir,
    '-s', 'politeness.minIntervalMs=5', '-s', 'politeness.jitterMs=0', '-s', 'pipeline.batchMaxAgeMs=20', '-s', 'log.format=json', ...extra];
  const child = unreaped
    ? spawn('sh', ['-c', '"$0" "$@" & echo $!; exec sleep 600', process.execPath, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
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
  let wrapper: ChildProcess | undefined;

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 2, productsPerHost: 40, perPage: 10 });
    // The killed crawl stays an unreaped zombie while the resume runs: its leases must be reclaimed all the same.
    const first = crawlProcess(site, storage.dir, [], true);
    // Kill once the crawl is well under way: items written, more pages still to go.
    await site.servers[0].waitForRequests(25);
    const pid = Number(first.stdout().split('\n')[0]);
    process.kill(pid, 'SIGKILL');
    while (!/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'latin1'))) await new Promise((resolve) => setImmediate(resolve));
    wrapper = first.child;
    requestsBeforeKill = site.servers.reduce((n, s) => n + s.requests.length, 0);

    const second = crawlProcess(site, storage.dir, ['--resume']);
    [resumedExit] = (await once(second.child, 'close')) as [number | null];
    resumedStdout = second.stdout();
  });
  afterAll(async () => {
    wrapper?.kill('SIGKILL');
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
