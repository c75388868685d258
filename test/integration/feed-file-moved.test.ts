// A live feed (-o) deleted while the crawl writes it: the run says so and names the export that writes it, never a clean end with no feed there.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { catalogCrawler } from '../support/catalog-crawl-cli';
import { childTracker, cli, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

/**
 * Before, every later flush went into the deleted file, fsynced, and the crawl ended exit 0 with "feeds
 * written" naming a path where no file was. Deleted at arrival 20 of 45 (robots.txt, 4 listings, 40 products).
 */
describe('a live feed deleted while the crawl writes it', () => {
  let site: CatalogSite;
  let crawl: CliRun;
  let runId: string;
  const storage = tempStorageDir('feed-moved');
  const children = childTracker();
  const feed = join(storage.dir, 'out', 'items.jsonl');

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 40, perPage: 10 });
    const crawler = catalogCrawler({ startUrls: () => site.startUrls, dir: storage.dir, intervalMs: 15, track: children.track });
    crawl = await crawler(['-o', feed], () => {
      void site.servers[0].waitForRequests(20).then(() => rmSync(feed));
    });
    runId = /pricecrawl export (\S+) -O/.exec(crawl.stderr)?.[1] ?? '';
  }, 60_000);
  afterAll(async () => {
    children.killAll();
    await site.close();
    storage.cleanup();
  });

  it('exits 2 with one line naming the feed, what became of it and the export that writes it', () => {
    expect(crawl.code, crawl.stderr).toBe(2);
    expect(runId).not.toBe('');
    const last = crawl.stderr.trim().split('\n').at(-1);
    expect(last).toBe(`pricecrawl: cannot write the feed ${feed} (deleted while the crawl wrote it): run ${runId} finished and its items are stored; write the feed with: pricecrawl export ${runId} -O ${feed}`);
  });

  it('the export the line names writes every product', async () => {
    expect(existsSync(feed)).toBe(false);
    const exported = await cli(['export', runId, '-O', feed, '--storage', storage.dir]);
    expect(exported.code, exported.stderr).toBe(0);
    const skus = readFileSync(feed, 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { sku: string }).sku);
    expect(skus.sort()).toEqual(site.products.map((p) => p.sku).sort());
  });
});
