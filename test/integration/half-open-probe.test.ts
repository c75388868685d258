// A host's breaker half-open at a concurrency of two: one probe reaches the host, from one crawl or from two Redis workers, nothing beside it.
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productHtml } from '../support/listing-shop';
import { startWorkerRig, type WorkerRig } from '../support/redis-worker-pair';
import type { CliRun } from '../support/run-cli';

const INTERVAL_MS = 100;
const THRESHOLD = 3;
const COOLDOWN_MS = 1_000;
const CAP = 2;
/** The probe's answer is held this long: many intervals, so the host's other slot opens for either worker meanwhile. */
const PROBE_HOLD_MS = 15 * INTERVAL_MS;
const PRODUCTS = 10;
/** Two cold node processes (tsx, Crawlee) on a 2-core machine shared with other suites. */
const PROCESS_TEST_TIMEOUT_MS = 180_000;

/** One crawl process on the embedded frontier, or a crawl and a worker process on one Redis frontier. */
for (const frontier of ['embedded', 'redis'] as const) describe(`a host whose breaker is half-open at a concurrency of two (${frontier})`, () => {
  let rig: WorkerRig;
  let runs: CliRun[];
  /** The probe: the first product request after the storm, and when its answer was written (the server's clock). */
  let probe: { path: string; arrivedAtPerfMs: number; answeredAtPerfMs: number } | null = null;

  beforeAll(async () => {
    rig = await startWorkerRig('redis-probe', { runId: 'half-open', products: PRODUCTS });
    let arrivals = 0;
    rig.shop.route('/p/:n', (req, res, ctx) => {
      arrivals += 1;
      if (arrivals <= THRESHOLD) return void res.writeHead(429, { 'content-type': 'text/plain' }).end('slow down');
      if (arrivals > THRESHOLD + 1) return productHtml(res, ctx.params.n);
      const arrivedAtPerfMs = performance.now();
      ctx.later(PROBE_HOLD_MS, () => {
        probe = { path: req.url ?? '', arrivedAtPerfMs, answeredAtPerfMs: performance.now() };
        productHtml(res, ctx.params.n);
      });
    });
    const args = (command: 'crawl' | 'worker') => rig.args(command, {
      'politeness.minIntervalMs': INTERVAL_MS, 'politeness.jitterMs': 0, 'politeness.maxConcurrencyPerHost': CAP,
      'breaker.threshold': THRESHOLD, 'breaker.cooldownMs': COOLDOWN_MS, 'retry.backoffBaseMs': 50,
    }, { frontier: frontier === 'redis' ? 'flag' : 'embedded' });
    const commands = frontier === 'redis' ? (['worker', 'crawl'] as const) : (['crawl'] as const);
    runs = await Promise.all(commands.map((command) => rig.run(args(command))));
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(() => rig.close());

  it('finishes the run with every product stored', () => {
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    expect(runs.some((run) => new RegExp(`accounting: planned ${PRODUCTS + 1} = succeeded ${PRODUCTS + 1} \\+ failed 0 \\+ pending 0 {2}✓`).test(run.stdout))).toBe(true);
  });

  it('sends nothing else to the host while the probe is out, whichever process sent it', () => {
    expect(probe).not.toBeNull();
    const { arrivedAtPerfMs, answeredAtPerfMs } = probe!;
    const products = rig.shop.requests.filter((r) => r.path.startsWith('/p/'));
    const seen = JSON.stringify(products.map((r) => [r.path, r.socketId, r.arrivedAtPerfMs.toFixed(1)]));
    // Before: a request let through before the breaker opened waited out the open period in its slot and
    // went as it ended, beside the probe (both frontiers); and on Redis a worker whose breaker had not heard
    // of the opening, or held it open until the same moment, sent its own into the probe's wait.
    const during = products.filter((r) => r.arrivedAtPerfMs > arrivedAtPerfMs && r.arrivedAtPerfMs < answeredAtPerfMs);
    expect(during, seen).toEqual([]);
    // On Redis both workers did reach the host: the test held two of them, not one.
    if (frontier === 'redis') expect(new Set(products.map((r) => r.socketId)).size, seen).toBeGreaterThanOrEqual(2);
  });
});
