// Two processes of one Redis run with item stores of their own: the second is refused, so one store holds the whole run.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCatalogSiteProcess, type RemoteCatalogSite } from '../support/catalog-site-process';
import { childTracker, cli, type CliRun } from '../support/run-cli';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { readItems, tempStorageDir } from '../support/test-crawl';

const RUN_ID = 'one-store';

/**
 * Before, both ended finished, exit 0, accounting balanced, while the first store held 25 of the 40 products
 * and the second 15: the process that ended the run folded only its own into the price history and catalog.
 */
describe('a second crawl of a running Redis run from another storage dir', () => {
  let site: RemoteCatalogSite;
  let redis: RedisTestServer;
  let first: CliRun;
  let second: CliRun;
  const own = tempStorageDir('run-store-own');
  const other = tempStorageDir('run-store-other');
  const { track, killAll } = childTracker();
  const served = async () => (await site.records()).flatMap((host) => host.requests).filter((r) => r.path.startsWith('/p/')).length;
  const crawl = (dir: string) =>
    cli(['crawl', 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', dir, '--frontier', redis.url, '--run', RUN_ID,
      '-s', 'politeness.minIntervalMs=60', '-s', 'politeness.jitterMs=0', '-s', 'log.format=json', '-s', 'log.statsIntervalMs=0'], { onStart: (child: ChildProcess) => track(child) });

  beforeAll(async () => {
    redis = await startRedisServer();
    site = await startCatalogSiteProcess({ hosts: 2, productsPerHost: 20, perPage: 5, latencyMs: 10 });
    const running = crawl(own.dir);
    await vi.waitFor(async () => expect(await served()).toBeGreaterThanOrEqual(2), { timeout: 60_000, interval: 20 });
    second = await crawl(other.dir);
    first = await running;
  }, 120_000);
  afterAll(async () => {
    killAll();
    await site?.close();
    await redis?.stop();
    own.cleanup();
    other.cleanup();
  });

  it('refuses the second with exit 2 and a line naming both stores, and it stores nothing', async () => {
    expect(second.code, second.stderr.slice(-2000)).toBe(2);
    expect(second.stderr).toContain(`pricecrawl: run ${RUN_ID} keeps its items in the storage dir `);
    expect(second.stderr).toContain(`this process would write them to the storage dir `);
    expect(second.stderr).toContain(other.dir);
    expect(second.stdout).not.toMatch(/: finished in/);
    expect(await readItems(other.dir, RUN_ID)).toEqual([]);
  });

  it('the first finishes the run with every product in its own store', async () => {
    expect(first.code, first.stderr.slice(-2000)).toBe(0);
    const items = await readItems(own.dir, RUN_ID);
    expect(items.map((item) => `${item.sku} ${item.price}`).sort()).toEqual(site.products.map((p) => `${p.sku} ${p.price}`).sort());
  });
});
