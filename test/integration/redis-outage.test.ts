// A Redis frontier that goes away mid-crawl: a restart is ridden out with nothing lost, a server gone for good ends the run.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCatalogSiteProcess, type RemoteCatalogSite } from '../support/catalog-site-process';
import { childTracker, cli, type CliRun } from '../support/run-cli';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { readItems, tempStorageDir } from '../support/test-crawl';

const PRODUCTS_PER_HOST = 20;
/** Per host: 4 listing pages of 5 products and the 20 product pages. */
const PLANNED = 2 * (4 + PRODUCTS_PER_HOST);
const PASSWORD = 'outage-s3cret-pw';
/** Cold node processes on a 2-core machine shared with other suites, plus the client's reconnect backoff. */
const TEST_TIMEOUT_MS = 180_000;

describe('a Redis frontier that goes away mid-crawl', () => {
  let site: RemoteCatalogSite;
  const storage = tempStorageDir('redis-outage');
  const { track, killAll } = childTracker();

  beforeAll(async () => {
    site = await startCatalogSiteProcess({ hosts: 2, productsPerHost: PRODUCTS_PER_HOST, perPage: 5, latencyMs: 10 });
  });
  afterAll(async () => {
    killAll();
    await site.close();
    storage.cleanup();
  });

  /** Starts a crawl on `redis`; `stderr()` is what it logged so far. */
  function crawl(redis: RedisTestServer, runId: string, settings: string[]): { done: Promise<CliRun>; stderr: () => string } {
    let stderr = '';
    const args = [
      'crawl', 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', storage.dir,
      '--frontier', redis.url, '--run', runId, '-s', 'politeness.minIntervalMs=50', '-s', 'politeness.jitterMs=0',
      '-s', 'log.format=json', '-s', 'log.statsIntervalMs=0', ...settings.flatMap((pair) => ['-s', pair]),
    ];
    const done = cli(args, {
      onStart: (child: ChildProcess) => {
        track(child);
        child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      },
    });
    return { done, stderr: () => stderr };
  }

  /** The run ended clean: its ledger balances with nothing failed or pending, and it stored every product once at its price. */
  async function expectFinishedWithEveryProduct(result: CliRun, runId: string): Promise<void> {
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`accounting: planned ${PLANNED} = succeeded ${PLANNED} \\+ failed 0 \\+ pending 0 {2}✓`));
    const items = await readItems(storage.dir, runId);
    expect(items.map((item) => item.sku).sort()).toEqual(site.products.map((p) => p.sku).sort());
    const bySku = new Map(items.map((item) => [item.sku, item.price]));
    for (const product of site.products) expect(bySku.get(product.sku)).toBe(product.price);
  }

  function jsonLogLines(stderr: string): { level: number; msg: string }[] {
    return stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { level: number; msg: string });
  }

  /** Product pages the site has answered so far (its own records, not the crawler's word). */
  async function productsServed(): Promise<number> {
    const hosts = await site.records();
    return hosts.flatMap((host) => host.requests).filter((r) => r.path.startsWith('/p/')).length;
  }

  it('a restart while outcomes are in flight: the crawl waits, gets the unrecorded requests back, and ends clean with every product once', async () => {
    const redis = await startRedisServer({ appendOnly: true });
    try {
      const before = await productsServed();
      // Items wait in their batch, so requests await their acknowledgement when the server goes away.
      const run = crawl(redis, 'restart', ['frontier.outageMs=120000', 'frontier.leaseTtlMs=1500', 'pipeline.batchMaxAgeMs=1500']);
      await vi.waitFor(async () => expect(await productsServed()).toBeGreaterThanOrEqual(before + 6), { timeout: 60_000, interval: 50 });
      await redis.shutdown();
      await vi.waitFor(() => expect(run.stderr()).toContain('could not record a request outcome'), { timeout: 60_000, interval: 50 });
      await redis.restart();
      const result = await run.done;
      await expectFinishedWithEveryProduct(result, 'restart');
    } finally {
      await redis.stop();
    }
  }, TEST_TIMEOUT_MS);

  /** Before, picks of the lost run answered 'empty' and settles 'not yours': the crawl ended `finished`, exit 0, planned 0. */
  it('a restart that lost every key (no persistence): the crawl stops with exit 2 and says the run is lost, never a clean finish', async () => {
    const redis = await startRedisServer();
    try {
      const before = await productsServed();
      const run = crawl(redis, 'lost', ['frontier.outageMs=120000']);
      await vi.waitFor(async () => expect(await productsServed()).toBeGreaterThanOrEqual(before + 6), { timeout: 60_000, interval: 50 });
      await redis.restart();
      const result = await run.done;
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout).not.toContain('finished');
      expect(result.stderr).toMatch(/pricecrawl: the frontier redis:\/\/127\.0\.0\.1:\d+ no longer holds run lost \(its keys are gone: .+\): the crawl stopped without a summary; the requests still queued there are lost and cannot be resumed/);
    } finally {
      await redis.stop();
    }
  }, TEST_TIMEOUT_MS);

  /**
   * A server that keeps the connection open and never answers (SIGSTOP here; a network path that drops
   * packets without a reset looks the same) gives no error: before, every call waited for ever, the outage
   * limit was never reached and the crawl hung silently. Then the leases it could not hand back ran out,
   * and --resume finished the run once the server answered again.
   */
  it('a server that stops answering: the crawl ends with exit 2 and the continue line instead of hanging, and --resume finishes the run', async () => {
    const redis = await startRedisServer({ appendOnly: true, password: PASSWORD });
    try {
      const before = await productsServed();
      const settings = ['frontier.outageMs=1000', 'frontier.leaseTtlMs=1500'];
      const run = crawl(redis, 'stopped', settings);
      await vi.waitFor(async () => expect(await productsServed()).toBeGreaterThanOrEqual(before + 4), { timeout: 60_000, interval: 50 });
      process.kill(redis.pid, 'SIGSTOP');
      let result: CliRun;
      try {
        result = await run.done;
      } finally {
        process.kill(redis.pid, 'SIGCONT');
      }
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/pricecrawl: the frontier redis:\/\/\S*\*\*\*@127\.0\.0\.1:\d+ cannot be reached \(.+\): the crawl stopped without a summary; its work stays queued there\. Once it is back, continue with: pricecrawl worker catalog --frontier \S+ --run stopped/);
      expect(result.stdout + result.stderr).not.toContain(PASSWORD);

      const resumed = await crawl(redis, 'stopped', settings).done;
      await expectFinishedWithEveryProduct(resumed, 'stopped');
    } finally {
      await redis.stop();
    }
  }, TEST_TIMEOUT_MS);

  it('a server gone for good: after frontier.outageMs the crawl ends with exit 2 and one line saying how to continue, the password masked', async () => {
    const redis = await startRedisServer({ password: PASSWORD });
    try {
      const before = await productsServed();
      // Long enough for several pick retries (one a second).
      const run = crawl(redis, 'gone', ['frontier.outageMs=7000', 'frontier.leaseTtlMs=1500']);
      await vi.waitFor(async () => expect(await productsServed()).toBeGreaterThanOrEqual(before + 4), { timeout: 60_000, interval: 50 });
      await redis.shutdown();
      const result = await run.done;
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/pricecrawl: the frontier redis:\/\/\S*\*\*\*@127\.0\.0\.1:\d+ cannot be reached \(.+\): the crawl stopped without a summary; its work stays queued there\. Once it is back, continue with: pricecrawl worker catalog --frontier \S+ --run gone/);
      expect(result.stderr).toContain('the frontier kept failing; stopping the crawl');
      // Before: every retry logged the driver's stack at error level, a line a second for the whole outage.
      const retryLines = jsonLogLines(result.stderr).filter((line) => /frontier/.test(line.msg) && /retrying/.test(line.msg));
      expect(retryLines.map((line) => line.msg)).toEqual(['the frontier did not answer; retrying every second until it does or the outage limit passes']);
      // Every client has an error listener: no driver prints its reconnect failures raw.
      expect(result.stderr).not.toContain('Unhandled error event');
      expect(result.stdout + result.stderr).not.toContain(PASSWORD);
    } finally {
      await redis.stop();
    }
  }, TEST_TIMEOUT_MS);
});
