// A Redis frontier that cuts the crawl's connections (CLIENT KILL) or stalls past the command timeout (DEBUG SLEEP): the crawl rides it out with nothing lost or doubled.
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCatalogSiteProcess, type RemoteCatalogSite } from '../support/catalog-site-process';
import { childTracker, cli } from '../support/run-cli';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { readItems, tempStorageDir } from '../support/test-crawl';

const PRODUCTS_PER_HOST = 30;
/** Per host: 6 listing pages of 5 products and the 30 product pages. */
const PLANNED = 2 * (6 + PRODUCTS_PER_HOST);
/** The frontier's command timeout is the lease's life, at least 5 s: a stall of 6 s outlasts it. */
const LEASE_TTL_MS = 3000;
const STALL_S = '6';

/**
 * A stalled server runs what it was sent once it wakes, after the crawl's calls timed out: picks whose
 * leases the worker never learnt of (they run out and are reclaimed), settles the worker thinks failed.
 * Between disturbances the test waits for more products at the site, never for a time.
 */
describe('a Redis frontier that drops or stalls the crawl\'s connections', () => {
  let site: RemoteCatalogSite;
  let redis: RedisTestServer;
  let admin: Redis;
  const storage = tempStorageDir('redis-disturbed');
  const { track, killAll } = childTracker();
  const served = async () => (await site.records()).flatMap((host) => host.requests).filter((r) => r.path.startsWith('/p/')).length;

  beforeAll(async () => {
    site = await startCatalogSiteProcess({ hosts: 2, productsPerHost: PRODUCTS_PER_HOST, perPage: 5, latencyMs: 10 });
    redis = await startRedisServer({ debugCommand: true });
    admin = new Redis(redis.url);
  });
  afterAll(async () => {
    killAll();
    admin?.disconnect();
    await site?.close();
    await redis?.stop();
    storage.cleanup();
  });

  async function crawlDisturbed(runId: string, disturb: (round: number) => Promise<unknown>): Promise<void> {
    const before = await served();
    const run = cli(['crawl', 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', storage.dir, '--frontier', redis.url, '--run', runId,
      '-s', 'politeness.minIntervalMs=20', '-s', 'politeness.jitterMs=0', '-s', `frontier.leaseTtlMs=${LEASE_TTL_MS}`, '-s', 'log.format=json', '-s', 'log.statsIntervalMs=0'],
    { onStart: (child: ChildProcess) => track(child) });
    for (let round = 1; round <= 3; round++) {
      await vi.waitFor(async () => expect(await served()).toBeGreaterThanOrEqual(before + round * 10), { timeout: 60_000, interval: 20 });
      await disturb(round);
    }
    const result = await run;
    expect(result.code, result.stderr.slice(-3000)).toBe(0);
    expect(result.stdout).toContain(`accounting: planned ${PLANNED} = succeeded ${PLANNED} + failed 0 + pending 0`);
    const items = await readItems(storage.dir, runId);
    expect(items.map((item) => `${item.sku} ${item.price}`).sort()).toEqual(site.products.map((p) => `${p.sku} ${p.price}`).sort());
  }

  it('CLIENT KILL of every crawl connection, three times: every product stored once, the run ends clean', async () => {
    await crawlDisturbed('killed-clients', () => admin.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes'));
  }, 180_000);

  it('DEBUG SLEEP past the command timeout, three times: every product stored once, the run ends clean', async () => {
    await crawlDisturbed('stalled', () => admin.call('DEBUG', 'SLEEP', STALL_S));
  }, 180_000);
});
