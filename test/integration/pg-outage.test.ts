// A PostgreSQL store that goes away mid-crawl: the crawl stops at once with its work queued, and --resume finishes it.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCatalogSiteProcess, type RemoteCatalogSite } from '../support/catalog-site-process';
import { childTracker, cli } from '../support/run-cli';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { readItems, tempStorageDir } from '../support/test-crawl';

const PRODUCTS_PER_HOST = 20;
/** Per host: 4 listing pages of 5 products and the 20 product pages. */
const PLANNED = 2 * (4 + PRODUCTS_PER_HOST);
const RUN_ID = 'pg-outage';

describe('a PostgreSQL store that goes away mid-crawl', () => {
  let site: RemoteCatalogSite;
  let pg: PostgresServer;
  let storeUrl: string;
  const storage = tempStorageDir('pg-outage');
  const { track, killAll } = childTracker();

  beforeAll(async () => {
    pg = await startPostgres();
    storeUrl = await pg.createDatabase('outage');
    site = await startCatalogSiteProcess({ hosts: 2, productsPerHost: PRODUCTS_PER_HOST, perPage: 5, latencyMs: 10 });
  });
  afterAll(async () => {
    killAll();
    await site?.close();
    await pg?.stop();
    storage.cleanup();
  });

  const crawl = (extra: string[]) =>
    cli([
      'crawl', 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', storage.dir, '--store', storeUrl,
      '-s', 'politeness.minIntervalMs=50', '-s', 'politeness.jitterMs=0', '-s', 'log.format=json', '-s', 'log.statsIntervalMs=0', ...extra,
    ], { onStart: (child: ChildProcess) => track(child) });

  async function productsServed(): Promise<number> {
    const hosts = await site.records();
    return hosts.flatMap((host) => host.requests).filter((r) => r.path.startsWith('/p/')).length;
  }

  it('stops with exit 2 and one line naming the store, fails no request for it, and --resume completes the run once the server is back', async () => {
    const run = crawl(['--run', RUN_ID]);
    await vi.waitFor(async () => expect(await productsServed()).toBeGreaterThanOrEqual(6), { timeout: 60_000, interval: 50 });
    await pg.shutdown();
    const stopped = await run;
    expect(stopped.code, stopped.stderr).toBe(2);
    expect(stopped.stderr).toMatch(/pricecrawl: postgres:\/\/\S+@127\.0\.0\.1:\d+\/outage is unreachable \(\w+\): the crawl stopped, its work stays queued; once it is back, continue with: pricecrawl crawl catalog --resume/);
    // Before: every request was fetched again until its attempts ran out, then failed as items/write-failed.
    expect(stopped.stderr).not.toContain('attempts used up');
    expect(stopped.stderr).not.toContain('downloader chain failed');

    await pg.start();
    const resumed = await crawl(['--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(new RegExp(`accounting: planned ${PLANNED} = succeeded ${PLANNED} \\+ failed 0 \\+ pending 0 {2}✓`));
    const items = await readItems(storage.dir, RUN_ID, storeUrl);
    expect(items.map((item) => item.sku).sort()).toEqual(site.products.map((p) => p.sku).sort());
    const bySku = new Map(items.map((item) => [item.sku, item.price]));
    for (const product of site.products) expect(bySku.get(product.sku)).toBe(product.price);
  }, 180_000);
});
