// A slot held across a Redis restart from an older snapshot: its release or cancel never frees the slot of the request that took its id.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lease } from '../../src/ports/frontier';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { expectLease, handleNext, openRedisWorker, req } from './frontier-fixture';

/** One request at a time: a freed slot shows as a second lease of the host while the first is out. */
const POLICY = { maxConcurrency: 1, minIntervalMs: 0, jitterMs: 0 };

/**
 * The restored id counter gives the next request added the id of a lease still out (redis-rollback-settle.test.ts),
 * and a slot is named by its request's id. Before, the stale lease's release (every answered request sends one)
 * freed the slot the new request's lease held while its page was on the wire, and the host's next request was
 * leased beside it: two at once at a host allowed one.
 */
describe('a Redis frontier restored from an older snapshot while a slot is held', () => {
  let server: RedisTestServer;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(() => server.stop());

  it.each([
    ['released', (held: Lease) => held.releaseSlot()],
    ['cancelled', (held: Lease) => held.cancelReservation()],
  ])('keeps the slot of the request that took its id when the stale one is %s', async (name, end) => {
    const worker = await openRedisWorker(server.url, `rollback-slot-${name}`, { policy: POLICY, leaseTtlMs: 60_000 });
    const admin = new Redis(server.url);
    try {
      await worker.add([req('http://shop.test/1')]);
      await handleNext(worker);
      await admin.save();
      await worker.add([req('http://shop.test/2')]);
      const held = expectLease(await worker.next(Date.now()));
      await server.restart();
      await worker.add([req('http://shop.test/3'), req('http://shop.test/4')]);
      const taken = expectLease(await worker.next(Date.now()));
      expect([taken.request.url, taken.request.id]).toEqual(['http://shop.test/3', held.request.id]);
      taken.markSent();
      end(held);
      // The host's one slot is still the new lease's: no second request of it while that one is out.
      expect((await worker.next(Date.now())).type).toBe('wait');
      taken.releaseSlot();
      await worker.markHandled(taken.request, 200);
      expect(await handleNext(worker)).toBe('http://shop.test/4');
    } finally {
      admin.disconnect();
      await worker.close();
    }
  });
});
