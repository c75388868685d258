// A Redis run whose seeder is killed mid-start() (or in its first seed flush): the run must not end finished with only the seeds it got to.
import { resolve } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunStatus } from '../../storage/redis/redis-status';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { childTracker, cli, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const SPIDER = 'test/support/spiders/fragile-start-spider.ts';
const KILL_AT = resolve('test/support/kill-at.mjs');
const RUN_ID = 'seeder-killed';

/** Three cold CLI processes one after the other: 27 s, 39 s and 31 s each at load 29 (120 s timed one run out at load 35). */
const TEST_TIMEOUT_MS = 180_000;

describe('a Redis run whose seeder dies before its start() finished', { timeout: TEST_TIMEOUT_MS }, () => {
  let shop: FixtureServer;
  let redis: RedisTestServer;
  const storage = tempStorageDir('seeder-lost');
  const children = childTracker();

  const run = (command: 'crawl' | 'worker', extra: string[], killAt?: string, runId = RUN_ID): Promise<CliRun> => {
    const env = killAt ? { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${KILL_AT}`, KILL_AT: killAt } : process.env;
    const args = [command, SPIDER, '-a', `shop=${shop.origin}`, '--storage', storage.dir, '--frontier', redis.url, '--run', runId,
      '-s', 'robots.obey=false', '-s', 'frontier.leaseTtlMs=1000', '-s', 'frontier.pollMs=50', '-s', 'log.format=json', '-s', 'log.level=warn', ...extra];
    return cli(args, { env, onStart: children.track });
  };

  beforeAll(async () => {
    [shop] = await startFixtureServers(1, { builtInRoutes: false });
    shop.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'));
    redis = await startRedisServer();
  });
  afterAll(async () => {
    children.killAll();
    await closeFixtureServers([shop]);
    await redis.stop();
    storage.cleanup();
  });

  it('stops the worker left with exit 2 and the run resumable; a resume seeds the rest and finishes it', async () => {
    // The seeder plans /p/1, then its start() stalls (a sitemap still being read) and it is killed once /p/1 answers.
    const seeder = await run('crawl', ['-a', 'stallStart=1', '-a', 'secondSeed=1'], 'heads:1');
    expect(seeder.signal, seeder.stderr.slice(-2000)).toBe('SIGKILL');

    // Before: the worker took /p/1 once the seeder's lease ran out, found nothing more once its seeding marker
    // did too, and ended the run finished, exit 0: planned 1 = succeeded 1, /p/2 never planned.
    const worker = await run('worker', []);
    expect(worker.code, worker.stdout + worker.stderr).toBe(2);
    expect(worker.stdout + worker.stderr).toContain("the run's seeder stopped before its start() finished");
    const client = new Redis(redis.url);
    try {
      expect((await readRunStatus(client, RUN_ID)).meta.status).toBe('running');
    } finally {
      client.disconnect();
    }

    // The resume's own leases last long: with the 1 s above, a loaded machine stalled its loop for 940 ms once /p/2
    // answered, the lease ran out under it, and the same crawl leased /p/2 again and fetched it twice (2 runs in 3
    // at load 25). The seeder's /p/1 lease ran out with its short TTL long before this. (A later -s wins.)
    const resumed = await run('crawl', ['-a', 'secondSeed=1', '--resume', '-s', 'frontier.leaseTtlMs=60000']);
    expect(resumed.code, resumed.stdout + resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain('accounting: planned 2 = succeeded 2 + failed 0 + pending 0');
    expect(shop.requests.filter((r) => r.path === '/p/2')).toHaveLength(1);
  });

  // Killed (kill -9) while its very first seeds went to the frontier: the run open, no request answered for.
  // Continued by --resume or by a crawl naming the run, it plants the rest and fetches each seed once.
  it.each([['--resume'], []])('killed during its first seed flush and continued with [%s], fetches each seed once and accounts for both', async (...continued: string[]) => {
    const runId = `first-seed-${continued.length}`;
    const fetched = (path: string) => shop.requests.filter((r) => r.path === path).length;
    const before = [fetched('/p/1'), fetched('/p/2')];
    const killed = await run('crawl', ['-a', 'secondSeed=1'], 'redis:1:^eval[^]*/p/1', runId);
    expect(killed.signal, killed.stderr.slice(-2000)).toBe('SIGKILL');
    const ended = await run('crawl', ['-a', 'secondSeed=1', ...continued], undefined, runId);
    expect(ended.code, ended.stdout + ended.stderr).toBe(0);
    expect(ended.stdout).toContain('accounting: planned 2 = succeeded 2 + failed 0 + pending 0');
    expect([fetched('/p/1') - before[0], fetched('/p/2') - before[1]]).toEqual([1, 1]);
  });
});
