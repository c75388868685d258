// A run on a shared Redis frontier stopped by its time limit while a host's Retry-After still runs: the end names the host as paused, its pages queued, not a clean loss.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSummary } from '../../src/cli/summary-text';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

describe("a Redis crawl whose time limit ends while a host's Retry-After still runs", () => {
  let servers: FixtureServer[];
  let redis: RedisTestServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('budget-wait-redis');

  beforeAll(async () => {
    redis = await startRedisServer();
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [later, fine] = servers;
    // 30 s asked for: within frontier.maxIdleWaitMs, past the run's two-second budget.
    later.route('/p/:n', (_req, res) => void res.writeHead(429, { 'retry-after': '30', 'content-type': 'text/html' }).end('<p>later</p>'));
    fine.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'));
    const urls = [0, 1, 2].flatMap((n) => [later.url(`/p/${n}`), fine.url(`/p/${n}`)]);
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      log: { statsIntervalMs: 0 }, robots: { obey: false }, frontier: { url: redis.url, pollMs: 20 },
      politeness: { minIntervalMs: 20, jitterMs: 0 }, closeSpider: { timeoutSec: 2 },
    });
  }, 30_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    await redis.stop();
    storage.cleanup();
  });

  it('asks the host once, leaves its pages queued and names it with the time its server asked for', () => {
    const { summary } = result;
    const [later, fine] = servers;
    expect(later.requests).toHaveLength(1);
    expect(fine.requests).toHaveLength(3);
    expect(summary.status).toBe('stopped');
    expect(summary.ledger.byHost[later.hostKey]).toMatchObject({ planned: 3, succeeded: 0, failed: 0, pending: 3 });
    expect(Object.keys(summary.waitingHosts)).toEqual([later.hostKey]);
    expect(summary.waitingHosts[later.hostKey]!.untilMs).toBeGreaterThanOrEqual(later.requests[0].arrivedAtEpochMs + 29_000);
    expect(formatSummary(summary)).toContain(`WAITING ON HOSTS (their servers asked us to come back after the run ended, or failed every try; their requests stay queued for --resume):\n  ${later.hostKey}: 3 pending`);
  });
});
