// Evictions on the frontier's Redis that a reset of the server's counters would hide by the run's end.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PricecrawlError } from '../../src/core/errors';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import type { CrawlResponse, SpiderOutput } from '../../src/index';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';
import { startEvicting } from '../support/evicting-redis';

let redis: RedisTestServer;
let admin: Redis;
let site: CatalogSite;
const storage = tempStorageDir('redis-evictions-hidden');

beforeAll(async () => {
  redis = await startRedisServer();
  admin = new Redis(redis.url);
  site = await startCatalogSite({ hosts: 1, productsPerHost: 10, perPage: 5 });
});
afterAll(async () => {
  admin?.disconnect();
  await site?.close();
  await redis?.stop();
  storage.cleanup();
});

/** INFO calls the server has answered so far, this test's own included. */
async function infoCalls(): Promise<number> {
  return Number(/^cmdstat_info:calls=(\d+)/m.exec(await admin.info('commandstats'))?.[1] ?? 0);
}

/** Its first product page's callback waits for the test: the run cannot end before the test has acted. */
class HeldSpider extends CatalogSpider {
  release!: () => void;
  held = false;
  private readonly gate = new Promise<void>((resolve) => (this.release = resolve));

  override async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    if (!this.held) {
      this.held = true;
      await this.gate;
    }
    yield* super.parseProduct(res);
  }
}

/** Once `ready`, the server has evicted; the crawl reads its counters after that, then they are reset and eviction turned off. */
async function resetAfterTheCrawlLooked(ready: () => boolean): Promise<void> {
  await vi.waitFor(() => expect(ready()).toBe(true), { timeout: 30_000, interval: 20 });
  expect(Number(/^evicted_keys:(\d+)/m.exec(await admin.info('stats'))![1])).toBeGreaterThan(0);
  // The crawl looks at the server (INFO memory and stats) after the eviction, then the counters are reset.
  let counted = 0;
  const start = await infoCalls();
  counted++;
  await vi.waitFor(async () => {
    const calls = await infoCalls();
    counted++;
    expect(calls - start - counted).toBeGreaterThanOrEqual(2);
  }, { timeout: 30_000, interval: 20 });
  await admin.config('SET', 'maxmemory', '0');
  await admin.config('SET', 'maxmemory-policy', 'noeviction');
  await admin.config('RESETSTAT');
}

describe('evictions whose count the server reset before the run ended', () => {
  /**
   * An operator turns eviction on, the server evicts, then someone runs CONFIG RESETSTAT (monitoring tools
   * do) and turns eviction off again. Before, the run compared evicted_keys at its end with the count at its
   * start only: the reset hid the evictions, and the run ended finished, exit 0.
   */
  it('the run does not end clean: FRONTIER_EVICTS, the evictions it saw named', async () => {
    let evicted = false;
    const operator = { name: 'operator', register: (events: { on(event: 'request.scheduled', fn: () => void): void }) => events.on('request.scheduled', () => {
      if (evicted) return;
      evicted = true;
      startEvicting(redis.port);
    }) };
    const spider = new HeldSpider({ startUrls: site.startUrls.join(',') });
    const run = crawlInProcess(spider, storage.dir, {
      frontier: { url: redis.url, outageMs: 1000, leaseTtlMs: 600 }, politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { statsIntervalMs: 0 },
    }, { runId: 'reset-hides', observers: [operator] }).then(() => null, (e: unknown) => e);
    try {
      await resetAfterTheCrawlLooked(() => evicted && spider.held);
    } finally {
      spider.release();
    }
    const error = await run;
    expect(error).toBeInstanceOf(PricecrawlError);
    expect((error as PricecrawlError).code).toBe('FRONTIER_EVICTS');
    expect((error as PricecrawlError).message).toMatch(/^redis at 127\.0\.0\.1:\d+ evicted \d+ keys? while the run was running \(maxmemory-policy is noeviction now\)/);
  }, 90_000);
});
