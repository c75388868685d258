// A sorted set of a Redis run's queue deleted (by hand, by an evicting server): the pick that finds nothing left says the run is lost.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PricecrawlError } from '../../src/core/errors';
import type { RedisFrontier } from '../../storage/redis/redis-frontier';
import { frontierScripts, runPrefix } from '../../storage/redis/redis-scripts';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { openRedisWorker, req } from './frontier-fixture';

const HOST = '127.0.0.1:9';
const policy = { maxConcurrency: 1, minIntervalMs: 0, jitterMs: 0 };

let redis: RedisTestServer;
let admin: Redis;
beforeAll(async () => {
  redis = await startRedisServer();
  admin = new Redis(redis.url);
});
afterAll(async () => {
  admin?.disconnect();
  await redis?.stop();
});

async function runWithThree(runId: string): Promise<RedisFrontier> {
  const frontier = await openRedisWorker(redis.url, runId, { policy, leaseTtlMs: 60_000 });
  await frontier.add(['a', 'b', 'c'].map((p) => req(`http://${HOST}/${p}`)));
  return frontier;
}

/** The next pick fails as the run lost, naming `named`. */
async function expectLost(frontier: RedisFrontier, runId: string, named: string): Promise<void> {
  const error = await Promise.resolve(frontier.next(Date.now())).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(PricecrawlError);
  expect((error as PricecrawlError).code).toBe('FRONTIER_RUN_LOST');
  expect((error as PricecrawlError).message.startsWith(`run ${runId} lost keys: ${named} (`)).toBe(true);
  await frontier.close().catch(() => undefined);
}

/** Leases the run's one request and answers it; the settle is left for the caller to make. */
async function leaseAnswered(frontier: RedisFrontier) {
  await frontier.add([req(`http://${HOST}/one`)]);
  const pick = await frontier.next(Date.now());
  if (pick.type !== 'lease') throw new Error(`expected a lease, got ${pick.type}`);
  pick.lease.markSent();
  pick.lease.releaseSlot();
  return pick.lease;
}

/**
 * These sorted sets carry no '~kept' mark (their members are ranked; readers take the first), so the run-kept
 * check did not see them go. Before, with the host index deleted the pick answered 'empty' with three requests
 * queued (the run ended 'interrupted', and every resume again, no pick reaching them); with a host's queue
 * deleted, or the leases of a dead worker, 'empty' too (the run ended 'failed', an unbalanced ledger, saying
 * nothing of why). Now nothing left to pick while the ledger has requests unsettled is the run lost, named.
 */
describe('a sorted set of the run\'s queue deleted', () => {
  it('the host index: the pick says the run lost it', async () => {
    const frontier = await runWithThree('lost-hosts');
    await admin.del(`${runPrefix('lost-hosts')}hosts`);
    await expectLost(frontier, 'lost-hosts', 'hosts');
  });

  it("a host's queue: the pick names the host whose requests are neither queued, leased nor settled", async () => {
    const frontier = await runWithThree('lost-queue');
    await admin.del(`${runPrefix('lost-queue')}q:${HOST}`);
    await expectLost(frontier, 'lost-queue', `queue:${HOST}`);
  });

  it("the leases, with their worker dead: its request is no longer counted anywhere, and the pick says so", async () => {
    const frontier = await openRedisWorker(redis.url, 'lost-leases', { policy, leaseTtlMs: 60_000 });
    await frontier.add([req(`http://${HOST}/orphan`)]);
    const ghost = new Redis(redis.url);
    const picked = (await frontierScripts(ghost).pick(runPrefix('lost-leases'), 'ghost', 300, 0, 20)) as string[];
    expect(picked[0]).toBe('lease');
    ghost.disconnect();
    await admin.del(`${runPrefix('lost-leases')}leases`);
    await expectLost(frontier, 'lost-leases', `queue:${HOST}`);
  });

  it('a run whose requests all settled still ends empty', async () => {
    const frontier = await openRedisWorker(redis.url, 'settled', { policy, leaseTtlMs: 60_000 });
    const lease = await leaseAnswered(frontier);
    await frontier.markHandled(lease.request, 200);
    expect((await frontier.next(Date.now())).type).toBe('empty');
    await frontier.close();
  });

  /** The settle and the pick go in one batch script call: its ledger counters must be written before the pick checks them. */
  it('a settle and the pick after it in one batch: empty, not lost', async () => {
    const frontier = await openRedisWorker(redis.url, 'settled-in-batch', { policy, leaseTtlMs: 60_000 });
    const lease = await leaseAnswered(frontier);
    const settled = frontier.markHandled(lease.request, 200);
    const next = frontier.next(Date.now()); // flushes the batch the settle waits in, with this pick last
    expect((await next).type).toBe('empty');
    await settled;
    await frontier.close();
  });
});
