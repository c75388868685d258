// A host's 429 streak on a Redis frontier is the host's, not a worker's: answers split between workers open its breaker at the threshold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedisFrontier } from '../../storage/redis/redis-frontier';
import { readRunStatus } from '../../storage/redis/redis-status';
import { startRedisServerWithClient, type RedisTestServerWithClient } from '../support/redis-server';
import { breakerWorker, openBreakerWorker } from './breaker-worker';
import { req } from './frontier-fixture';

const THRESHOLD = 3;
const COOLDOWN_MS = 60_000;
const HOST = 'storm.test';

describe('the circuit breaker of a host two Redis workers crawl', () => {
  let started: RedisTestServerWithClient;
  beforeAll(async () => {
    started = await startRedisServerWithClient();
  });
  afterAll(() => started.stop());

  const open = (runId: string) => openBreakerWorker(started.server.url, runId, { threshold: THRESHOLD, cooldownMs: COOLDOWN_MS, probeTimeoutMs: 1_000 });

  const worker = (frontier: RedisFrontier) => breakerWorker(frontier, HOST);

  it('opens at the threshold-th 429 whichever worker got it, and pauses the host for every worker', async () => {
    const [a, b] = [await open('split-storm'), await open('split-storm')];
    try {
      await a.add([req(`http://${HOST}/queued`)]); // a host the run knows, so its status shows it
      const [wa, wb] = [worker(a), worker(b)];
      // The storm alternates between the workers: neither alone sees the threshold.
      await wa.answer('/1', 429);
      await wb.answer('/2', 429);
      const third = await wa.answer('/3', 429);
      expect(third).toMatchObject({ type: 'defer', reason: 'breaker/open' });
      expect(wa.stats.get('breaker/opened')).toBe(1);
      const status = await readRunStatus(started.client, 'split-storm');
      expect(status.byHost[HOST]).toMatchObject({ breaker: 'open', pauseCause: 'breaker' });
      expect(status.byHost[HOST].pausedForMs).toBeGreaterThan(COOLDOWN_MS - 5_000);
      // The worker that did not tip it knows at once from its next answer, with no heartbeat between.
      expect(await wb.answer('/4', 429)).toMatchObject({ type: 'defer', reason: 'breaker/open' });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a success at either worker ends the host\'s streak', async () => {
    const [a, b] = [await open('broken-streak'), await open('broken-streak')];
    try {
      await a.add([req(`http://${HOST}/queued`)]);
      const [wa, wb] = [worker(a), worker(b)];
      await wa.answer('/1', 429);
      await wa.answer('/2', 429);
      await wb.answer('/3', 200);
      // b's reset rides its next batch (sent on setImmediate); the status call after it on b's connection answers once it ran.
      await new Promise((resolve) => setImmediate(resolve));
      await b.status();
      await wa.answer('/4', 429);
      await wb.answer('/5', 429);
      const status = await readRunStatus(started.client, 'broken-streak');
      expect(status.byHost[HOST]).toMatchObject({ breaker: 'closed' });
      expect(await wa.answer('/6', 429)).toMatchObject({ type: 'defer', reason: 'breaker/open' });
    } finally {
      await a.close();
      await b.close();
    }
  });
});
