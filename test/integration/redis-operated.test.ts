// A Redis frontier as an operator runs it: writes refused at the run's end, an evicting policy, a flush by someone else.
import { execFileSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrawlObserver } from '../../src/app/crawl/run-observers';
import { PricecrawlError } from '../../src/core/errors';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import type { CrawlResponse, PriceItem, SpiderOutput } from '../../src/index';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';
import { startTcpSwitch } from '../support/tcp-switch';
import { startEvicting } from '../support/evicting-redis';
import { runPrefix } from '../../storage/redis/redis-scripts';

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

/** An operator who acts once, at the run's first `event`, there and then (the crawl waits for it). */
function actsOnce(event: 'request.scheduled' | 'item.stored', act: () => void): CrawlObserver & { acted: boolean } {
  const operator = {
    name: 'operator',
    acted: false,
    register: (events: Parameters<CrawlObserver['register']>[0]) => events.on(event, () => {
      if (operator.acted) return;
      operator.acted = true;
      act();
    }),
  };
  return operator;
}

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

describe('a server that may evict keys', () => {
  /** Before, the crawl ran on it: a full server deleted a host's queue or the ledger's counts without a word. */
  it.each(['allkeys-lru', 'volatile-ttl'])('under maxmemory-policy %s: the crawl refuses to start, saying why, and creates no run', async (policy) => {
    await admin.config('SET', 'maxmemory-policy', policy);
    const error = await rejection(crawl(`evicting-${policy}`));
    expect(error.code).toBe('FRONTIER_EVICTS');
    expect(error.message).toMatch(new RegExp(`^redis at 127\\.0\\.0\\.1:\\d+ evicts keys when it is full \\(maxmemory-policy ${policy}\\): a crawl's queue and ledger there could vanish without an error\\. Set maxmemory-policy noeviction`));
    expect(await admin.keys(`pricecrawl:{evicting-${policy}}:*`)).toEqual([]);
  }, 60_000);

  /** Before, the run ended finished, exit 0, whatever the server had evicted meanwhile. */
  it('when eviction is turned on while the run runs and the server evicts: the run does not end clean (exit 2, the reason named)', async () => {
    const operator = actsOnce('request.scheduled', () => startEvicting(redis.port, PASSWORD));
    const error = await rejection(crawl('evicted-mid-run', { observers: [operator] }));
    expect(operator.acted).toBe(true);
    expect(error.code).toBe('FRONTIER_EVICTS');
    expect(error.message).toMatch(/^redis at 127\.0\.0\.1:\d+ evicted \d+ keys? while the run was running \(maxmemory-policy is volatile-lru now\): the run's queue or ledger may have lost some, so it cannot say what was fetched\. Set maxmemory-policy noeviction there: the crawl stopped without a summary, as some of its requests may never have been fetched; crawl again: pricecrawl crawl catalog$/);
  }, 60_000);
});

describe('a session store the server will not serve', () => {
  /**
   * An operator's ACL gives the crawl's user the run's keys but not the sessions' (NOPERM); a server away
   * while a host's pool opens fails its load the same way. Before, the sessions middleware threw on every
   * request of each host: all failed as engine/middleware-error, permanent, and reported as a bug in our code.
   */
  it('the hosts start with fresh sessions, said in a warning, and every product is stored', async () => {
    await admin.acl('SETUSER', 'crawler', 'reset', 'on', '>crawler-pw', '+@all', '~pricecrawl:{*', '~pricecrawl:runs:*');
    const url = redis.url.replace(`:${PASSWORD}@`, ':crawler-pw@').replace('redis://', 'redis://crawler');
    const logLines: Array<Record<string, unknown>> = [];
    const result = await crawlInProcess(new CatalogSpider({ startUrls: site.startUrls.join(',') }), storage.dir, { ...settings, frontier: { ...settings.frontier, url } }, { runId: 'sessions-denied', logLines });
    expect(result.summary.status).toBe('finished');
    expect(result.summary.ledger).toMatchObject({ planned: PLANNED, succeeded: PLANNED, failed: 0, pending: 0 });
    expect(result.items.map((item) => `${item.sku} ${item.price}`).sort()).toEqual(site.products.map((p) => `${p.sku} ${p.price}`).sort());
    const warned = logLines.filter((line) => line.msg === 'sessions not loaded: the host starts with fresh sessions');
    expect(warned.map((line) => (line.err as { message: string }).message)).toEqual([expect.stringMatching(/^NOPERM/)]);
    expect(JSON.stringify(logLines)).not.toContain('crawler-pw');
  }, 60_000);
});

/** The first listing fills the server as its callback runs; its own item, once stored, frees it again. */
class FillingCatalogSpider extends CatalogSpider {
  private filled = false;

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    if (!this.filled) {
      this.filled = true;
      redisCliNow('CONFIG', 'SET', 'maxmemory', '1');
    }
    yield* super.parse(res);
    const listing: PriceItem = { sku: `listing ${res.url}`, price: '1.00', currency: 'USD', url: res.url };
    yield listing;
  }
}

describe('the links of a page refused by the frontier', () => {
  /**
   * Before, the frontier's refusal of the add (OOM here; a Redis restarting fails it the same way) was the
   * callback's error: the listing failed for good as callback/error once the server took writes again, its
   * products were never planned, and the loss was blamed on the spider's code.
   */
  it('the page is fetched again and its links crawled: every product stored, nothing failed', async () => {
    const frees: CrawlObserver = {
      name: 'operator',
      register: (events) => events.on('item.stored', ({ item }) => {
        if (item.sku?.startsWith('listing ')) redisCliNow('CONFIG', 'SET', 'maxmemory', '0');
      }),
    };
    const spider = new FillingCatalogSpider({ startUrls: site.startUrls.join(',') });
    const result = await crawlInProcess(spider, storage.dir, { ...settings, frontier: { url: redis.url, outageMs: 60_000, leaseTtlMs: 1500 } }, { runId: 'add-refused', observers: [frees] });
    expect(result.summary.ledger).toMatchObject({ planned: PLANNED, succeeded: PLANNED, failed: 0, pending: 0 });
    expect(result.summary.status).toBe('finished');
    const products = result.items.filter((item) => !item.sku?.startsWith('listing '));
    expect(products.map((item) => `${item.sku} ${item.price}`).sort()).toEqual(site.products.map((p) => `${p.sku} ${p.price}`).sort());
  }, 60_000);
});

describe('a server that stops answering mid-run', () => {
  /**
   * SIGSTOP keeps the socket open and answers nothing. Before, the close sent returnAll anyway and waited
   * for the frontier's command timeout (the lease's life: 30 s by default) before the run could end with
   * its reason; its heartbeats had been failing all along.
   */
  it('the end does not wait to hand leases back to it: said in a warning, exit 2 with the continue line, and --resume finishes the run', async () => {
    const logLines: Array<Record<string, unknown>> = [];
    const shared = { ...settings, frontier: { url: redis.url, outageMs: 1000, leaseTtlMs: 1500 }, politeness: { minIntervalMs: 50, jitterMs: 0 } };
    const spider = () => new CatalogSpider({ startUrls: site.startUrls.join(',') });
    const before = site.servers[0].requests.length;
    const stopped = site.servers[0].waitForRequests(before + 4).then(() => process.kill(redis.pid, 'SIGSTOP'));
    let error: PricecrawlError;
    try {
      error = await rejection(crawlInProcess(spider(), storage.dir, shared, { runId: 'stopped', logLines }));
    } finally {
      await stopped;
      process.kill(redis.pid, 'SIGCONT');
    }
    expect(error.code).toBe('FRONTIER_UNREACHABLE');
    // The ledger is not read either: it would wait the command timeout to fail the same way.
    expect(error.message).toMatch(/^the frontier redis:\/\/\*\*\*@127\.0\.0\.1:\d+ cannot be reached \(it has not answered this worker's last calls\): the crawl stopped without a summary; its work stays queued there\. Once it is back, continue with: pricecrawl worker catalog --frontier redis:\/\/\*\*\*@127\.0\.0\.1:\d+ --run stopped/);
    const messages = logLines.map((line) => line.msg);
    expect(messages).toContain('the frontier has not answered this worker\'s last calls: its leases are not handed back; they return to their queues when they run out');
    expect(messages).not.toContain('could not hand this worker\'s leases back; they return to their queues when they run out');

    const resumed = await crawlInProcess(spider(), storage.dir, shared, { runId: 'stopped', resume: true });
    expect(resumed.summary.status).toBe('finished');
    expect(resumed.summary.ledger).toMatchObject({ planned: PLANNED, succeeded: PLANNED, failed: 0, pending: 0 });
  }, 120_000);
});

describe('a failover', () => {
  /**
   * The primary hands over to its replica (FAILOVER: writes paused until the replica caught up, then the
   * roles swap) and the address the crawl was given now leads to the new primary, as Sentinel's or a managed
   * service's DNS name does. Before, the crawl's connections stayed on the old primary, now a replica: every
   * write READONLY until frontier.outageMs stopped the run.
   */
  it('the crawl reconnects on READONLY, reaches the new primary, and ends clean with every product', async () => {
    const replica = await startRedisServer();
    const replicaAdmin = new Redis(replica.url);
    const primary = await startRedisServer();
    const primaryAdmin = new Redis(primary.url);
    const address = await startTcpSwitch(primary.port);
    try {
      await replicaAdmin.replicaof('127.0.0.1', String(primary.port));
      await vi.waitFor(async () => expect(await replicaAdmin.info('replication')).toContain('master_link_status:up'), { timeout: 10_000, interval: 20 });
      const operator = actsOnce('item.stored', () => {
        address.targetPort = replica.port;
        execFileSync('redis-cli', ['-p', String(primary.port), 'FAILOVER', 'TO', '127.0.0.1', String(replica.port)]);
      });
      const url = `redis://127.0.0.1:${address.port}`;
      const result = await crawlInProcess(new CatalogSpider({ startUrls: site.startUrls.join(',') }), storage.dir, { ...settings, frontier: { url, outageMs: 20_000, leaseTtlMs: 1500 } }, { runId: 'failover', observers: [operator] });
      expect(operator.acted).toBe(true);
      expect(await primaryAdmin.info('replication')).toContain('role:slave');
      expect(result.summary.status).toBe('finished');
      expect(result.summary.ledger).toMatchObject({ planned: PLANNED, succeeded: PLANNED, failed: 0, pending: 0 });
      expect(result.items.map((item) => `${item.sku} ${item.price}`).sort()).toEqual(site.products.map((p) => `${p.sku} ${p.price}`).sort());
    } finally {
      await address.close();
      replicaAdmin.disconnect();
      primaryAdmin.disconnect();
      await replica.stop();
      await primary.stop();
    }
  }, 120_000);

  it('a crawl pointed at a replica is refused at start, saying so (exit 2), and creates no run', async () => {
    const replica = await startRedisServer();
    const replicaAdmin = new Redis(replica.url);
    try {
      await replicaAdmin.replicaof('127.0.0.1', String(redis.port));
      const error = await rejection(crawlInProcess(new CatalogSpider({ startUrls: site.startUrls.join(',') }), storage.dir, { ...settings, frontier: { url: replica.url, outageMs: 1000 } }, { runId: 'on-replica' }));
      expect(error.code).toBe('FRONTIER_REFUSED');
      expect(error.message).toMatch(/^redis at 127\.0\.0\.1:\d+ refused to open the run \(READONLY You can't write against a read only replica: it is a read-only replica, as after a failover: point frontier\.url at the primary\): no run was created$/);
    } finally {
      replicaAdmin.disconnect();
      await replica.stop();
    }
  }, 60_000);
});

/** Seeds the first listing, then the server holds every write longer than a call may wait; then the second listing. */
class PausingSeedSpider extends CatalogSpider {
  override async *start(): AsyncIterable<SpiderOutput> {
    const [first] = this.startUrls;
    yield this.request(first, 'parse', { page: 1 });
    // Held past the frontier's 5 s command timeout (leaseTtlMs 1500): the add times out, then the server goes on by itself.
    redisCliNow('CLIENT', 'PAUSE', '6000', 'WRITE');
    yield this.request(first.replace('page=1', 'page=2'), 'parse', { page: 2 });
  }
}

describe('seeds the frontier did not store', () => {
  /**
   * Before, the first add that failed while seeding was start()'s error: the crawl stopped with 'spider
   * catalog: start() failed: Command timed out', as if the spider were broken.
   */
  it('are offered again while the frontier is away, and the run finishes with every product', async () => {
    const logLines: Array<Record<string, unknown>> = [];
    const result = await crawlInProcess(new PausingSeedSpider({ startUrls: site.startUrls.join(',') }), storage.dir, { ...settings, frontier: { url: redis.url, outageMs: 60_000, leaseTtlMs: 1500 } }, { runId: 'seeds-held', logLines });
    expect(logLines.map((line) => line.msg)).toContain('the frontier did not store a batch of seeds; offering it again');
    expect(result.summary.status).toBe('finished');
    expect(result.summary.ledger).toMatchObject({ planned: PLANNED, succeeded: PLANNED, failed: 0, pending: 0 });
    expect(result.items.map((item) => `${item.sku} ${item.price}`).sort()).toEqual(site.products.map((p) => `${p.sku} ${p.price}`).sort());
  }, 120_000);
});

describe('someone flushes the server mid-run', () => {
  /** The run-lost check (RUN_KEPT_LUA) holds for a flush as for a restart without persistence: never a clean end. */
  it.each(['FLUSHDB', 'FLUSHALL'])('%s: the crawl stops, saying the run is lost and cannot be resumed (exit 2)', async (command) => {
    const error = await rejection(crawl(`flushed-${command}`, { observers: [actsOnce('item.stored', () => redisCliNow(command))] }));
    expect(error.code).toBe('FRONTIER_RUN_LOST');
    expect(error.message).toMatch(new RegExp(`^the frontier redis://\\*\\*\\*@127\\.0\\.0\\.1:\\d+ no longer holds run flushed-${command} \\(its keys are gone: .+\\): the crawl stopped without a summary; the requests still queued there are lost and cannot be resumed`));
  }, 60_000);
});

describe('someone deletes one of the run\'s keys mid-run', () => {
  /**
   * Empty, such a key is absent in a living run, so its absence said nothing: a deleted slot set left its
   * host's slots held for ever (each release found nothing to free) and the crawl waited without a word.
   */
  it.each(['slot', 'st', 'ledger'])('%s: the crawl stops, naming the key, and the run is not called finished', async (key) => {
    const runId = `deleted-${key}`;
    const error = await rejection(crawl(runId, { observers: [actsOnce('item.stored', () => redisCliNow('DEL', `${runPrefix(runId)}${key}`))] }));
    expect(error.code).toBe('FRONTIER_RUN_LOST');
    expect(error.message).toContain(`(its keys are gone (${key}):`);
  }, 60_000);
});
