// RedisSessionStore on a real redis-server: workers share sessions, keys per spider (not per run), expiry = session age.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostSessionPools } from '../../src/sessions/host-session-pools';
import { proxyEndpoints } from '../../src/sessions/proxy-endpoints';
import { settingsSchema } from '../../src/settings/schema';
import { RedisSessionStore, sessionKeyPrefix } from '../../storage/redis/redis-session-store';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';

const PROXIES = ['http://u:p@127.0.0.1:9001', 'http://u:p@127.0.0.1:9002'];
const MAX_AGE_MS = 600_000;

describe('RedisSessionStore', () => {
  let redis: RedisTestServer;
  let client: Redis;
  const stores: RedisSessionStore[] = [];
  const open = (spider: string, maxAgeMs = MAX_AGE_MS) => {
    const store = RedisSessionStore.open(redis.url, spider, maxAgeMs);
    stores.push(store);
    return store;
  };
  const pools = (store: RedisSessionStore, sessions: Record<string, unknown> = {}) => {
    const config = settingsSchema.parse({ sessions: { proxyUrls: PROXIES, maxAgeMs: MAX_AGE_MS, ...sessions } }).sessions;
    return new HostSessionPools({ config, proxies: proxyEndpoints(PROXIES), store });
  };

  beforeAll(async () => {
    redis = await startRedisServer();
    client = new Redis(redis.url);
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    client.disconnect();
    await redis.stop();
  });

  it('a second worker resumes the first one\'s sessions: same ids, cookies and proxies; retired ones are gone', async () => {
    const first = pools(open('shop'), { maxPoolSizePerHost: 3 });
    const [s1, s2, s3] = [await first.acquire('a:80'), await first.acquire('a:80'), await first.acquire('a:80')];
    s1.storeCookies('http://a/', ['sid=one; Path=/']);
    s2.storeCookies('http://a/', ['sid=two; Path=/']);
    s3.retire();
    await first.close();

    const second = pools(open('shop'), { maxPoolSizePerHost: 2 });
    const seen = new Map<string, string>();
    for (let i = 0; i < 12; i++) {
      const s = await second.acquire('a:80');
      seen.set(s.id, `${s.proxyId} ${s.cookieHeader('http://a/')}`);
    }
    expect(seen).toEqual(new Map([[s1.id, '127.0.0.1:9001 sid=one'], [s2.id, '127.0.0.1:9002 sid=two']]));
    await second.close();

    // Another spider, or another host of this one, shares none of them.
    expect(await open('other-shop').load('a:80')).toEqual([]);
    expect(await open('shop').load('b:80')).toEqual([]);
  });

  it('keys live under the spider (no run id) and expire with the session: its remaining age, capped by sessions.maxAgeMs', async () => {
    const store = open('ttl-shop', 60_000);
    const now = Date.now();
    const state = (id: string, ageMs: number, maxAgeSecs: number) => ({
      id, cookieJar: { version: 'tough-cookie@4.1.4', storeType: 'MemoryCookieStore', rejectPublicSuffixes: true, cookies: [] }, userData: {},
      errorScore: 0, maxErrorScore: 3, errorScoreDecrement: 0.5, usageCount: 1, maxUsageCount: 50, maxAgeSecs,
      createdAt: new Date(now - ageMs).toISOString(), expiresAt: new Date(now - ageMs + maxAgeSecs * 1000).toISOString(),
    });
    await store.write([
      { host: 'a:80', proxyId: null, state: state('young', 1_000, 30) },
      { host: 'a:80', proxyId: null, state: state('long-lived', 0, 3_600) },
      { host: 'a:80', proxyId: null, state: state('lapsed', 40_000, 30) },
    ], [], now);

    const prefix = sessionKeyPrefix('ttl-shop');
    expect(prefix).toBe('pricecrawl:sessions:{ttl-shop}:');
    expect((await client.keys('pricecrawl:sessions:{ttl-shop}:*')).sort()).toEqual([`${prefix}i:a:80`, `${prefix}s:a:80:long-lived`, `${prefix}s:a:80:young`]);
    const young = await client.pttl(`${prefix}s:a:80:young`);
    expect(young).toBeGreaterThan(25_000);
    expect(young).toBeLessThanOrEqual(29_000);
    const longLived = await client.pttl(`${prefix}s:a:80:long-lived`);
    expect(longLived).toBeGreaterThan(55_000);
    expect(longLived).toBeLessThanOrEqual(60_000);
    expect(await client.pttl(`${prefix}i:a:80`)).toBeLessThanOrEqual(60_000);
    expect((await store.load('a:80')).map((s) => s.state.id).sort()).toEqual(['long-lived', 'young']);

    // Retiring one removes its key and its index entry in the same transaction.
    await store.write([], [{ host: 'a:80', id: 'young' }], Date.now());
    expect(await client.exists(`${prefix}s:a:80:young`)).toBe(0);
    expect(await client.zrange(`${prefix}i:a:80`, '0', '-1')).toEqual(['long-lived']);
  });

  it('a flush is one MULTI/EXEC: its writes and deletes are applied together', async () => {
    const store = open('atomic-shop');
    const prefix = sessionKeyPrefix('atomic-shop');
    const monitor = await client.duplicate().monitor();
    const commands: string[] = [];
    let markerSeen!: () => void;
    const marker = new Promise<void>((resolve) => (markerSeen = resolve));
    monitor.on('monitor', (_time: string, args: string[]) => {
      const name = args[0].toLowerCase();
      if (name === 'echo' && args[1] === 'end-of-flush') markerSeen();
      else if (args.some((a) => a.startsWith(prefix)) || name === 'multi' || name === 'exec') commands.push(name);
    });
    const p = pools(store);
    const [a, b] = [await p.acquire('a:80'), await p.acquire('a:80')];
    a.storeCookies('http://a/', ['sid=a']);
    b.retire();
    await p.close();
    // MONITOR streams commands in the order the server ran them: once it shows this marker, the flush is all there.
    await client.echo('end-of-flush');
    await marker;
    await monitor.disconnect();
    const writes = commands.slice(commands.lastIndexOf('multi'));
    expect(writes[0]).toBe('multi');
    expect(writes.at(-1)).toBe('exec');
    expect(writes).toEqual(expect.arrayContaining(['set', 'zadd', 'pexpire', 'del', 'zrem']));
  });
});
