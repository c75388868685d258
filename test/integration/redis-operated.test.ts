// A Redis frontier as an operator runs it: writes refused at the run's end, an evicting policy, a flush by someone else.
import { execFileSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CrawlObserver } from '../../src/app/crawl/run-observers';
import { PricecrawlError } from '../../src/core/errors';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const PASSWORD = 'operated-s3cret-pw';
/** Per host: 2 listing pages of 5 products and the 10 product pages. */
const PLANNED = 12;

let redis: RedisTestServer;
let admin: Redis;
let site: CatalogSite;
const storage = tempStorageDir('redis-operated');

beforeAll(async () => {
  redis = await startRedisServer({ password: PASSWORD });
  admin = new Redis(redis.url);
  site = await startCatalogSite({ hosts: 1, productsPerHost: 10, perPage: 5 });
});
afterAll(async () => {
  admin?.disconnect();
  await site?.close();
  await redis?.stop();
  storage.cleanup();
});
beforeEach(async () => {
  await admin.config('SET', 'maxmemory', '0');
  await admin.config('SET', 'maxmemory-policy', 'noeviction');
});

const settings = { frontier: { url: '', outageMs: 1000 }, politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { statsIntervalMs: 0 } };
const crawl = (runId: string, extra: Parameters<typeof crawlInProcess>[3] = {}) => crawlInProcess(new CatalogSpider({ startUrls: site.startUrls.join(',') }), storage.dir, { ...settings, frontier: { ...settings.frontier, url: redis.url } }, { runId, ...extra });

/** Runs redis-cli against the test server there and then: a change that lands at an exact point of the run. */
function redisCliNow(...args: string[]): void {
  execFileSync('redis-cli', ['-p', String(redis.port), '--no-auth-warning', '-a', PASSWORD, ...args]);
}

/** The server fills up as the run reaches its end: its ledger is read, its end cannot be written. */
const fillsAtTheEnd: CrawlObserver = {
  name: 'operator',
  register: (events) => events.on('spider.closed', () => redisCliNow('CONFIG', 'SET', 'maxmemory', '1')),
};

async function rejection(promise: Promise<unknown>): Promise<PricecrawlError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(PricecrawlError);
  return error as PricecrawlError;
}

describe('writes refused when the run ends', () => {
  /**
   * Before, the claim of the run's end failed with the driver's bare "OOM command not allowed when used memory >
   * 'maxmemory'. script: <sha>, on @user_script:125.", not a PricecrawlError (exit 1), and the frontier was
   * never closed: its timers held the process until the CLI's last guard ("something stayed open").
   */
  it('ends resumable with a line that says why (exit 2), and --resume finishes the run once the server takes writes', async () => {
    const logLines: Array<Record<string, unknown>> = [];
    const error = await rejection(crawl('oom-at-end', { observers: [fillsAtTheEnd], logLines }));
    expect(error.code).toBe('FRONTIER_REFUSED');
    expect(error.message).toMatch(/^the frontier redis:\/\/\*\*\*@127\.0\.0\.1:\d+ refused the crawl's writes \(OOM command not allowed when used memory > 'maxmemory': it is full \(maxmemory\) and evicts nothing: raise maxmemory or free memory there\): the crawl stopped without a summary; its work stays queued there\. Once it accepts writes again, continue with: pricecrawl worker catalog --frontier redis:\/\/\*\*\*@127\.0\.0\.1:\d+ --run oom-at-end/);
    expect(error.message).not.toContain('@user_script');
    expect(JSON.stringify(logLines) + error.message).not.toContain(PASSWORD);
    // The frontier's connection was closed: only the test's own client is left on the server.
    expect((await admin.client('LIST') as string).trim().split('\n')).toHaveLength(1);

    await admin.config('SET', 'maxmemory', '0');
    const resumed = await crawl('oom-at-end', { resume: true });
    expect(resumed.summary.status).toBe('finished');
    expect(resumed.summary.ledger).toMatchObject({ planned: PLANNED, succeeded: PLANNED, failed: 0, pending: 0 });
    expect(resumed.items.map((item) => `${item.sku} ${item.price}`).sort()).toEqual(site.products.map((p) => `${p.sku} ${p.price}`).sort());
  }, 60_000);
});
