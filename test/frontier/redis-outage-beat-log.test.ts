// A Redis outage under a running worker: its heartbeat keeps failing, and the log says so once per beat, with the reason.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsSchema } from '../../src/settings/schema';
import { hostKeyOf } from '../../src/politeness/host-key';
import { RedisFrontier } from '../../storage/redis/redis-frontier';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { logSink } from '../support/test-crawl';
import { expectLease, req } from './frontier-fixture';

const LEASE_TTL_MS = 300; // a beat every 100 ms

describe('a Redis worker whose server went away', () => {
  let server: RedisTestServer;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(() => server.stop());

  it('logs one line per heartbeat naming why it failed, not one per call the beat made', async () => {
    const sink = logSink();
    const worker = await RedisFrontier.open({
      url: server.url, spider: 'test', runId: 'beat-log', join: false, seeding: false, hostKeyOf: (u) => hostKeyOf(u, 'host'),
      policyFor: () => ({ maxConcurrency: 1, minIntervalMs: 0, jitterMs: 0 }),
      settings: { ...settingsSchema.parse({}).frontier, leaseTtlMs: LEASE_TTL_MS, pollMs: 20 }, log: pino({ level: 'error' }, sink.stream),
    });
    try {
      await worker.add([req('http://shop.test/1')]);
      expectLease(await worker.next(Date.now())).markSent(); // a lease to renew on each beat
      await server.shutdown();
      const errors = () => sink.lines.filter((line) => line.level === 50);
      // Four beats' worth of lines: before, two or three lines came of each beat.
      await expect.poll(() => errors().length, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(4);
      for (const line of errors()) {
        expect(line.msg).toBe('redis frontier heartbeat failed');
        expect((line.err as { message?: string }).message).toMatch(/\S/);
        expect(line.failedCalls).toBeGreaterThanOrEqual(1); // the beat's renewal, gate and eviction calls in one line
        expect(line.calls).toBeGreaterThanOrEqual(2);
      }
    } finally {
      await server.restart();
      await worker.close();
    }
  }, 60_000);
});
