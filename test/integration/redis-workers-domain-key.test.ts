// Two Redis workers under politeness.hostKey: domain, crawling shop.test and www.shop.test: one gate, its interval kept at the server across both names and both workers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import type { FixtureServer } from '../support/fixture-server';
import { productHtml, startListingShop } from '../support/listing-shop';
import { startNameProxy, type NameProxy } from '../support/name-proxy';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { childTracker, cli, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const INTERVAL_MS = 250;
const PRODUCTS = 5;
const NAMES = ['shop.test', 'www.shop.test'];
/** Two cold node processes (tsx, Crawlee) on a 2-core machine shared with other suites. */
const PROCESS_TEST_TIMEOUT_MS = 180_000;

describe('two Redis workers, one shop under two names, hostKey: domain', () => {
  const { track, killAll } = childTracker();
  const storage = tempStorageDir('redis-domain');
  let redis: RedisTestServer;
  let shop: FixtureServer;
  let proxy: NameProxy;
  let runs: CliRun[];

  beforeAll(async () => {
    redis = await startRedisServer();
    shop = await startListingShop(PRODUCTS);
    shop.route('/p/:n', (_req, res, ctx) => productHtml(res, ctx.params.n));
    proxy = await startNameProxy(shop.port);
    const starts = NAMES.map((name) => `http://${name}:${shop.port}/list`).join(',');
    const args = (command: 'crawl' | 'worker') => [
      command, 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${starts}`, '--storage', storage.dir,
      '--frontier', redis.url, '--run', 'domain-key', '-s', 'frontier.pollMs=20', '-s', `sessions.proxyUrls=${JSON.stringify([proxy.url])}`,
      '-s', 'politeness.hostKey=domain', '-s', `politeness.minIntervalMs=${INTERVAL_MS}`, '-s', 'politeness.jitterMs=0',
      '-s', 'pipeline.batchMaxAgeMs=20', '-s', 'log.format=json', '-s', 'log.level=warn', '-s', 'log.statsIntervalMs=0',
    ];
    runs = await Promise.all([cli(args('worker'), { onStart: track }), cli(args('crawl'), { onStart: track })]);
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(async () => {
    killAll();
    await proxy.close();
    await shop.close();
    await redis.stop();
    storage.cleanup();
  });

  it('fetches both names\' pages and finishes the run', () => {
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const hosts = new Set(shop.requests.filter((r) => r.path.startsWith('/p/')).map((r) => String(r.headers.host).split(':')[0]));
    expect([...hosts].sort()).toEqual(NAMES);
    const planned = NAMES.length * (PRODUCTS + 1);
    expect(runs.some((run) => new RegExp(`accounting: planned ${planned} = succeeded ${planned} \\+ failed 0 \\+ pending 0 {2}✓`).test(run.stdout))).toBe(true);
  });

  it('spaces every request to either name by the one interval, robots.txt included', () => {
    // Stamped as they reach the proxy, the crawler's first hop: its forwarding delay does not shorten a gap.
    const seen = JSON.stringify(proxy.arrivals.map((r) => [r.url, r.arrivedAtPerfMs.toFixed(1)]));
    for (const gap of longestPossibleGapsMs(proxy.arrivals)) expect(gap, seen).toBeGreaterThanOrEqual(INTERVAL_MS);
    const server = JSON.stringify(shop.requests.map((r) => [r.headers.host, r.path, r.arrivedAtPerfMs.toFixed(1)]));
    expect(shop.requests.length, server).toBe(proxy.arrivals.length);
  });
});
