// robots.txt shared by the workers of a Redis frontier: fetched once, and a Retry-After on it holds for every worker.
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RobotsCache } from '../../src/ports/robots-cache';
import { RedisRobotsCache } from '../../storage/redis/redis-robots-cache';
import { FixtureServer } from '../support/fixture-server';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { robotsWorker, type RobotsWorker } from './robots-worker';

function text(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain', ...headers });
  res.end(body);
}

/** A worker's real cache with its reads going through `get` (to hold one back, or fail one); the rest passes through. */
function withGet(cache: RobotsCache, get: RobotsCache['get']): RobotsCache {
  return { get, claim: (o, ttlMs) => cache.claim(o, ttlMs), put: (o, entry, ttlMs) => cache.put(o, entry, ttlMs), release: (o) => cache.release(o), close: () => cache.close() };
}

describe('robots.txt on a shared Redis frontier', () => {
  let redis: RedisTestServer;
  let server: FixtureServer;
  let workers: RobotsWorker[] = [];
  let caches: RedisRobotsCache[] = [];
  let run = 0;
  /** What /robots.txt answers in the current test. */
  let robots: (res: ServerResponse) => void = () => undefined;

  /** Two workers of one run: each with its own fetcher, middleware and Redis connection. */
  function twoWorkers(): RobotsWorker[] {
    const runId = `run-${++run}`;
    caches = [RedisRobotsCache.open(redis.url, runId), RedisRobotsCache.open(redis.url, runId)];
    workers = caches.map((cache) => robotsWorker(cache, { robots: { refetchAfterMs: 1_000 } }));
    return workers;
  }

  beforeAll(async () => {
    redis = await startRedisServer();
    server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/robots.txt', (_req, res) => robots(res));
  });
  afterEach(async () => {
    for (const worker of workers) await worker.close();
    for (const cache of caches) await cache.close();
    server.reset();
  });
  afterAll(async () => {
    await server.close();
    await redis.stop();
  });

  it('fetches robots.txt once for both workers, and both obey it', async () => {
    robots = (res) => text(res, 200, 'User-agent: *\nDisallow: /private/\n');
    const [a, b] = twoWorkers();
    const now = Date.now();
    // Both ask before either look-up has finished: only one may fetch.
    const [first, second] = await Promise.all([a.ask(server.url('/p/1'), now), b.ask(server.url('/p/1'), now)]);
    expect([first.type, second.type]).toEqual(['defer', 'defer']);
    expect(await a.decide(server.url('/private/1'), now + 100)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
    expect(await b.decide(server.url('/private/1'), now + 100)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
    expect(await b.decide(server.url('/p/1'), now + 100)).toEqual({ type: 'continue' });
    expect(server.requestsTo('/robots.txt')).toHaveLength(1);
    expect(a.stats.get('robots/fetched') + b.stats.get('robots/fetched')).toBe(1);
  });

  it('fetches once when the other worker stores the file between this one\'s read and its claim', async () => {
    robots = (res) => text(res, 200, 'User-agent: *\nDisallow: /private/\n');
    const runId = `run-${++run}`;
    const plain = RedisRobotsCache.open(redis.url, runId);
    const late = RedisRobotsCache.open(redis.url, runId);
    caches = [plain, late];
    // B's read of the cache lands before A stores the file, and B goes on (to claim) only after A has.
    let bRead!: () => void;
    const bHasRead = new Promise<void>((resolve) => (bRead = resolve));
    let aStored!: () => void;
    const aHasStored = new Promise<void>((resolve) => (aStored = resolve));
    let reads = 0;
    const lateB = withGet(late, async (origin) => {
      const entry = await late.get(origin);
      if (reads++ === 0) {
        bRead();
        await aHasStored;
      }
      return entry;
    });
    const a = robotsWorker(plain, {});
    const b = robotsWorker(lateB, {});
    workers = [a, b];
    const now = Date.now();
    const bFirst = b.ask(server.url('/p/1'), now);
    await bHasRead;
    expect(await a.decide(server.url('/p/1'), now)).toEqual({ type: 'continue' });
    aStored();
    await bFirst;
    expect(await b.decide(server.url('/private/1'), now + 100)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
    expect(server.requestsTo('/robots.txt')).toHaveLength(1);
    // B won a claim it did not need after all and handed it back: a later refetch is not held up by it.
    expect(await plain.claim(new URL(server.url()).origin, 60_000)).toBe(true);
  });

  it('hands the claim back when a step after it fails: another worker fetches the file at once, not when the claim runs out', async () => {
    robots = (res) => text(res, 200, 'User-agent: *\nDisallow: /private/\n');
    const runId = `run-${++run}`;
    const broken = RedisRobotsCache.open(redis.url, runId);
    const healthy = RedisRobotsCache.open(redis.url, runId);
    caches = [broken, healthy];
    // A's second read (the one after its claim) fails, as a dropped Redis connection would.
    let reads = 0;
    const failsAfterClaim = withGet(broken, async (origin) => {
      if (reads++ === 1) throw new Error('connection lost');
      return broken.get(origin);
    });
    // The default budget: a claim left behind would hold the file for the HTTP timeouts (tens of seconds).
    const a = robotsWorker(failsAfterClaim, {});
    const b = robotsWorker(healthy, {});
    workers = [a, b];
    const now = Date.now();
    expect(await a.ask(server.url('/p/1'), now)).toMatchObject({ type: 'defer', reason: 'robots/wait' });
    await a.middleware.close!(); // A's look-up has failed
    expect(reads).toBe(2);
    expect(server.requestsTo('/robots.txt')).toHaveLength(0);
    expect(await b.decide(server.url('/private/1'), now)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
    expect(server.requestsTo('/robots.txt')).toHaveLength(1);
  });

  it('keeps the last good copy for every worker when the 24 h refetch finds the file unreachable, fetched once', async () => {
    const DAY_MS = 86_400_000;
    const t0 = Date.now();
    robots = (res) => text(res, 200, 'User-agent: *\nDisallow: /old/\n');
    const [a, b] = twoWorkers();
    expect(await a.decide(server.url('/p/1'), t0)).toEqual({ type: 'continue' });
    expect(await b.decide(server.url('/p/1'), t0)).toEqual({ type: 'continue' });
    robots = (res) => text(res, 503, '');
    const later = t0 + DAY_MS + 1_000;
    expect(await a.decide(server.url('/p/1'), later)).toEqual({ type: 'continue' });
    // b takes a's stale copy from the cache: no fetch of its own, the old rules obeyed, not "disallow all".
    expect(await b.decide(server.url('/old/1'), later + 10)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
    expect(await b.decide(server.url('/p/1'), later + 10)).toEqual({ type: 'continue' });
    expect(server.requestsTo('/robots.txt')).toHaveLength(2);
  });

  it('pauses the host for every worker during a Retry-After on robots.txt, counting no attempt, then fetches it once', async () => {
    let answers = 0;
    robots = (res) => (answers++ === 0 ? text(res, 503, 'busy', { 'retry-after': '30' }) : text(res, 200, 'User-agent: *\nDisallow: /private/\n'));
    const [a, b] = twoWorkers();
    const now = Date.now();
    const page = server.url('/p/1');
    for (const worker of [a, b]) {
      const outcome = await worker.decide(page, now);
      expect(outcome).toEqual({ type: 'defer', reason: 'robots/retry-after', untilMs: now + 30_000, serverWait: true, pauseHostUntilMs: now + 30_000 });
    }
    // Within the window neither worker goes near the host, not even for robots.txt.
    for (const worker of [a, b]) expect(await worker.decide(page, now + 29_000)).toMatchObject({ type: 'defer', reason: 'robots/retry-after' });
    expect(server.requestsTo('/robots.txt')).toHaveLength(1);
    // After it, one of them fetches again and both obey what came.
    expect(await a.decide(page, now + 30_000)).toEqual({ type: 'continue' });
    expect(await b.decide(server.url('/private/2'), now + 30_000)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
    expect(server.requestsTo('/robots.txt')).toHaveLength(2);
  });

  it('keeps a host whose robots.txt answers 503 without Retry-After disallowed, then fails it as robots/unavailable', async () => {
    robots = (res) => text(res, 503, 'down');
    const [a, b] = twoWorkers();
    const now = Date.now();
    const page = server.url('/p/1');
    expect(await a.decide(page, now)).toMatchObject({ type: 'defer', reason: 'robots/unreachable', untilMs: now + 1_000 });
    expect(await b.decide(page, now + 1_000)).toMatchObject({ type: 'defer', reason: 'robots/unreachable', untilMs: now + 1_000 + 2_000 });
    expect(await a.decide(page, now + 3_000)).toMatchObject({ type: 'fail', reason: 'robots/unavailable' });
    expect(await b.decide(page, now + 3_000)).toMatchObject({ type: 'fail', reason: 'robots/unavailable' });
    expect(server.requestsTo('/robots.txt')).toHaveLength(3);
  });

  describe('a worker started after the fetches ran out (a resume, a restart)', () => {
    /** Worker a spends the budget (3 fetches, 503); then b, of the same run, looks at the file for the first time. */
    async function spentByA(): Promise<{ b: RobotsWorker; page: string; now: number }> {
      const [a, b] = twoWorkers();
      const now = Date.now();
      const page = server.url('/p/1');
      robots = (res) => text(res, 503, 'down');
      expect(await a.decide(page, now)).toMatchObject({ reason: 'robots/unreachable' });
      expect(await a.decide(page, now + 1_000)).toMatchObject({ reason: 'robots/unreachable' });
      expect(await a.decide(page, now + 3_000)).toMatchObject({ type: 'fail', reason: 'robots/unavailable' });
      expect(server.requestsTo('/robots.txt')).toHaveLength(3);
      return { b, page, now: now + 3_000 };
    }

    it('asks once more and crawls under the file that is back (before: failed at once, for the cache TTL)', async () => {
      const { b, page, now } = await spentByA();
      robots = (res) => text(res, 200, 'User-agent: *\nDisallow: /private/\n');
      expect(await b.decide(page, now)).toEqual({ type: 'continue' });
      expect(await b.decide(server.url('/private/1'), now)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
      expect(server.requestsTo('/robots.txt')).toHaveLength(4);
    });

    it('still down: one more fetch, then the pages fail as before, and the file is not asked for again', async () => {
      const { b, page, now } = await spentByA();
      expect(await b.decide(page, now)).toMatchObject({ type: 'fail', reason: 'robots/unavailable' });
      expect(await b.decide(server.url('/p/2'), now + 60_000)).toMatchObject({ type: 'fail', reason: 'robots/unavailable' });
      expect(server.requestsTo('/robots.txt')).toHaveLength(4);
      expect(b.stats.get('robots/fetched')).toBe(1);
    });
  });
});
