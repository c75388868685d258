// kill -9 of a crawl on the Redis frontier with PostgreSQL stores, then `crawl --resume`: the same run finishes, each product stored once.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { catalogCrawler } from '../support/catalog-crawl-cli';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { childTracker, runRecordsJson, type CliRun } from '../support/run-cli';
import { readItems, tempStorageDir } from '../support/test-crawl';
import { itemsWithoutBody } from '../support/stored-bodies';

let redis: RedisTestServer;
let pg: PostgresServer;
beforeAll(async () => {
  [redis, pg] = await Promise.all([startRedisServer(), startPostgres()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([redis?.stop(), pg?.stop()]);
});

/**
 * Before, the shared frontier took `--resume` for a new run: the resume fetched the whole site again in
 * a fresh run (two runs recorded) and the killed run's queue stayed on Redis, `running` for ever.
 */
describe.each([5, 20])('killed after %i arrivals, resumed with --resume', (arrivals) => {
  let site: CatalogSite;
  const storage = tempStorageDir('shared-resume');
  const children = childTracker();
  let storeUrl: string;
  let arrivedBeforeKill: number;
  let resumed: CliRun;
  let runs: Array<{ runId: string; outcome: string; items: number }>;

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 30, perPage: 10 });
    storeUrl = await pg.createDatabase(`resume_${arrivals}`);
    const client = new Redis(redis.url);
    await client.flushall();
    client.disconnect();
    const crawl = catalogCrawler({ startUrls: () => site.startUrls, dir: storage.dir, intervalMs: 10, track: children.track });
    const shared = ['--frontier', redis.url, '--store', storeUrl, '-s', 'frontier.leaseTtlMs=1000'];
    await crawl(shared, (child) => void site.servers[0].waitForRequests(arrivals).then(() => child.kill('SIGKILL')));
    arrivedBeforeKill = site.servers[0].requests.length;
    resumed = await crawl([...shared, '--resume']);
    runs = await runRecordsJson(['--store', storeUrl]);
  }, 120_000);
  afterAll(async () => {
    children.killAll();
    await site.close();
    storage.cleanup();
  });

  it('finishes the killed run instead of starting another', () => {
    expect(resumed.code).toBe(0);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ outcome: 'finished', items: site.products.length });
    expect(resumed.stdout).toContain(`run ${runs[0].runId} of spider catalog: finished`);
    expect(resumed.stdout).toMatch(/accounting: planned 33 = succeeded 33 \+ failed 0 \+ pending 0/);
  });

  it('fetches again only what the killed crawl had not acknowledged', () => {
    // 33 pages and a robots.txt per crawl: a fresh run would fetch all of them again.
    expect(site.servers[0].requests.length - arrivedBeforeKill).toBeLessThan(34);
  });

  it('stores every product once, with its price and the body its rawHash names', async () => {
    const items = await readItems(storage.dir, runs[0].runId, storeUrl);
    expect(items.map((item) => `${item.sku} ${item.price}`).sort()).toEqual(site.products.map((p) => `${p.sku} ${p.price}`).sort());
    expect(await itemsWithoutBody(storage.dir, items, storeUrl)).toEqual([]);
  });
});
