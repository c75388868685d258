// RequestQueueClient contract on both frontier backends: atomic locks in per-host order, lock ownership, reclaim data, forefront, uniqueKey dedupe.
import type * as storage from '@crawlee/types';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { openFrontier } from '../../storage/open-backends';
import { hostKeyOf } from '../../src/politeness/host-key';
import type { FrontierStorageClient } from '../../src/queue/frontier-storage-client';
import { openFrontierStorageClient } from '../../src/queue/open-request-queue';
import { resolveSettings } from '../../src/settings/load-settings';
import type { Settings } from '../../src/settings/schema';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { tempStorageDir } from '../support/test-crawl';

const A = 'http://a.test';
const B = 'http://b.test';

let redis: RedisTestServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis.stop();
});

describe.each(['sqlite', 'redis'] as const)('the run queue client on %s', (backend) => {
  let storageDir: ReturnType<typeof tempStorageDir>;
  let settings: Settings;
  let runId: string;
  let client: FrontierStorageClient;
  let counter = 0;

  beforeEach(async () => {
    storageDir = tempStorageDir(`rq-${backend}`);
    runId = `contract-${backend}-${++counter}`;
    ({ settings } = resolveSettings([
      {
        name: 'cli',
        origin: 'test',
        // Several requests per host at once: the Redis gate would otherwise hand out one per host.
        values: { storage: { dir: storageDir.dir }, frontier: { url: backend === 'redis' ? redis.url : '' }, politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 10 } },
      },
    ]));
    const opened = await openFrontier({ settings, spider: 'shop', hostKeyOf: (url) => hostKeyOf(url, 'host'), log: pino({ level: 'silent' }), runId });
    await opened.frontier.add(['/1', '/2', '/3'].map((p) => new CrawlRequest({ url: `${A}${p}` })).concat(['/1', '/2'].map((p) => new CrawlRequest({ url: `${B}${p}` }))));
    await opened.frontier.seedingDone?.();
    await opened.frontier.close();
    client = await openFrontierStorageClient({ settings });
  });
  afterEach(async () => {
    await client.close();
    storageDir.cleanup();
  });

  const queue = (clientKey: string): storage.RequestQueueClient => client.requestQueue(runId, { clientKey });

  it('locks the head atomically across clients, hosts taking turns', async () => {
    const [first, second] = await Promise.all([queue('a').listAndLockHead({ limit: 3, lockSecs: 60 }), queue('b').listAndLockHead({ limit: 3, lockSecs: 60 })]);
    const ids = [...first.items, ...second.items].map((item) => item.id);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    // Embedded: hosts due at the same moment take turns. On Redis hosts due in the same millisecond go by
    // name (sorted-set ties); with an interval the gate spaces each host anyway.
    if (backend === 'sqlite') expect(first.items.map((item) => new URL(item.url).origin)).toEqual([A, B, A]);
    const none = await queue('c').listAndLockHead({ limit: 3, lockSecs: 60 });
    expect(none.items).toEqual([]);
    expect(none.queueHasLockedRequests).toBe(true);
  });

  it('lets only the holder prolong or release a lock; a released request is free for the next client', async () => {
    const owner = queue('owner');
    const other = queue('other');
    const [item] = (await owner.listAndLockHead({ limit: 1, lockSecs: 60 })).items;
    await expect(other.prolongRequestLock(item.id, { lockSecs: 60 })).rejects.toThrow(/not locked by this client/);
    await expect(other.deleteRequestLock(item.id)).rejects.toThrow(/locked by another client/);
    const prolonged = await owner.prolongRequestLock(item.id, { lockSecs: 120 });
    expect(prolonged.lockExpiresAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    await owner.deleteRequestLock(item.id);
    const taken = await other.listAndLockHead({ limit: 5, lockSecs: 60 });
    expect(taken.items.map((i) => i.id)).toContain(item.id);
  });

  it('keeps a reclaimed request’s retry count and errors, and settles a given-up one as failed', async () => {
    const owner = queue('owner');
    const [item] = (await owner.listAndLockHead({ limit: 1, lockSecs: 60 })).items;
    const stored: storage.UpdateRequestSchema = { ...(await owner.getRequest(item.id)), id: item.id, url: item.url, uniqueKey: item.uniqueKey };
    await owner.updateRequest({ ...stored, retryCount: 1, errorMessages: ['timeout'] });
    await owner.deleteRequestLock(item.id);
    expect(await owner.getRequest(item.id)).toMatchObject({ id: item.id, url: item.url, retryCount: 1, errorMessages: ['timeout'] });
    const again = (await owner.listAndLockHead({ limit: 5, lockSecs: 60 })).items.find((i) => i.id === item.id)!;
    expect(again.retryCount).toBe(1);
    const givenUp = { ...stored, retryCount: 1, handledAt: new Date().toISOString(), userData: { __crawlee: { state: 5 } } };
    expect(await owner.updateRequest(givenUp)).toMatchObject({ wasAlreadyHandled: false });
    expect(await owner.updateRequest(givenUp)).toMatchObject({ wasAlreadyHandled: true });
    expect(await owner.get()).toMatchObject({ totalRequestCount: 5, handledRequestCount: 1, pendingRequestCount: 4 });
  });

  it('puts a forefront request at the head of its host, and dedupes a chosen uniqueKey as given', async () => {
    const writer = queue('writer');
    const added = await writer.addRequest({ url: `${A}/urgent`, uniqueKey: 'sku-42' }, { forefront: true });
    expect(await writer.addRequest({ url: `${A}/urgent-copy`, uniqueKey: 'sku-42' })).toEqual({ ...added, wasAlreadyPresent: true });
    const head = await queue('reader').listAndLockHead({ limit: 6, lockSecs: 60 });
    expect(head.items.find((item) => item.url.startsWith(A))?.id).toBe(added.requestId);
    expect(head.items.find((item) => item.url.startsWith(A))?.uniqueKey).toBe('sku-42');
  });

  it('hands its locks back on close', async () => {
    const owner = client.requestQueue(runId, { clientKey: 'closing' }) as storage.RequestQueueClient & { close(): Promise<void> };
    expect((await owner.listAndLockHead({ limit: 5, lockSecs: 60 })).items).toHaveLength(5);
    await owner.close();
    expect((await queue('next').listAndLockHead({ limit: 5, lockSecs: 60 })).items).toHaveLength(5);
  });
});
