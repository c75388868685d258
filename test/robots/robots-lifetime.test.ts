// How long a fetched robots.txt holds (RFC 9309 §2.4: 24 hours at most), for a run that lasts longer, and for a worker whose clock is ahead.
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRobotsCache } from '../../storage/memory/memory-robots-cache';
import { FixtureServer } from '../support/fixture-server';
import { robotsWorker, type RobotsWorker } from './robots-worker';

const DAY_MS = 86_400_000;
const T0 = 1_800_000_000_000;

describe('robots.txt lifetime', () => {
  let server: FixtureServer;
  let worker: RobotsWorker | null = null;
  /** What /robots.txt answers now. */
  let answer: (res: ServerResponse) => void = () => undefined;
  const file = (body: string) => (res: ServerResponse) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(body);

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/robots.txt', (_req, res) => answer(res));
  });
  afterEach(async () => {
    await worker?.close();
    server.reset();
  });
  afterAll(() => server.close());

  /** A worker whose shared cache keeps time on `cacheNowMs` (another worker's clock, the Redis server's). */
  const start = (cacheNowMs: () => number) => (worker = robotsWorker(new MemoryRobotsCache(cacheNowMs), {}));

  /** A worker that read a file disallowing /old/ at T0. */
  const withCopy = async (clock: () => number) => {
    const w = start(clock);
    answer = file('User-agent: *\nDisallow: /old/\n');
    expect(await w.decide(server.url('/p/1'), T0)).toEqual({ type: 'continue' });
    return w;
  };

  it('holds the file for 24 hours, then fetches it again and obeys the new one', async () => {
    let now = T0;
    const w = start(() => now);
    answer = file('User-agent: *\nDisallow: /old/\n');
    expect(await w.decide(server.url('/old/1'), now)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
    answer = file('User-agent: *\nDisallow: /new/\n');
    now = T0 + DAY_MS - 1_000;
    expect(await w.decide(server.url('/new/1'), now)).toEqual({ type: 'continue' });
    expect(server.requestsTo('/robots.txt')).toHaveLength(1);
    now = T0 + DAY_MS + 1_000;
    expect(await w.decide(server.url('/new/1'), now)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
    expect(await w.decide(server.url('/old/1'), now)).toEqual({ type: 'continue' });
    expect(server.requestsTo('/robots.txt')).toHaveLength(2);
  });

  it('after 24 hours with the file unreachable, keeps obeying the last good copy (RFC 9309 §2.4), says so, and fetches again later', async () => {
    let now = T0;
    const w = await withCopy(() => now);
    answer = (res) => void res.writeHead(503).end();
    now = T0 + DAY_MS + 1_000;
    expect(await w.decide(server.url('/p/1'), now)).toEqual({ type: 'continue' });
    expect(await w.decide(server.url('/old/1'), now)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
    expect(w.stats.get('robots/stale')).toBe(1);
    expect(server.requestsTo('/robots.txt')).toHaveLength(2);
    // A reset mid-answer is unreachable too: the copy still holds, fetched again after the backoff.
    answer = (res) => void res.socket?.destroy();
    now += w.settings.robots.refetchAfterMs * 2;
    expect(await w.decide(server.url('/p/1'), now)).toEqual({ type: 'continue' });
    // (a reset on a reused connection is sent once more on a new one by the fetcher)
    expect(server.requestsTo('/robots.txt').length).toBeGreaterThanOrEqual(3);
    expect(w.stats.get('robots/stale')).toBe(2);
  });

  it('a copy older than robots.maxStaleAgeMs is no longer obeyed: the unreachable file disallows everything', async () => {
    let now = T0;
    const w = await withCopy(() => now);
    answer = (res) => void res.writeHead(503).end();
    now = T0 + w.settings.robots.maxStaleAgeMs + 1_000;
    expect(await w.decide(server.url('/p/1'), now)).toMatchObject({ type: 'defer', reason: 'robots/unreachable' });
    expect(w.stats.get('robots/stale')).toBe(0);
  });

  it('a Retry-After on the refetch pauses the host, and the copy is obeyed again after it', async () => {
    let now = T0;
    const w = await withCopy(() => now);
    answer = (res) => void res.writeHead(503, { 'retry-after': '120' }).end();
    now = T0 + DAY_MS + 1_000;
    expect(await w.decide(server.url('/p/1'), now)).toMatchObject({ type: 'defer', reason: 'robots/retry-after', untilMs: now + 120_000 });
    answer = (res) => void res.writeHead(500).end();
    now += 121_000;
    expect(await w.decide(server.url('/p/1'), now)).toEqual({ type: 'continue' });
    expect(server.requestsTo('/robots.txt')).toHaveLength(3);
  });

  it('asks again with the validators the file came with, and a 304 keeps the copy for another 24 hours', async () => {
    let now = T0;
    const w = start(() => now);
    answer = (res) => void res.writeHead(200, { 'content-type': 'text/plain', etag: '"v1"', 'last-modified': 'Tue, 01 Dec 2026 10:00:00 GMT' }).end('User-agent: *\nDisallow: /old/\n');
    expect(await w.decide(server.url('/old/1'), now)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
    answer = (res) => void res.writeHead(304, { etag: '"v1"' }).end();
    now = T0 + DAY_MS + 1_000;
    expect(await w.decide(server.url('/old/1'), now)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
    expect(await w.decide(server.url('/p/1'), now)).toEqual({ type: 'continue' });
    const again = server.requestsTo('/robots.txt')[1]!;
    expect(again.headers['if-none-match']).toBe('"v1"');
    expect(again.headers['if-modified-since']).toBe('Tue, 01 Dec 2026 10:00:00 GMT');
    expect(w.stats.get('robots/stale')).toBe(0);
    // Good for a full day from the 304, then asked again.
    now += DAY_MS - 2_000;
    expect(await w.decide(server.url('/p/1'), now)).toEqual({ type: 'continue' });
    expect(server.requestsTo('/robots.txt')).toHaveLength(2);
  });

  it('a 304 to a fetch that named no copy is no answer about the file: unreachable', async () => {
    const w = start(() => T0);
    answer = (res) => void res.writeHead(304).end();
    expect(await w.decide(server.url('/p/1'), T0)).toMatchObject({ type: 'defer', reason: 'robots/unreachable' });
  });

  it('fetches again a shared entry that its own clock says has run out, instead of asking the cache for it every 50 ms', async () => {
    // Worker a's clock is a minute behind b's and the cache's (the Redis server's): the entry a stored
    // holds in the cache for a minute after b's clock says it ran out.
    let cacheNow = T0;
    const cache = new MemoryRobotsCache(() => cacheNow);
    const a = robotsWorker(cache, {});
    worker = robotsWorker(cache, {});
    try {
      answer = file('User-agent: *\nDisallow: /old/\n');
      expect(await a.decide(server.url('/old/1'), T0 - 60_000)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
      answer = file('User-agent: *\nDisallow: /new/\n');
      cacheNow = T0 + DAY_MS - 30_000;
      expect(await worker.decide(server.url('/new/1'), T0 + DAY_MS - 30_000)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
      expect(server.requestsTo('/robots.txt')).toHaveLength(2);
    } finally {
      await a.close();
    }
  });
});
