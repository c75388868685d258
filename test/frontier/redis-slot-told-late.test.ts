// A Redis lease reserved before its worker told the gate a longer Crawl-delay or a pause, or before another worker paused its host, is not sent before they allow (HostSlot.claimSend).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { steadyNowMs } from '../../src/politeness/clock';
import type { Lease } from '../../src/ports/frontier';
import type { RedisFrontier } from '../../storage/redis/redis-frontier';
import { startRedisServerWithClient, type RedisTestServerWithClient } from '../support/redis-server';
import { expectLease, openRedisWorker, req } from './frontier-fixture';

const HOST = 'shop.test';
const ORIGIN = `http://${HOST}`;

describe('a Redis slot reserved before its worker told the gate a change', () => {
  let started: RedisTestServerWithClient;
  beforeAll(async () => {
    started = await startRedisServerWithClient();
  });
  afterAll(() => started.stop());

  /** A worker and two leases of one host (concurrency 2, no interval), both picked before any change. */
  async function twoLeases(runId: string): Promise<{ frontier: RedisFrontier; leases: Lease[] }> {
    const frontier = await openRedisWorker(started.server.url, runId, { policy: { maxConcurrency: 2, minIntervalMs: 0, jitterMs: 0 }, leaseTtlMs: 60_000 });
    await frontier.add([req(`${ORIGIN}/a`), req(`${ORIGIN}/b`)]);
    const leases = [expectLease(await frontier.next(0)), expectLease(await frontier.next(0))];
    return { frontier, leases };
  }

  it('a pause this worker set after the pick (another request\'s Retry-After) holds the slot until it ends', async () => {
    const { frontier, leases } = await twoLeases('told-pause');
    try {
      leases[0].markSent();
      const untilMs = steadyNowMs() + 5_000;
      frontier.pauseHost(HOST, untilMs);
      expect(await leases[1].claimSend?.()).toBe(untilMs);
    } finally {
      await frontier.close();
    }
  });

  it('a Crawl-delay this worker told after the pick holds the slot a full Crawl-delay (and margin) from then', async () => {
    const { frontier, leases } = await twoLeases('told-crawl-delay');
    try {
      const toldAtMs = steadyNowMs();
      frontier.gate.setCrawlDelayMs(HOST, ORIGIN, 2_000);
      const atMs = (await leases[0].claimSend?.()) ?? null;
      expect(atMs).not.toBeNull();
      expect(atMs!).toBeGreaterThanOrEqual(toldAtMs + 2_000);
    } finally {
      await frontier.close();
    }
  });

  it('a pause another worker set after the pick (its answer\'s Retry-After) holds the slot until it ends, asked of Redis', async () => {
    const { frontier: a, leases } = await twoLeases('other-worker-pause');
    const b = await openRedisWorker(started.server.url, 'other-worker-pause', { policy: { maxConcurrency: 2, minIntervalMs: 0, jitterMs: 0 }, leaseTtlMs: 60_000 });
    try {
      const untilMs = steadyNowMs() + 5_000;
      b.pauseHost(HOST, untilMs);
      await b.summary(); // answered after the pause, on the same connection: the pause is in Redis
      // Before: this worker knew nothing of it, and the page went out 5 s early, into the other worker's pause.
      const atMs = (await leases[0].claimSend?.()) ?? null;
      expect(atMs).not.toBeNull();
      expect(atMs!).toBeGreaterThan(untilMs - 1_000);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('nothing told after the pick: the slot goes at once', async () => {
    const { frontier, leases } = await twoLeases('told-nothing');
    try {
      expect((await leases[0].claimSend?.()) ?? null).toBeNull();
      expect((await leases[1].claimSend?.()) ?? null).toBeNull();
    } finally {
      await frontier.close();
    }
  });
});
