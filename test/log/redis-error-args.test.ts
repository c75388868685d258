// An ioredis error carries the command it failed on, arguments and all: a session's cookies, a request's
// headers, the password of a HELLO/AUTH. Logged as the error it is, none of them may reach the line.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log/logger';
import { RedisSessionStore } from '../../storage/redis/redis-session-store';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { logSink } from '../support/test-crawl';

const COOKIE = 'j4r-C00kie-Value-818';
const WRONG_PASSWORD = 'wr0ng-Redis-Pw-929';
let redis: RedisTestServer;

beforeAll(async () => {
  redis = await startRedisServer({ password: 'r1ght-Redis-Pw' });
});
afterAll(() => redis.stop());

function loggedLine(error: unknown): string {
  const sink = logSink();
  const log = createLogger({ level: 'info', format: 'json', destination: sink.stream });
  log.warn({ err: error, store: 'redis' }, 'sessions not saved');
  expect(sink.lines).toHaveLength(1);
  return JSON.stringify(sink.lines[0]);
}

describe('a Redis error on a log line', () => {
  it('names the command a full server refused, without the session it was writing', async () => {
    const admin = new Redis(redis.url);
    const store = RedisSessionStore.open(redis.url, 'probe', 3_600_000);
    try {
      // maxmemory reached under noeviction: every write is refused with OOM, as on a server that filled up mid-crawl.
      await admin.config('SET', 'maxmemory-policy', 'noeviction');
      await admin.config('SET', 'maxmemory', '1');
      const now = Date.now();
      const state = {
        id: 's1', userData: {}, errorScore: 0, maxErrorScore: 3, errorScoreDecrement: 0.5, usageCount: 1, maxUsageCount: 50,
        createdAt: new Date(now).toISOString(), expiresAt: new Date(now + 3_600_000).toISOString(),
        cookieJar: { version: 'tough-cookie@4', storeType: 'MemoryCookieStore', rejectPublicSuffixes: true, cookies: [{ key: 'sid', value: COOKIE, domain: 'shop.test', path: '/' }] },
      };
      const refused = await store.write([{ host: 'shop.test', proxyId: null, state: state as never }], [], now).then(() => null, (error: unknown) => error);
      expect(String(refused)).toContain('OOM');
      const line = loggedLine(refused);
      expect(line).not.toContain(COOKIE);
      expect(line).toContain('"name":"set"');
    } finally {
      await admin.config('SET', 'maxmemory', '0');
      admin.disconnect();
      await store.close();
    }
  });

  it('names the handshake a server refused, without the password it was sent', async () => {
    const client = new Redis(redis.url.replace(/\/\/:[^@]*@/, `//:${WRONG_PASSWORD}@`), { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    const refused = new Promise<unknown>((resolve) => client.once('error', resolve));
    await client.connect().catch(() => undefined);
    const error = await refused;
    client.disconnect();
    const line = loggedLine(error);
    expect(line).toContain('WRONGPASS');
    expect(line).toContain('"name":"hello"');
    expect(line).not.toContain(WRONG_PASSWORD);
    // In the error a caller wraps it in too (pino writes a cause's message and stack, not its fields).
    expect(loggedLine(new Error('the frontier cannot be reached', { cause: error }))).not.toContain(WRONG_PASSWORD);
  });
});
