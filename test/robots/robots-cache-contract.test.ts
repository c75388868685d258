// The RobotsCache contract on both backends: one claim per origin, put or release frees it, entries per origin and run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/politeness/clock';
import { MemoryRobotsCache } from '../../storage/memory/memory-robots-cache';
import type { RobotsCache, RobotsEntry } from '../../src/ports/robots-cache';
import { RedisRobotsCache } from '../../storage/redis/redis-robots-cache';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';

const RULES: RobotsEntry = { kind: 'rules', text: 'User-agent: *\nDisallow: /x\n', fetchedAtMs: 1 };
const HOUR_MS = 3_600_000;

let redis: RedisTestServer;
let run = 0;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis.stop();
});

const backends: Array<[string, () => RobotsCache[]]> = [
  ['memory', () => {
    const cache = new MemoryRobotsCache();
    return [cache, cache];
  }],
  ['redis', () => {
    const runId = `contract-${++run}`;
    return [RedisRobotsCache.open(redis.url, runId), RedisRobotsCache.open(redis.url, runId)];
  }],
];

describe.each(backends)('RobotsCache on %s', (_name, open) => {
  it('gives the claim of an origin to one caller until it puts the entry, which both then read', async () => {
    const [a, b] = open();
    try {
      expect(await a.get('https://shop.example')).toBeNull();
      expect(await a.claim('https://shop.example', HOUR_MS)).toBe(true);
      expect(await b.claim('https://shop.example', HOUR_MS)).toBe(false);
      expect(await b.claim('http://shop.example', HOUR_MS)).toBe(true); // another origin, another claim
      await a.put('https://shop.example', RULES, HOUR_MS);
      expect(await b.get('https://shop.example')).toEqual(RULES);
      expect(await b.get('http://shop.example')).toBeNull();
      // Put released the claim: the next refetch (a due Retry-After, say) can be claimed again.
      expect(await b.claim('https://shop.example', HOUR_MS)).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('release gives the claim back without an entry: the next caller claims at once, and reads none', async () => {
    const [a, b] = open();
    try {
      expect(await a.claim('https://shop.example', HOUR_MS)).toBe(true);
      await a.release('https://shop.example');
      expect(await b.claim('https://shop.example', HOUR_MS)).toBe(true);
      expect(await b.get('https://shop.example')).toBeNull();
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('RedisRobotsCache release', () => {
  it('leaves a claim that ran out and went to another worker with that worker', async () => {
    const runId = `contract-${++run}`;
    const [a, b, c] = [RedisRobotsCache.open(redis.url, runId), RedisRobotsCache.open(redis.url, runId), RedisRobotsCache.open(redis.url, runId)];
    try {
      expect(await a.claim('https://shop.example', 1)).toBe(true);
      // Redis expires the key on its own clock: B's claim succeeds once A's has run out.
      while (!(await b.claim('https://shop.example', HOUR_MS)));
      await a.release('https://shop.example');
      expect(await c.claim('https://shop.example', HOUR_MS)).toBe(false);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });
});

describe('MemoryRobotsCache expiry', () => {
  it('forgets an entry and a claim when their time is up (a claimer that died is replaced)', async () => {
    const clock = new ManualClock();
    const cache = new MemoryRobotsCache(() => clock.nowMs());
    await cache.put('https://shop.example', RULES, 1_000);
    expect(await cache.claim('https://other.example', 500)).toBe(true);
    clock.advance(499);
    expect(await cache.claim('https://other.example', 500)).toBe(false);
    clock.advance(500);
    expect(await cache.get('https://shop.example')).toEqual(RULES);
    expect(await cache.claim('https://other.example', 500)).toBe(true);
    clock.advance(1);
    expect(await cache.get('https://shop.example')).toBeNull();
  });
});
