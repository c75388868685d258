// Many worker processes on one Redis frontier: exactly-once items, politeness across workers, dead workers.
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSiteProcess, type RemoteCatalogSite, type RemoteRecord } from '../support/catalog-site-process';
import { peakConcurrency } from '../support/catalog-site';
import { childTracker, cli, type CliRun } from '../support/run-cli';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { crawlInProcess, readItems, tempStorageDir } from '../support/test-crawl';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { readRunStatus } from '../../storage/redis/redis-status';
import type { RunStatusReport } from '../../src/ports/run-status';

const MIN_INTERVAL_MS = 60;
/** Arrival noise between processes on a busy 2-core machine beyond what the site measures of its own stalls (loop-beat.ts). */
const ARRIVAL_NOISE_MS = 8;
const PRODUCTS_PER_HOST = 15;
/** Per host: 3 listing pages of 5 products, 15 product pages (robots.txt is not a planned request). */
/** Three cold node processes each (tsx, Crawlee) on a 2-core machine shared with other suites. */
const PROCESS_TEST_TIMEOUT_MS = 240_000;
const PLANNED = 3 * (3 + PRODUCTS_PER_HOST);

describe('workers sharing a Redis frontier', () => {
  let redis: RedisTestServer;
  let client: Redis;
  let site: RemoteCatalogSite;
  const storage = tempStorageDir('redis-workers');
  const { track, killAll } = childTracker();
  const run = (argv: string[], onStart?: (child: ChildProcess) => void) =>
    cli(argv, {
      onStart: (child) => {
        track(child);
        onStart?.(child);
      },
    });

  const args = (command: 'crawl' | 'worker', runId: string, leaseTtlMs: number) => [
    command, 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', storage.dir,
    '--frontier', redis.url, '--run', runId, '-s', `politeness.minIntervalMs=${MIN_INTERVAL_MS}`, '-s', 'politeness.jitterMs=0',
    '-s', `frontier.leaseTtlMs=${leaseTtlMs}`, '-s', 'frontier.pollMs=50', '-s', 'pipeline.batchMaxAgeMs=20',
    '-s', 'log.format=json', '-s', 'log.level=warn', '-s', 'log.statsIntervalMs=0',
  ];
  const productPaths = () => new Set(site.products.map((p) => new URL(p.url).pathname));
  const pages = (requests: RemoteRecord[]) => requests.filter((r) => r.path !== '/robots.txt');

  beforeAll(async () => {
    redis = await startRedisServer();
    client = new Redis(redis.url);
    site = await startCatalogSiteProcess({ hosts: 3, productsPerHost: PRODUCTS_PER_HOST, perPage: 5, latencyMs: 15 });
  });
  afterAll(async () => {
    killAll();
    client.disconnect();
    await site.close();
    await redis.stop();
    storage.cleanup();
  });

  async function expectCompleteRun(runId: string): Promise<RunStatusReport> {
    const status = await readRunStatus(client, runId);
    expect(status.meta.status).toBe('finished');
    expect(status).toMatchObject({ planned: PLANNED, pending: 0, failed: 0, leases: 0 });
    expect(status.succeeded).toBe(status.planned);
    const items = await readItems(storage.dir, runId);
    expect(items).toHaveLength(site.products.length);
    expect(new Set(items.map((item) => item.sku)).size).toBe(site.products.length);
    const bySku = new Map(items.map((item) => [item.sku, item.price]));
    for (const product of site.products) expect(bySku.get(product.sku)).toBe(product.price);
    return status;
  }

  it('3 workers: every product stored once, fetched once, and each host\'s spacing holds across all of them', async () => {
    const before = await site.records();
    const runId = 'three-workers';
    // Workers may start before the crawl that creates and seeds the run: they wait for it.
    const runs = await Promise.all([run(args('worker', runId, 5000)), run(args('worker', runId, 5000)), run(args('crawl', runId, 5000))]);
    for (const result of runs) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/accounting: planned 54 = succeeded 54 \+ failed 0 \+ pending 0 {2}✓/);
    }
    await expectCompleteRun(runId);
    const after = await site.records();
    for (const [i, server] of after.entries()) {
      // One worker fetched each host's robots.txt; the other two read it from Redis.
      expect(server.requests.slice(before[i].requests.length).filter((r) => r.path === '/robots.txt')).toHaveLength(1);
      const requests = pages(server.requests.slice(before[i].requests.length));
      const products = requests.filter((r) => productPaths().has(r.path));
      expect(products).toHaveLength(PRODUCTS_PER_HOST); // no page fetched twice by two workers
      // On failure, the host's arrivals as the site saw them: [path, stamped at, may be early by, closed at].
      const seen = JSON.stringify([...requests].sort((a, b) => a.arrivedAtPerfMs - b.arrivedAtPerfMs).map((r) => [r.path, r.arrivedAtPerfMs.toFixed(1), r.stampSlackMs.toFixed(1), r.closedAtPerfMs?.toFixed(1)]));
      expect(Math.min(...longestPossibleGapsMs(requests)), seen).toBeGreaterThanOrEqual(MIN_INTERVAL_MS - ARRIVAL_NOISE_MS);
      expect(peakConcurrency(requests)).toBe(1);
    }
    const scraped = runs.map((result) => Number(/items: scraped (\d+)/.exec(result.stdout)?.[1] ?? -1));
    expect(scraped.reduce((a, b) => a + b, 0)).toBe(site.products.length);
  }, PROCESS_TEST_TIMEOUT_MS);

  /** The run the first test finished. Before, exit 1, which says a run's accounting broke; nothing ran, the worker was refused. */
  it('a worker for a run that has finished is refused with exit 2, nothing fetched', async () => {
    const before = await site.records();
    const refused = await run(args('worker', 'three-workers', 5000));
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toContain('pricecrawl: run three-workers of catalog has finished already: nothing to join');
    const after = await site.records();
    expect(after.map((host) => host.requests.length)).toEqual(before.map((host) => host.requests.length));
  }, PROCESS_TEST_TIMEOUT_MS);

  it('a SIGKILLed worker\'s leases are reclaimed after they expire; the crawl completes with nothing lost', async () => {
    const runId = 'killed-worker';
    let victim: ChildProcess | null = null;
    const victimRun = run(args('worker', runId, 1000), (child) => (victim = child));
    const others = Promise.all([run(args('worker', runId, 1000)), run(args('crawl', runId, 1000))]);
    // Kill it while it holds at least one lease. A lease seen held can be settled before a kill lands (the settle
    // may already sit in the socket), so the victim is frozen first: once Redis has answered two reads after the
    // SIGSTOP, whatever the victim wrote before it has been applied, and a lease still held then is one it dies with.
    const holdsLease = async () => {
      const status = await readRunStatus(client, runId).catch(() => null);
      return Object.entries(status?.workers ?? {}).some(([id, w]) => id.includes(`:${victim!.pid}:`) && w.leases > 0);
    };
    const killed = (async () => {
      for (;;) {
        if (victim!.exitCode !== null) throw new Error('the victim finished before it held a lease');
        if (await holdsLease()) {
          victim!.kill('SIGSTOP');
          await holdsLease();
          if (await holdsLease()) return victim!.kill('SIGKILL');
          victim!.kill('SIGCONT');
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    await killed;
    const [victimResult, [worker, crawl]] = await Promise.all([victimRun, others]) as [CliRun, CliRun[]];
    expect(victimResult.signal).toBe('SIGKILL');
    expect(worker.code, worker.stderr).toBe(0);
    expect(crawl.code, crawl.stderr).toBe(0);
    const status = await expectCompleteRun(runId);
    expect(status.reclaimed).toBeGreaterThanOrEqual(1);
    const shown = await cli(['status', '--frontier', redis.url, '--run', runId]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('accounting: planned 54 = succeeded 54 + failed 0 + pending 0  ✓');
    expect(shown.stdout).toMatch(/reclaimed from dead workers: [1-9]/);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('a second run of the same spider re-fetches every page (the seen-set is per run)', async () => {
    const before = await site.records();
    const spider = new CatalogSpider({ startUrls: site.startUrls.join(',') });
    const result = await crawlInProcess(spider, storage.dir, {
      frontier: { url: redis.url, pollMs: 20 },
      politeness: { minIntervalMs: 5, jitterMs: 0 },
      pipeline: { batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
    });
    expect(result.summary).toMatchObject({ status: 'finished', balanced: true });
    expect(result.summary.ledger).toMatchObject({ planned: PLANNED, succeeded: PLANNED, pending: 0 });
    const after = await site.records();
    for (const [i, server] of after.entries()) {
      const fetched = pages(server.requests.slice(before[i].requests.length)).filter((r) => productPaths().has(r.path));
      expect(fetched).toHaveLength(PRODUCTS_PER_HOST);
    }
  });
});
