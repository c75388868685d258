// Two worker processes on one Redis frontier, a host answering a 429 storm to both: its breaker opens at the threshold-th 429, whichever worker got them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { productHtml } from '../support/listing-shop';
import { startWorkerRig, type WorkerRig } from '../support/redis-worker-pair';
import type { CliRun } from '../support/run-cli';

const INTERVAL_MS = 100;
/** Each 429 is held this long: with two slots for the host and one request at a time per worker, the workers take turns. */
const HOLD_MS = 3 * INTERVAL_MS;
const THRESHOLD = 3;
const COOLDOWN_MS = 1_500;
const CAP = 2;
/** One 429 past the threshold: a breaker counting one worker's half of it never sees the threshold. */
const STORM = THRESHOLD + 1;
const PRODUCTS = 8;
/** Two cold node processes (tsx, Crawlee) on a 2-core machine shared with other suites. */
const PROCESS_TEST_TIMEOUT_MS = 180_000;

describe('two Redis workers, a 429 storm split between them', () => {
  let rig: WorkerRig;
  let runs: CliRun[];

  beforeAll(async () => {
    rig = await startWorkerRig('redis-breaker', { runId: 'split-storm', products: PRODUCTS });
    let arrivals = 0;
    rig.shop.route('/p/:n', (_req, res, ctx) => {
      arrivals += 1;
      if (arrivals <= STORM) return ctx.later(HOLD_MS, () => res.writeHead(429, { 'content-type': 'text/plain' }).end('slow down'));
      productHtml(res, ctx.params.n);
    });
    const args = (command: 'crawl' | 'worker') => rig.args(command, {
      'politeness.minIntervalMs': INTERVAL_MS, 'politeness.jitterMs': 0, 'politeness.maxConcurrencyPerHost': CAP,
      'concurrency.maxConcurrency': 1, 'concurrency.desiredConcurrency': 1,
      'breaker.threshold': THRESHOLD, 'breaker.cooldownMs': COOLDOWN_MS, 'retry.backoffBaseMs': 50,
    });
    runs = await Promise.all([rig.run(args('worker')), rig.run(args('crawl'))]);
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(() => rig.close());

  it('both workers reach the host and finish the run with every product', () => {
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const products = rig.shop.requests.filter((r) => r.path.startsWith('/p/'));
    // One connection per worker process at least: both sent to the host.
    expect(new Set(products.map((r) => r.socketId)).size).toBeGreaterThanOrEqual(2);
    expect(runs.some((run) => /accounting: planned 9 = succeeded 9 \+ failed 0 \+ pending 0 {2}✓/.test(run.stdout))).toBe(true);
  });

  it('pauses the host for the cooldown once the host has given the threshold of 429s (at most one more was on its way)', () => {
    const products = rig.shop.requests.filter((r) => r.path.startsWith('/p/'));
    const gaps = longestPossibleGapsMs(products);
    const seen = JSON.stringify(products.map((r) => [r.path, r.socketId, r.arrivedAtPerfMs.toFixed(1)]));
    // Before: each worker counted its own 429s, so with the storm split neither saw the threshold, and the
    // host was never paused (or only once one worker had seen the threshold on its own).
    const firstPause = gaps.findIndex((gap) => gap >= COOLDOWN_MS);
    expect(firstPause, seen).toBeGreaterThanOrEqual(0);
    expect(firstPause + 1, seen).toBeLessThanOrEqual(THRESHOLD + CAP - 1);
  });
});
