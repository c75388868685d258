// A host that asks us to come back in a year: the run ends, leaves that request queued and says work is left, instead of sleeping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../src/engine/run-summary';
import { formatSummary } from '../../src/cli/summary-text';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { frontierBackends } from '../support/frontier-backends';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const YEAR_SECONDS = 365 * 24 * 3600;

describe('a crawl where a host answers Retry-After: one year', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.name);
  const storage = tempStorageDir('far-wait');

  beforeAll(async () => {
    process.on('warning', onWarning);
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [later, fine] = servers;
    later.route('/p', (_req, res) => void res.writeHead(503, { 'retry-after': String(YEAR_SECONDS), 'content-type': 'text/html' }).end('<p>later</p>'));
    fine.route('/p', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'));
    result = await crawlInProcess(new UrlListSpider([later.url('/p'), fine.url('/p')]), storage.dir, {
      log: { statsIntervalMs: 0 },
      robots: { obey: false },
    });
  }, 20_000);
  afterAll(async () => {
    process.off('warning', onWarning);
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('ends interrupted with the waiting request still queued, and exits 2 (work left), not clean', () => {
    const { summary } = result;
    expect(summary.ledger).toMatchObject({ planned: 2, succeeded: 1, failed: 0, pending: 1 });
    expect(summary.balanced).toBe(true);
    expect(summary.status).toBe('interrupted');
    expect(summary.stopReason).toBe('frontier/max-idle-wait');
    expect(exitCodeFor(summary)).toBe(2);
    expect(result.items.map((item) => item.url)).toEqual([servers[1].url('/p')]);
  });

  it('asked the far host once and never set a timer Node cannot hold (it would fire at once, over and over)', () => {
    expect(servers[0].requestsTo('/p')).toHaveLength(1);
    expect(warnings).not.toContain('TimeoutOverflowWarning');
  });
});

describe('a crawl where a host answers 429 with a Retry-After date a week ahead', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('far-date');
  const weekAheadMs = Date.now() + 7 * 24 * 3600_000;

  beforeAll(async () => {
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [later, fine] = servers;
    later.route('/p/:n', (_req, res) => void res.writeHead(429, { 'retry-after': new Date(weekAheadMs).toUTCString(), 'content-type': 'text/html' }).end('<p>later</p>'));
    fine.route('/p', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'));
    result = await crawlInProcess(new UrlListSpider([later.url('/p/1'), later.url('/p/2'), fine.url('/p')]), storage.dir, { log: { statsIntervalMs: 0 }, robots: { obey: false } });
  }, 20_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('ends resumable (exit 2) with both requests queued, and the summary names the host and the date it asked for', () => {
    const { summary } = result;
    const [later] = servers;
    expect(summary.ledger).toMatchObject({ planned: 3, succeeded: 1, failed: 0, pending: 2 });
    expect(exitCodeFor(summary)).toBe(2);
    // Before: only "stopped by: frontier/max-idle-wait"; which competitor was waiting, and until when, was in no line.
    expect(Object.keys(summary.waitingHosts)).toEqual([later.hostKey]);
    expect(summary.waitingHosts[later.hostKey]!.pending).toBe(2);
    // HTTP-dates have whole seconds.
    expect(Math.abs(summary.waitingHosts[later.hostKey]!.untilMs! - weekAheadMs)).toBeLessThan(5000);
    expect(formatSummary(summary)).toContain(`WAITING ON HOSTS (their servers asked us to come back after the run ended, or failed every try; their requests stay queued for --resume):\n  ${later.hostKey}: 2 pending, the server asked us to wait until ${new Date(summary.waitingHosts[later.hostKey]!.untilMs!).toISOString()}`);
  });
});

describe('a crawl on a shared Redis frontier where a host answers Retry-After: one day', () => {
  let servers: FixtureServer[];
  let redis: RedisTestServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('far-redis');

  beforeAll(async () => {
    redis = await startRedisServer();
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [later, fine] = servers;
    later.route('/p', (_req, res) => void res.writeHead(503, { 'retry-after': '86400', 'content-type': 'text/html' }).end('<p>later</p>'));
    fine.route('/p', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'));
    // Before: the pick script capped its wait at the poll interval, so the worker never saw how far off the
    // host was and polled for the whole day (this crawl outlived the hook's time limit).
    result = await crawlInProcess(new UrlListSpider([later.url('/p'), fine.url('/p')]), storage.dir, { log: { statsIntervalMs: 0 }, robots: { obey: false }, frontier: { url: redis.url } });
  }, 20_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    await redis.stop();
    storage.cleanup();
  });

  it('ends resumable (exit 2) with the request queued and the host named, as on the embedded frontier', () => {
    const { summary } = result;
    expect(summary.ledger).toMatchObject({ planned: 2, succeeded: 1, failed: 0, pending: 1 });
    expect(summary.stopReason).toBe('frontier/max-idle-wait');
    expect(exitCodeFor(summary)).toBe(2);
    expect(Object.keys(summary.waitingHosts)).toEqual([servers[0].hostKey]);
  });
});

/** The run's own time limit on both frontiers: on Redis the host's pause lives in the shared gate, not in the process. */
const budgetBackends = frontierBackends();
afterAll(() => budgetBackends.stop());

describe.each(budgetBackends.backends)("a crawl whose time limit ends while a host's server still holds it (%s frontier)", (_name, frontierSettings) => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('budget-wait');

  beforeAll(async () => {
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [later, fine] = servers;
    // 30 s asked for, within frontier.maxIdleWaitMs, but past the run's two-second budget.
    later.route('/p/:n', (_req, res) => void res.writeHead(503, { 'retry-after': '30', 'content-type': 'text/html' }).end('<p>later</p>'));
    fine.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'));
    const urls = [0, 1, 2].flatMap((n) => [later.url(`/p/${n}`), fine.url(`/p/${n}`)]);
    const frontier = { ...(await frontierSettings()), pollMs: 20 };
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, { log: { statsIntervalMs: 0 }, robots: { obey: false }, frontier, politeness: { minIntervalMs: 20, jitterMs: 0 }, closeSpider: { timeoutSec: 2 } });
  }, 30_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('asks the host once, leaves its pages queued and names it with the time its server asked for', () => {
    const { summary } = result;
    const [later, fine] = servers;
    expect(later.requests).toHaveLength(1);
    expect(fine.requests).toHaveLength(3);
    expect(summary.status).toBe('stopped');
    expect(summary.ledger.byHost[later.hostKey]).toMatchObject({ planned: 3, succeeded: 0, failed: 0, pending: 3 });
    // Before: nothing named the host; a run stopped by its time limit exits 0 and the competitor was missing from the night's data without a word.
    expect(Object.keys(summary.waitingHosts)).toEqual([later.hostKey]);
    expect(summary.waitingHosts[later.hostKey]!.untilMs).toBeGreaterThanOrEqual(later.requests[0].arrivedAtEpochMs + 29_000);
    expect(formatSummary(summary)).toContain(`WAITING ON HOSTS (their servers asked us to come back after the run ended, or failed every try; their requests stay queued for --resume):\n  ${later.hostKey}: 3 pending`);
  });
});

describe('a crawl whose item limit ends it while a host fails every try (503 without Retry-After)', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('budget-down');

  beforeAll(async () => {
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [down, fine] = servers;
    down.route('/p', (_req, res) => void res.writeHead(503, { 'content-type': 'text/html' }).end('<p>down</p>'));
    // The fine host answers once the down one has had its first try, so the limit cannot come before it.
    fine.route('/p/:n', (_req, res) => void down.waitForRequests(1).then(() => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>')));
    const urls = [down.url('/p'), ...Array.from({ length: 30 }, (_, n) => fine.url(`/p/${n}`))];
    // Our own backoff (a minute and more) keeps the failed request queued past the limit; attempts to spare.
    const settings = { log: { statsIntervalMs: 0 }, robots: { obey: false }, politeness: { minIntervalMs: 20, jitterMs: 0 }, retry: { maxAttempts: 10, backoffBaseMs: 60_000, backoffCapMs: 600_000 }, closeSpider: { itemCount: 5 } };
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, settings);
  }, 30_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('names the host its tries failed on, with its request left queued (before: in no line, exit 0)', () => {
    const { summary } = result;
    const [down] = servers;
    expect(summary.status).toBe('stopped');
    expect(summary.ledger.byHost[down.hostKey]).toMatchObject({ planned: 1, succeeded: 0, failed: 0, pending: 1 });
    expect(summary.waitingHosts).toEqual({ [down.hostKey]: { pending: 1, untilMs: null, failedTries: down.requests.length } });
    expect(formatSummary(summary)).toContain(`WAITING ON HOSTS (their servers asked us to come back after the run ended, or failed every try; their requests stay queued for --resume):\n  ${down.hostKey}: 1 pending, every try failed (${down.requests.length})`);
  });
});

describe('a crawl where a host answers 429 with a Retry-After past any date', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('past-any-date');

  beforeAll(async () => {
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [later, fine] = servers;
    // 317,000 years: past 8.64e15 ms, the last instant a Date holds.
    later.route('/p', (_req, res) => void res.writeHead(429, { 'retry-after': '9999999999999', 'content-type': 'text/html' }).end('<p>later</p>'));
    fine.route('/p', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'));
    result = await crawlInProcess(new UrlListSpider([later.url('/p'), fine.url('/p')]), storage.dir, {
      log: { statsIntervalMs: 0 },
      robots: { obey: false },
      politeness: { minIntervalMs: 5, jitterMs: 0 },
      retry: { maxDeferrals: 2, backoffBaseMs: 5, backoffCapMs: 20 },
    });
  }, 20_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('reads it as no time at all (backed off, counted as unreadable) and ends the run with the page failed, not a crash', () => {
    // Before: the far-wait check logged the time as an ISO date ("Invalid time value"): the crawl threw, the CLI exited 1.
    const { summary } = result;
    expect(summary.ledger).toMatchObject({ planned: 2, succeeded: 1, failed: 1, pending: 0 });
    expect(summary.ledger.failedByReason).toEqual({ 'retry/deferrals-exhausted': 1 });
    expect(summary.handling['retry/retry-after-unreadable']).toBe(3);
    expect(servers[0].requestsTo('/p')).toHaveLength(3);
    expect(exitCodeFor(summary)).toBe(4);
    expect(formatSummary(summary)).not.toContain('WAITING ON HOSTS');
  });
});
