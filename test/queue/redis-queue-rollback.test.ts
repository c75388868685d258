// A Crawlee consumer's lock held across a Redis restart from an older snapshot never ends the request that took its id.
import type * as storage from '@crawlee/types';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostKeyOf } from '../../src/politeness/host-key';
import type { QueueBackend } from '../../src/queue/frontier-storage-client';
import { settingsSchema } from '../../src/settings/schema';
import { redisQueueBackend } from '../../storage/redis/redis-queue-backend';
import { handleNext, openRedisWorker, req } from '../frontier/frontier-fixture';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';

const POLICY = { maxConcurrency: 4, minIntervalMs: 0, jitterMs: 0 };

/**
 * The restored id counter gives the next request added the id a consumer's lock still holds (see
 * redis-rollback-settle.test.ts for the crawl's own leases). Crawlee ends a lock by id: before, the update wrote the
 * stale request's data onto the new one and the settle marked it succeeded, never fetched; a retry's update and
 * unlock put the new one back with the stale data.
 */
describe('a Crawlee queue lock held across a Redis restart from an older snapshot', () => {
  let server: RedisTestServer;
  let backend: QueueBackend;
  beforeAll(async () => {
    server = await startRedisServer();
    const settings = settingsSchema.parse({});
    backend = await redisQueueBackend(server.url, settings, (url) => hostKeyOf(url, 'host'));
  });
  afterAll(async () => {
    await backend.close();
    await server.stop();
  });

  it.each([
    ['marked handled', (queue: storage.RequestQueueClient, held: storage.UpdateRequestSchema) => queue.updateRequest({ ...held, handledAt: new Date().toISOString() })],
    ['reclaimed', async (queue: storage.RequestQueueClient, held: storage.UpdateRequestSchema) => {
      await queue.updateRequest({ ...held, retryCount: 1, userData: { stale: true } });
      await queue.deleteRequestLock(held.id);
    }],
  ])('refuses the stale lock when it is %s: the request added since stays as it was added and is fetched', async (name, end) => {
    const runId = `rq-rollback-${name.replace(' ', '-')}`;
    const worker = await openRedisWorker(server.url, runId, { policy: POLICY, leaseTtlMs: 60_000 });
    const admin = new Redis(server.url);
    const queue = backend.queueClient(runId);
    try {
      await worker.add([req('http://shop.test/1')]);
      await handleNext(worker);
      await admin.save();
      await worker.add([req('http://shop.test/2')]);
      const [locked] = (await queue.listAndLockHead({ limit: 1, lockSecs: 60 })).items;
      expect(locked.url).toBe('http://shop.test/2');
      const held: storage.UpdateRequestSchema = { ...(await queue.getRequest(locked.id)), id: locked.id, url: locked.url, uniqueKey: locked.uniqueKey };
      await server.restart();
      // The restored counter gives the next request the id the consumer's lock has.
      const [added] = [req('http://shop.test/3')];
      await worker.add([added]);
      expect(added.id).toBe(locked.id);
      await end(queue, held).catch((error: unknown) => expect(String(error)).toMatch(/lock|locked/));
      expect(await worker.summary()).toMatchObject({ planned: 2, succeeded: 1, failed: 0, pending: 1 });
      const stored = (await queue.getRequest(locked.id))!;
      expect(stored).toMatchObject({ url: 'http://shop.test/3', retryCount: 0 });
      expect(stored.userData).not.toHaveProperty('stale');
      expect(await handleNext(worker)).toBe('http://shop.test/3');
    } finally {
      admin.disconnect();
      await queue.close();
      await worker.close();
    }
  });
});
