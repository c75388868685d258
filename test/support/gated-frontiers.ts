// Both frontiers with their host gate, for tests that run request tasks by hand: the embedded one on a temp dir, or a worker of a real redis-server started once per file.
import { afterAll, afterEach } from 'vitest';
import { CircuitBreakerMiddleware } from '../../middlewares/circuit-breaker';
import { blockCheck } from '../../middlewares/index';
import { BlockRules } from '../../src/downloader/block-rules';
import { settingsSchema } from '../../src/settings/schema';
import type { BreakerOptions } from '../../src/politeness/breaker-board';
import { systemClock } from '../../src/politeness/clock';
import type { HostPolicy } from '../../src/politeness/host-policy';
import type { Frontier } from '../../src/ports/frontier';
import type { HostGate } from '../../src/ports/host-gate';
import { openFrontier, openRedisWorker, tempDir } from '../frontier/frontier-fixture';
import { startRedisServer, type RedisTestServer } from './redis-server';

export type GatedFrontier = Frontier & { gate: HostGate };
export type OpenGated = (policy: HostPolicy) => Promise<GatedFrontier>;

/**
 * `[name, open]` rows for `describe.each`, each frontier closed after its test; `cleanups` runs (in reverse)
 * after each test too, for the servers and fetchers a test starts. Registers its own vitest hooks.
 */
export function gatedFrontiers(breaker: BreakerOptions): { backends: Array<[string, OpenGated]>; cleanups: Array<() => unknown> } {
  const cleanups: Array<() => unknown> = [];
  let redis: Promise<RedisTestServer> | null = null;
  afterEach(async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  });
  afterAll(async () => {
    if (redis) await (await redis).stop();
  });
  let runs = 0;
  const backends: Array<[string, OpenGated]> = [
    ['embedded', async (policy) => {
      const tmp = tempDir();
      const { frontier } = openFrontier(tmp.dir, policy, { clock: systemClock, breaker });
      cleanups.push(tmp.cleanup, () => frontier.close());
      return frontier;
    }],
    ['redis', async (policy) => {
      const { url } = await (redis ??= startRedisServer());
      const frontier = await openRedisWorker(url, `gated-${process.pid}-${++runs}`, { policy, leaseTtlMs: 60_000, breaker });
      cleanups.push(() => frontier.close());
      return frontier;
    }],
  ];
  return { backends, cleanups };
}

/** The breaker as a crawl builds it: throttling statuses and block pages (the default block rules) count. */
export function crawlBreaker(frontier: GatedFrontier): CircuitBreakerMiddleware {
  const settings = settingsSchema.parse({});
  return new CircuitBreakerMiddleware({ statuses: settings.breaker.statuses, gate: frontier.gate, isThrottled: blockCheck(new BlockRules(settings.blockDetection, { honourMarks: true })) });
}

/** A Cloudflare-style challenge served with 200, as the default block rules know it. */
export const CHALLENGE_PAGE = '<html><head><title>Just a moment...</title></head><body><script>window._cf_chl_opt={cType:"managed"};</script></body></html>';
