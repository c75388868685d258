// A Redis lease's fencing token and its take-over flag: a first lease is told apart from a later one of the same
// request, and a later lease's token is above the earlier one's whatever Redis' clock did in between.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPrefix } from '../../storage/redis/redis-scripts';
import { startRedisServerWithClient, type RedisTestServerWithClient } from '../support/redis-server';
import { expectLease, openRedisWorker, req, stallLoop } from './frontier-fixture';

const POLICY = { maxConcurrency: 1, minIntervalMs: 0, jitterMs: 0 };
const LEASE_TTL_MS = 300;
const HOUR_MS = 3_600_000;

describe('a Redis lease\'s fencing token', () => {
  let started: RedisTestServerWithClient;
  beforeAll(async () => {
    started = await startRedisServerWithClient();
  });
  afterAll(() => started.stop());
  const redisNowMs = async () => {
    const [seconds, micros] = await started.client.time();
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  };

  it('marks a first lease as first (its end retires nothing), and a take-over of an expired one as later, with a greater token', async () => {
    const [stalled, other] = [await openRedisWorker(started.server.url, 'fence-reap', { policy: POLICY, leaseTtlMs: LEASE_TTL_MS }), await openRedisWorker(started.server.url, 'fence-reap', { policy: POLICY, leaseTtlMs: LEASE_TTL_MS })];
    try {
      await stalled.add([req('http://shop.test/1')]);
      const before = await redisNowMs();
      const first = expectLease(await stalled.next(Date.now()));
      expect(first.request.earlierLease).toBe(false);
      // The token of a first lease is the pick's time in Redis' clock.
      expect(first.request.leaseFence).toBeGreaterThanOrEqual(before);
      expect(first.request.leaseFence).toBeLessThanOrEqual(await redisNowMs());
      stallLoop(2 * LEASE_TTL_MS); // expired at Redis' clock: the other worker's pick reclaims it
      const takeOver = expectLease(await other.next(Date.now()));
      expect(takeOver.request.id).toBe(first.request.id);
      expect(takeOver.request.earlierLease).toBe(true);
      expect(takeOver.request.leaseFence).toBeGreaterThan(first.request.leaseFence!);
      takeOver.releaseSlot();
      await other.markHandled(takeOver.request, 200);
      // The request settled: its last token is not kept.
      expect(await started.client.hexists(`${runPrefix('fence-reap')}att`, `${first.request.id!}#f`)).toBe(0);
    } finally {
      await other.close();
      await stalled.close();
    }
  });

  it('gives a later lease a token above the earlier one\'s even when that one was taken an hour ahead of Redis\' clock now', async () => {
    const worker = await openRedisWorker(started.server.url, 'fence-stepped', { policy: POLICY, leaseTtlMs: 30_000 });
    try {
      await worker.add([req('http://shop.test/1')]);
      const first = expectLease(await worker.next(Date.now()));
      // Redis' clock cannot be stepped from here (DEBUG has no clock control); what a pick made while the clock read
      // an hour later (before an NTP step back, or on a failed-over primary whose clock was ahead) leaves is its token.
      const aheadMs = first.request.leaseFence! + HOUR_MS;
      await started.client.hset(`${runPrefix('fence-stepped')}att`, `${first.request.id!}#f`, aheadMs);
      first.request.leaseFence = aheadMs; // the lease that pick gave out carries that token
      first.cancelReservation();
      await worker.defer(first.request, Date.now(), { countAttempt: true, reason: 'retry/test' });
      const later = expectLease(await worker.next(Date.now()));
      expect(later.request.earlierLease).toBe(true); // a retry's earlier lease may have stored items too
      expect(later.request.leaseFence).toBe(aheadMs + 1);
      later.cancelReservation();
      await worker.fail(later.request, 'http/404', 404);
    } finally {
      await worker.close();
    }
  });

  it('gives a first lease of another request a token above the greatest the run gave out, an hour ahead of Redis\' clock now', async () => {
    const worker = await openRedisWorker(started.server.url, 'fence-run', { policy: POLICY, leaseTtlMs: 30_000 });
    try {
      await worker.add([req('http://a.test/1')]);
      const first = expectLease(await worker.next(Date.now()));
      // As above: what a pick made while Redis' clock read an hour later leaves (a stale worker may still hold that lease).
      const aheadMs = first.request.leaseFence! + HOUR_MS;
      await started.client.hset(`${runPrefix('fence-run')}att`, 'fence', aheadMs);
      await worker.add([req('http://b.test/1')]); // added now: a pick takes several leases at once
      const other = expectLease(await worker.next(Date.now()));
      expect(other.request.id).not.toBe(first.request.id);
      expect(other.request.earlierLease).toBe(false);
      expect(other.request.leaseFence).toBe(aheadMs + 1);
      for (const lease of [first, other]) {
        lease.releaseSlot();
        await worker.markHandled(lease.request, 200);
      }
    } finally {
      await worker.close();
    }
  });
});
