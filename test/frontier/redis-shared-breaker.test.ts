// A host's 429 streak on a Redis frontier is the host's, not a worker's: answers split between workers open its breaker at the threshold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { CircuitBreakerMiddleware } from '../../middlewares/circuit-breaker';
import { CrawlResponse } from '../../src/core/response';
import type { MiddlewareContext } from '../../src/downloader/middleware';
import { Stats } from '../../src/engine/stats';
import { settingsSchema } from '../../src/settings/schema';
import type { RedisFrontier } from '../../storage/redis/redis-frontier';
import { readRunStatus } from '../../storage/redis/redis-status';
import { startRedisServerWithClient, type RedisTestServerWithClient } from '../support/redis-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { openRedisWorker, req } from './frontier-fixture';

const defaults = settingsSchema.parse({});
const THRESHOLD = 3;
const COOLDOWN_MS = 60_000;
const HOST = 'storm.test';

describe('the circuit breaker of a host two Redis workers crawl', () => {
  let started: RedisTestServerWithClient;
  beforeAll(async () => {
    started = await startRedisServerWithClient();
  });
  afterAll(() => started.stop());

  const open = (runId: string) =>
    openRedisWorker(started.server.url, runId, {
      policy: { maxConcurrency: 2, minIntervalMs: 0, jitterMs: 0 }, leaseTtlMs: 60_000,
      breaker: { config: { ...defaults.breaker, threshold: THRESHOLD, cooldownMs: COOLDOWN_MS }, probeTimeoutMs: 1_000 },
    });

  /** One worker's breaker middleware over its own frontier's gate, as each worker process has. */
  function worker(frontier: RedisFrontier) {
    const stats = new Stats();
    const middleware = new CircuitBreakerMiddleware({ statuses: [429, 503], gate: frontier.gate });
    const ctx: MiddlewareContext = { spider: new UrlListSpider([]), settings: defaults, log: pino({ level: 'silent' }), stats, hostKey: HOST, nowMs: () => Date.now(), schedule: () => undefined };
    const answer = async (path: string, status: number) => {
      const request = req(`http://${HOST}${path}`);
      const response = new CrawlResponse({ request, url: request.url, status, headers: {}, body: Buffer.from(''), text: '', encoding: 'utf-8', timings: { startedAtMs: 0, finishedAtMs: 1 } });
      return middleware.processResponse!(request, response, ctx);
    };
    return { stats, answer };
  }

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
