// The host gate holds across processes: Crawl-delay and a Retry-After pause, for two workers on one Redis frontier and across a kill -9 and --resume (both at once: redis-gate-resume.test.ts).
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer, RecordedRequest } from '../support/fixture-server';
import { productHtml, startListingShop } from '../support/listing-shop';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { Redis } from 'ioredis';
import { formatStatus } from '../../src/cli/status-command';
import { readRunStatus } from '../../storage/redis/redis-status';
import { childTracker, cli } from '../support/run-cli';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { tempStorageDir } from '../support/test-crawl';
import { peekFrontier, waitForFrontierRow } from '../support/frontier-peek';

const CRAWL_DELAY_MS = 250;
const PRODUCTS = 8;
/** The product that answers 429 with Retry-After the first time it is asked for. */
const THROTTLED = 2;
const SPIDER_FILE = 'test/support/spiders/catalog-spider.ts';
/** Cold node processes (tsx, Crawlee) on a 2-core machine shared with other suites. */
const PROCESS_TEST_TIMEOUT_MS = 120_000;

/** One shop: robots.txt with a Crawl-delay, a listing of products, one product throttled once with Retry-After. */
async function startShop(retryAfterS: number): Promise<FixtureServer> {
  const server = await startListingShop(PRODUCTS);
  let throttled = false;
  server.route('/robots.txt', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`User-agent: *\nCrawl-delay: ${CRAWL_DELAY_MS / 1000}\n`);
  });
  server.route('/p/:n', (_req, res, ctx) => {
    if (ctx.params.n === String(THROTTLED) && !throttled) {
      throttled = true;
      res.writeHead(429, { 'retry-after': String(retryAfterS), 'content-type': 'text/plain' });
      res.end('slow down');
      return;
    }
    productHtml(res, ctx.params.n);
  });
  return server;
}

const args = (server: FixtureServer, dir: string, extra: string[]) => [
  SPIDER_FILE, '-a', `startUrls=${server.url('/list')}`, '--storage', dir,
  // The configured interval is far below the Crawl-delay, so only the gate's floor can space the host.
  '-s', 'politeness.minIntervalMs=10', '-s', 'politeness.jitterMs=0', '-s', 'pipeline.batchMaxAgeMs=20',
  '-s', 'log.format=json', '-s', 'log.level=warn', '-s', 'log.statsIntervalMs=0', ...extra,
];

/** The 429's arrival and every arrival at the host after it. */
function afterThrottle(requests: readonly RecordedRequest[]): { throttledAtMs: number; later: RecordedRequest[] } {
  const index = requests.findIndex((r) => r.path === `/p/${THROTTLED}`);
  expect(index).toBeGreaterThanOrEqual(0);
  return { throttledAtMs: requests[index].arrivedAtEpochMs, later: requests.slice(index + 1) };
}

describe('host gate state across processes', () => {
  const { track, killAll } = childTracker();
  afterAll(killAll);

  describe('kill -9 after a Retry-After pause, then --resume (embedded frontier)', () => {
    const RETRY_AFTER_S = 6;
    const storage = tempStorageDir('gate-resume');
    let shop: FixtureServer;
    let recorded: GateState | null;
    let resumed: Awaited<ReturnType<typeof cli>>;

    beforeAll(async () => {
      shop = await startShop(RETRY_AFTER_S);
      let first: ChildProcess | undefined;
      const firstRun = cli(['crawl', ...args(shop, storage.dir, [])], { onStart: (child) => track((first = child)) });
      // Killed once the 429's request is back in the queue: the pause is in the same commit as that defer.
      await waitForFrontierRow(storage.dir, `SELECT 1 FROM requests WHERE state = 'pending' AND reason = 'http/429'`);
      first!.kill('SIGKILL');
      await firstRun;
      recorded = gateState(storage.dir, shop.hostKey);
      resumed = await cli(['crawl', ...args(shop, storage.dir, ['--resume'])], { onStart: track });
    }, PROCESS_TEST_TIMEOUT_MS);
    afterAll(async () => {
      await shop.close();
      storage.cleanup();
    });

    it('recorded the pause and the Crawl-delay with the run before the kill', () => {
      expect(recorded).toMatchObject({ pauseCause: 'retry-after', crawlDelayMs: CRAWL_DELAY_MS, breaker: { state: 'closed' } });
    });

    it('the resumed process sends nothing to the host before the Retry-After ends, measured at the server', () => {
      expect(resumed.code, resumed.stderr).toBe(0);
      const { throttledAtMs, later } = afterThrottle(shop.requests);
      expect(later.length).toBeGreaterThan(0);
      expect(Math.min(...later.map((r) => r.arrivedAtEpochMs))).toBeGreaterThanOrEqual(throttledAtMs + RETRY_AFTER_S * 1000);
    });

    it('the resumed process spaces the host by the Crawl-delay from its first request on, robots.txt included', () => {
      const { later } = afterThrottle(shop.requests);
      expect(later[0].path).toBe('/robots.txt');
      expect(Math.min(...longestPossibleGapsMs(later))).toBeGreaterThanOrEqual(CRAWL_DELAY_MS);
      expect(resumed.stdout).toMatch(/accounting: planned 9 = succeeded 9 \+ failed 0 \+ pending 0 {2}✓/);
    });
  });

  describe('two workers on one Redis frontier', () => {
    const RETRY_AFTER_S = 2;
    const storage = tempStorageDir('gate-workers');
    let redis: RedisTestServer;
    let shop: FixtureServer;
    let runs: Array<Awaited<ReturnType<typeof cli>>>;

    const runId = 'gate-two-workers';

    beforeAll(async () => {
      redis = await startRedisServer();
      shop = await startShop(RETRY_AFTER_S);
      const shared = ['--frontier', redis.url, '--run', runId, '-s', 'frontier.pollMs=20'];
      runs = await Promise.all([
        cli(['worker', ...args(shop, storage.dir, shared)], { onStart: track }),
        cli(['crawl', ...args(shop, storage.dir, shared)], { onStart: track }),
      ]);
    }, PROCESS_TEST_TIMEOUT_MS);
    afterAll(async () => {
      await shop.close();
      await redis.stop();
      storage.cleanup();
    });

    it('both workers finish the run with every page fetched once', () => {
      for (const run of runs) expect(run.code, run.stderr).toBe(0);
      const pages = shop.requests.filter((r) => r.path !== '/robots.txt').map((r) => r.path);
      expect(pages).toHaveLength(1 + PRODUCTS + 1); // the throttled product twice
    });

    it('holds the Crawl-delay between the pages of both workers, measured at the server', () => {
      // Each worker fetches robots.txt once, the first of them before anyone knows the Crawl-delay.
      const pages = shop.requests.filter((r) => r.path !== '/robots.txt');
      expect(Math.min(...longestPossibleGapsMs(pages))).toBeGreaterThanOrEqual(CRAWL_DELAY_MS);
    });

    it('holds the Retry-After pause for both workers', () => {
      const { throttledAtMs, later } = afterThrottle(shop.requests);
      expect(later.length).toBeGreaterThan(0);
      expect(Math.min(...later.map((r) => r.arrivedAtEpochMs))).toBeGreaterThanOrEqual(throttledAtMs + RETRY_AFTER_S * 1000);
    });

    it('`pricecrawl status` shows the interval in force and why', async () => {
      const client = new Redis(redis.url);
      try {
        const status = await readRunStatus(client, runId);
        expect(status.byHost[shop.hostKey]).toMatchObject({ intervalMs: CRAWL_DELAY_MS, intervalCause: 'crawl-delay', breaker: 'closed' });
        const row = formatStatus(status).split('\n').find((line) => line.startsWith(shop.hostKey));
        expect(row).toMatch(new RegExp(`${CRAWL_DELAY_MS} ms +crawl-delay +`));
      } finally {
        client.disconnect();
      }
    });
  });
});

interface GateState {
  pausedUntilMs: number;
  pauseCause: string | null;
  crawlDelayMs: number;
  breaker: { state: string };
}

/** What the run's gate table holds for the host; null when there is none. */
function gateState(dir: string, hostKey: string): GateState | null {
  const row = peekFrontier<{ state: string }>(dir, `SELECT state FROM host_gates WHERE host = '${hostKey}'`);
  return row ? (JSON.parse(row.state) as GateState) : null;
}

