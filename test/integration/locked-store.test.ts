// A storage file another process keeps write-locked past the busy timeout: the crawl stops resumable with one line, --resume finishes.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { catalogCrawler } from '../support/catalog-crawl-cli';
import { childTracker, type CliRun } from '../support/run-cli';
import { readItems, tempStorageDir } from '../support/test-crawl';

/**
 * Before, with frontier.sqlite locked a pick failed after reserving its host's slot (and a settle after
 * taking its lease), so once the lock was gone the crawl waited for ever on a host "at its cap".
 */
describe.each(['frontier.sqlite', 'items.sqlite'])('a crawl whose %s another process keeps locked', (file) => {
  let site: CatalogSite;
  const storage = tempStorageDir('locked-store');
  const children = childTracker();
  let locked: CliRun;
  let resumed: CliRun;

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 30, perPage: 10 });
    const crawl = catalogCrawler({ startUrls: () => site.startUrls, dir: storage.dir, intervalMs: 20, track: children.track });
    const holder = { db: null as Database.Database | null };
    // Once the crawl is under way another process (here: this one) takes the file's write lock and keeps it until the crawl ends.
    locked = await crawl([], () => void site.servers[0].waitForRequests(8).then(() => {
      holder.db = new Database(join(storage.dir, file));
      holder.db.exec('BEGIN IMMEDIATE');
    }));
    holder.db?.exec('ROLLBACK');
    holder.db?.close();
    resumed = await crawl(['--resume']);
  }, 120_000);
  afterAll(async () => {
    children.killAll();
    await site.close();
    storage.cleanup();
  });

  it('stops with exit 2 and one line naming the directory, the lock and --resume', () => {
    expect(locked.code, locked.stderr.slice(-2000)).toBe(2);
    expect(locked.stderr).toContain(`pricecrawl: a file in ${storage.dir} stayed locked by another process past the busy timeout (SQLITE_BUSY): the crawl stopped, its work stays queued; once that process lets go, continue with: pricecrawl crawl catalog --resume`);
  });

  it('resumes the run to the end with every product once and its price', async () => {
    expect(resumed.code).toBe(0);
    const runId = /run (\S+) of spider catalog: finished/.exec(resumed.stdout)?.[1] ?? '';
    expect(resumed.stdout).toMatch(/accounting: planned 33 = succeeded 33 \+ failed 0 \+ pending 0/);
    const items = await readItems(storage.dir, runId);
    expect(items.map((item) => `${item.sku} ${item.price}`).sort()).toEqual(site.products.map((p) => `${p.sku} ${p.price}`).sort());
  });
});
