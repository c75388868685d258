// Two crawls of one run at the same time on the embedded frontier: the second is refused, the first finishes it.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { catalogCrawler } from '../support/catalog-crawl-cli';
import { childTracker, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

/**
 * Each crawl process keeps its hosts' intervals in memory: two resumes of one run each sent at the full
 * rate (a 100 ms interval arrived at the site with gaps of a few ms) and both folded the run into the
 * catalog. Killed at several points, the run is resumed by two processes started together.
 */
describe.each([4, 15])('a run killed after %i arrivals and resumed by two processes at once', (killAfter) => {
  let site: CatalogSite;
  const storage = tempStorageDir('one-crawl');
  const children = childTracker();
  let resumes: CliRun[];

  const crawl = catalogCrawler({ startUrls: () => site.startUrls, dir: storage.dir, intervalMs: 20, track: children.track });

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 20, perPage: 10 });
    await crawl([], (child) => void site.servers[0].waitForRequests(killAfter).then(() => child.kill('SIGKILL')));
    resumes = await Promise.all([crawl(['--resume']), crawl(['--resume'])]);
  }, 60_000);
  afterAll(async () => {
    children.killAll();
    await site.close();
    storage.cleanup();
  });

  it('refuses one of them, naming the process that crawls the run', () => {
    const codes = resumes.map((r) => r.code).sort();
    expect(codes).toEqual([0, 2]);
    const refused = resumes.find((r) => r.code === 2)!;
    expect(refused.stderr).toMatch(/run \S+ is being crawled by process \d+/);
    expect(refused.stdout).not.toMatch(/accounting/);
  });

  it('lets the other finish the run with every product stored once', () => {
    const done = resumes.find((r) => r.code === 0)!;
    expect(done.stdout).toMatch(/accounting: planned 22 = succeeded 22 \+ failed 0 \+ pending 0/);
    const db = new Database(join(storage.dir, 'items.sqlite'), { readonly: true });
    try {
      const skus = db.prepare('SELECT sku FROM items').pluck().all() as string[];
      expect(skus.sort()).toEqual(site.products.map((p) => p.sku).sort());
    } finally {
      db.close();
    }
  });
});
