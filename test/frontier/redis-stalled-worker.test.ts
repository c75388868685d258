// A Redis worker whose event loop stalled past its lease TTL picks again: its own leases are not reaped from under it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServerWithClient, type RedisTestServerWithClient } from '../support/redis-server';
import type { RedisFrontier } from '../../storage/redis/redis-frontier';
import { expectLease, openRedisWorker, req, stallLoop } from './frontier-fixture';

const LEASE_TTL_MS = 300;

describe('a Redis worker whose loop stalled past its lease TTL', () => {
  let started: RedisTestServerWithClient;
  beforeAll(async () => {
    started = await startRedisServerWithClient();
  });
  afterAll(() => started.stop());

  it('keeps the lease it still holds when its next pick goes out: not reclaimed, not leased again, its settle counts (before: its own pick reaped it and the page was fetched twice)', async () => {
    const worker = await openRedisWorker(started.server.url, 'stalled', { policy: { maxConcurrency: 1, minIntervalMs: 0, jitterMs: 0 }, leaseTtlMs: LEASE_TTL_MS });
    try {
      await worker.add([req('http://shop.test/1'), req('http://shop.test/2')]);
      const held = expectLease(await worker.next(Date.now()));
      held.markSent();
      // Twice the TTL since the pick (the lease's last renewal): expired at Redis' clock whatever the load.
      stallLoop(2 * LEASE_TTL_MS);
      // The host's one slot is the held lease's: nothing of the host may be leased while it is out.
      const during = await worker.next(Date.now());
      expect(during.type === 'lease' ? during.lease.request.url : during.type).toBe('wait');
      held.releaseSlot();
      await worker.markHandled(held.request, 200);
      const rest = await takeRest(worker);
      expect(rest).toEqual(['http://shop.test/2']);
      expect(await worker.summary()).toMatchObject({ planned: 2, succeeded: 2, pending: 0, reclaimed: 0 });
    } finally {
      await worker.close();
    }
  });
});

/** Leases and settles what is left, waiting as each pick says; the URLs in the order they were leased. */
async function takeRest(worker: RedisFrontier): Promise<string[]> {
  const urls: string[] = [];
  for (;;) {
    const pick = await worker.next(Date.now());
    if (pick.type === 'empty') return urls;
    if (pick.type === 'wait') {
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(pick.atMs - Date.now(), 100))));
      continue;
    }
    urls.push(pick.lease.request.url);
    pick.lease.markSent();
    pick.lease.releaseSlot();
    await worker.markHandled(pick.lease.request, 200);
  }
}
