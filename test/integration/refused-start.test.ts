// Runs that cannot start end at once with one line on stderr and exit 2: a spider that cannot start, an unreachable or refusing Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { cli, runRecordsJson, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const SPIDER = 'test/support/spiders/fragile-start-spider.ts';

/** The one line the run was refused with; no stack trace, no reconnect noise. */
function refusal(run: CliRun): string {
  const lines = run.stderr.split('\n').filter((line) => line.startsWith('pricecrawl:'));
  expect(lines).toHaveLength(1);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stderr).not.toContain('[ioredis]');
  return lines[0];
}

describe('a run that cannot start', () => {
  let servers: FixtureServer[];
  let redis: RedisTestServer;
  const storage = tempStorageDir('refused');
  const crawl = (...args: string[]) => cli(['crawl', SPIDER, '--storage', storage.dir, '-s', 'log.format=json', '-s', 'robots.obey=false', ...args]);

  beforeAll(async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    servers[0].route('/p/:n', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<p>ok</p>');
    });
    redis = await startRedisServer({ password: 'right-password' });
  });
  afterAll(async () => {
    await closeFixtureServers(servers);
    await redis.stop();
    storage.cleanup();
  });

  it('refuses a spider whose constructor refuses its arguments (a required -a missing)', async () => {
    const run = await crawl();
    expect(run.code).toBe(2);
    expect(refusal(run)).toBe('pricecrawl: spider test/support/spiders/fragile-start-spider.ts cannot start: missing required argument: -a shop=<origin>');
  });

  it('refuses a run whose spider start() throws, after the seeded request is settled or left queued', async () => {
    const run = await crawl('-a', `shop=${servers[0].origin}`, '-a', 'failStart=1');
    expect(run.code).toBe(2);
    expect(refusal(run)).toBe('pricecrawl: spider fragile-start: start() failed: the sitemap index could not be parsed');
    // The request start() yielded before it threw is in the ledger (it was dropped with the seed batch before).
    const record = (await runRecordsJson(['--storage', storage.dir])).at(-1)!;
    expect(record).toMatchObject({ outcome: 'interrupted', exitCode: 2, planned: 1 });
    expect((record.succeeded ?? 0) + (record.failed ?? 0) + (record.pending ?? 0)).toBe(1);
    const resumed = await crawl('-a', `shop=${servers[0].origin}`, '--resume');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain(`run ${record.runId} of spider fragile-start: finished`);
    expect(resumed.stdout).toContain('accounting: planned 1 = succeeded 1 + failed 0 + pending 0');
  });

  it('refuses a Redis frontier on a closed port within seconds', async () => {
    const port = await freePort();
    const startedAt = performance.now();
    const run = await crawl('-a', `shop=${servers[0].origin}`, '--frontier', `redis://127.0.0.1:${port}`);
    expect(run.code).toBe(2);
    expect(refusal(run)).toMatch(new RegExp(`^pricecrawl: redis at 127\\.0\\.0\\.1:${port} is unreachable \\(ECONNREFUSED\\)`));
    expect(performance.now() - startedAt).toBeLessThan(30_000);
  });

  it('refuses a wrong Redis password without printing it', async () => {
    const wrong = redis.url.replace('right-password', 'wrong-password');
    const run = await crawl('-a', `shop=${servers[0].origin}`, '--frontier', wrong);
    expect(run.code).toBe(2);
    expect(refusal(run)).toMatch(new RegExp(`^pricecrawl: redis at 127\\.0\\.0\\.1:${redis.port} refused the password \\(WRONGPASS`));
    expect(run.stderr + run.stdout).not.toContain('wrong-password');
  });

  it('refuses a Redis that wants a password when none is given', async () => {
    const run = await crawl('-a', `shop=${servers[0].origin}`, '--frontier', `redis://127.0.0.1:${redis.port}`);
    expect(run.code).toBe(2);
    expect(refusal(run)).toMatch(new RegExp(`^pricecrawl: redis at 127\\.0\\.0\\.1:${redis.port} refused the password \\(NOAUTH`));
  });
});
