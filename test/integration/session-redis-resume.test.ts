// On a shared frontier sessions live in Redis: a later crawl on another storage dir resumes the same cookies through the same proxies.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLogRow } from '../../src/ports/fetch-log';
import { sessionKeyPrefix } from '../../storage/redis/redis-session-store';
import { FixtureServer } from '../support/fixture-server';
import { startRecordingProxy, type RecordingProxy } from '../support/recording-proxy';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { fetchLogRows, sidHandingProducts } from '../support/session-visitors';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const PAGES = 8;
const MAX_AGE_MS = 120_000;

describe('sessions in Redis on a shared frontier', () => {
  // Two storage dirs: nothing of the first crawl's local storage can carry the sessions over.
  const storages = [tempStorageDir('session-redis-a'), tempStorageDir('session-redis-b')];
  let redis: RedisTestServer;
  let server: FixtureServer;
  let proxies: RecordingProxy[];
  let handedOut: string[];
  const crawls: TestCrawlResult[] = [];
  const rows: FetchLogRow[][] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    server = await FixtureServer.start({ builtInRoutes: false });
    handedOut = sidHandingProducts(server);
    proxies = [await startRecordingProxy('p1', { username: 'u', password: 'secret-1' }), await startRecordingProxy('p2', { username: 'u', password: 'secret-2' })];
    const spider = () => new UrlListSpider(Array.from({ length: PAGES }, (_, n) => server.url(`/p/${n}`)));
    const settings = {
      frontier: { url: redis.url, pollMs: 20 },
      politeness: { minIntervalMs: 5, jitterMs: 0 },
      pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
      robots: { obey: false },
      sessions: { proxyUrls: proxies.map((p) => p.url), maxPoolSizePerHost: 2, maxAgeMs: MAX_AGE_MS },
    };
    for (const storage of storages) {
      const crawl = await crawlInProcess(spider(), storage.dir, settings);
      crawls.push(crawl);
      rows.push(await fetchLogRows(storage.dir, crawl.summary.runId));
    }
  }, 60_000);
  afterAll(async () => {
    await Promise.all([server.close(), ...proxies.map((p) => p.close())]);
    await redis.stop();
    for (const storage of storages) storage.cleanup();
  });

  it('ran two separate runs on the shared frontier, each fetching every page', () => {
    expect(crawls[1].summary.runId).not.toBe(crawls[0].summary.runId);
    for (const crawl of crawls) expect(crawl.summary.ledger).toMatchObject({ planned: PAGES, succeeded: PAGES, failed: 0, pending: 0 });
    expect(rows.map((r) => r.length)).toEqual([PAGES, PAGES]);
  });

  it('the second crawl used the first one\'s sessions: same ids on the same proxies, same cookies, no new visitor', () => {
    const proxyOf = new Map(rows[0].map((r) => [r.sessionId!, r.proxyId]));
    expect(proxyOf.size).toBe(2);
    expect(new Set(proxyOf.values())).toEqual(new Set(proxies.map((p) => `127.0.0.1:${p.port}`)));
    for (const row of rows[1]) expect(row.proxyId).toBe(proxyOf.get(row.sessionId!));
    expect(handedOut).toEqual(['s1', 's2']);
    const second = server.requests.slice(PAGES);
    expect(second).toHaveLength(PAGES);
    for (const record of second) expect(record.headers.cookie).toMatch(/^sid=s[12]$/);
    for (const proxy of proxies) expect(new Set(proxy.requests.map((r) => r.cookie).filter(Boolean)).size).toBe(1);
  });

  it('kept them in Redis under the spider, expiring within sessions.maxAgeMs, and wrote no sessions.sqlite', async () => {
    for (const storage of storages) expect(existsSync(join(storage.dir, 'sessions.sqlite'))).toBe(false);
    const client = new Redis(redis.url);
    try {
      const prefix = sessionKeyPrefix('url-list');
      const sessionKeys = await client.keys(`${prefix}s:*`);
      expect(sessionKeys.map((k) => k.slice(k.lastIndexOf(':') + 1)).sort()).toEqual([...new Set(rows[0].map((r) => r.sessionId!))].sort());
      for (const key of sessionKeys) {
        const ttl = await client.pttl(key);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(MAX_AGE_MS);
      }
    } finally {
      client.disconnect();
    }
  });
});
