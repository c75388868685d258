// A lease held across a Redis restart from an older snapshot: its settle and its slot's ends never land on the request that took its id.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lease } from '../../src/ports/frontier';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import type { RedisFrontier } from '../../storage/redis/redis-frontier';
import { expectLease, handleNext, openRedisWorker, req } from './frontier-fixture';

const POLICY = { maxConcurrency: 4, minIntervalMs: 0, jitterMs: 0 };
/** One request at a time: a freed slot shows as a second lease of the host while the first is out. */
const ONE_AT_A_TIME = { maxConcurrency: 1, minIntervalMs: 0, jitterMs: 0 };

/**
 * Request ids come from a counter in Redis. A server restarted from its last RDB snapshot (or a replica promoted
 * behind its primary) has that counter as it was then, so the next request added takes an id a lease still out
 * was given. Before, that lease's settle matched by id alone: the new request was marked succeeded, never
 * fetched, and the run ended balanced (seen in CI as redis-rollback-seeding.test.ts losing /p/20).
 */
describe('a Redis frontier restored from an older snapshot while a lease is out', () => {
  let server: RedisTestServer;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(() => server.stop());

  /**
   * /1 handled, a snapshot, /2 leased (`beforeRestart` then runs), the server restarted from the snapshot: the
   * lease of /2 is still out, its request and id gone from Redis, and the next request added takes that id.
   */
  async function leaseAcrossRollback(worker: RedisFrontier, beforeRestart: (held: Lease) => void = () => undefined): Promise<Lease> {
    const admin = new Redis(server.url);
    try {
      await worker.add([req('http://shop.test/1')]);
      await handleNext(worker);
      await admin.save();
    } finally {
      admin.disconnect();
    }
    await worker.add([req('http://shop.test/2')]);
    const held = expectLease(await worker.next(Date.now()));
    expect(held.request.url).toBe('http://shop.test/2');
    beforeRestart(held);
    await server.restart();
    return held;
  }

  it.each([
    ['handled', (worker: RedisFrontier, held: Parameters<RedisFrontier['markHandled']>[0]) => worker.markHandled(held, 200)],
    ['failed', (worker: RedisFrontier, held: Parameters<RedisFrontier['markHandled']>[0]) => worker.fail(held, 'http/500', 500)],
    ['deferred', (worker: RedisFrontier, held: Parameters<RedisFrontier['markHandled']>[0]) => worker.defer(held, Date.now(), { countAttempt: true })],
  ])('ignores the stale lease when it is %s: the request added since keeps its id, stays pending and is fetched', async (name, end) => {
    const worker = await openRedisWorker(server.url, `rollback-${name}`, { policy: POLICY, leaseTtlMs: 60_000 });
    try {
      const held = await leaseAcrossRollback(worker, (lease) => {
        lease.markSent();
        lease.releaseSlot();
      });
      // The restored counter gives the next request the id the held lease has.
      await worker.add([req('http://shop.test/3')]);
      await end(worker, held.request);
      expect(await worker.summary()).toMatchObject({ planned: 2, succeeded: 1, failed: 0, pending: 1 });
      expect(await handleNext(worker)).toBe('http://shop.test/3');
      expect(await worker.summary()).toMatchObject({ planned: 2, succeeded: 2, failed: 0, pending: 0 });
    } finally {
      await worker.close();
    }
  });

  // The worker keeps its leases by id to renew and hand them back: the stale lease's end took the entry of the
  // lease this worker holds now under the same id, so it was neither renewed nor handed back at a graceful exit.
  it('keeps holding the lease it took since under the same id when the stale one ends', async () => {
    const worker = await openRedisWorker(server.url, 'rollback-held', { policy: POLICY, leaseTtlMs: 60_000 });
    let other: RedisFrontier | undefined;
    try {
      const held = await leaseAcrossRollback(worker);
      await worker.add([req('http://shop.test/3')]);
      const taken = expectLease(await worker.next(Date.now()));
      expect(taken.request.id).toBe(held.request.id);
      await worker.markHandled(held.request, 200);
      expect(worker.inFlight()).toBe(1);
      // A graceful exit hands it back: another worker takes it at once, not after the lease's 60 s.
      await worker.close();
      other = await openRedisWorker(server.url, 'rollback-held', { policy: POLICY, leaseTtlMs: 60_000 });
      expect(await handleNext(other)).toBe('http://shop.test/3');
    } finally {
      await worker.close();
      await other?.close();
    }
  });

  // A slot is named by its request's id. Before, the stale lease's release (every answered request sends one) or
  // cancel freed the slot the new request's lease held while its page was on the wire, and the host's next request
  // was leased beside it: two at once at a host allowed one.
  it.each([
    ['released', (held: Lease) => held.releaseSlot()],
    ['cancelled', (held: Lease) => held.cancelReservation()],
  ])('keeps the slot of the request that took its id when the stale one is %s', async (name, end) => {
    const worker = await openRedisWorker(server.url, `rollback-slot-${name}`, { policy: ONE_AT_A_TIME, leaseTtlMs: 60_000 });
    try {
      const held = await leaseAcrossRollback(worker);
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
      await worker.close();
    }
  });
});
