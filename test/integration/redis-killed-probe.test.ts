// A Redis worker SIGKILLed while its breaker's half-open probe is out: the probe's claim in the run ends with the dead worker's lease, and the worker left probes the host then, not a probe's timeout later.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../support/fixture-server';
import { productHtml } from '../support/listing-shop';
import { startWorkerRig, type WorkerRig } from '../support/redis-worker-pair';
import type { CliRun } from '../support/run-cli';

const THRESHOLD = 2;
const PRODUCTS = 4;
const LEASE_TTL_MS = 1_000;
/** http.timeoutMs + http.connectTimeoutMs: how long a probe may be out (breakerOptionsFromSettings). */
const PROBE_TIMEOUT_MS = 60_000;
/** Two cold node processes one after the other, and before the fix a probe's whole timeout between them. */
const TEST_TIMEOUT_MS = 240_000;

describe('a Redis worker killed while its half-open probe is out', () => {
  let rig: WorkerRig;
  let probe: RecordedRequest;
  let killedAtPerfMs: number;
  let survivor: CliRun;

  beforeAll(async () => {
    rig = await startWorkerRig('redis-killed-probe', { runId: 'killed-probe', products: PRODUCTS });
    let arrivals = 0;
    let probeArrived!: (record: RecordedRequest) => void;
    const probeOut = new Promise<RecordedRequest>((resolve) => (probeArrived = resolve));
    rig.shop.route('/p/:n', (_req, res, ctx) => {
      arrivals += 1;
      if (arrivals <= THRESHOLD) return void res.writeHead(429, { 'content-type': 'text/plain' }).end('slow down');
      // The probe is never answered: its worker dies holding it.
      if (arrivals === THRESHOLD + 1) return probeArrived(ctx.record);
      productHtml(res, ctx.params.n);
    });
    const args = (command: 'crawl' | 'worker', agent: string) => rig.args(command, {
      'frontier.leaseTtlMs': LEASE_TTL_MS,
      'http.userAgent': agent, 'http.timeoutMs': PROBE_TIMEOUT_MS - 1_000, 'http.connectTimeoutMs': 1000,
      'politeness.minIntervalMs': 0, 'politeness.jitterMs': 0, 'robots.obey': false,
      'breaker.threshold': THRESHOLD, 'breaker.cooldownMs': 300, 'retry.backoffBaseMs': 20,
    });
    let first!: ChildProcess;
    const firstRun = rig.run(args('crawl', 'worker-a'), { onStart: (child) => (first = child) });
    probe = await probeOut;
    first.kill('SIGKILL');
    killedAtPerfMs = performance.now();
    await firstRun;
    survivor = await rig.run(args('worker', 'worker-b'));
  }, TEST_TIMEOUT_MS);
  afterAll(() => rig.close());

  const products = () => rig.shop.requests.filter((r) => r.path.startsWith('/p/'));
  const seen = () => JSON.stringify(products().map((r) => [r.path, r.headers['user-agent'], r.arrivedAtPerfMs.toFixed(1), r.outcome]));

  it('the worker left fetches every product the dead worker did not', () => {
    expect(survivor.code, survivor.stderr).toBe(0);
    expect(probe.headers['user-agent']).toBe('worker-a');
    const stored = new Set(products().filter((r) => r.outcome === 'finished' && r.headers['user-agent'] === 'worker-b').map((r) => r.path));
    expect(stored.size, seen()).toBeGreaterThanOrEqual(PRODUCTS - THRESHOLD);
  });

  it('probes the host once the dead worker\'s lease ran out, not after the dead probe\'s timeout', () => {
    const next = products().find((r) => r.arrivedAtPerfMs > probe.arrivedAtPerfMs);
    expect(next, seen()).toBeDefined();
    expect(next!.arrivedAtPerfMs, seen()).toBeGreaterThan(killedAtPerfMs);
    // Before: the claim the dead worker made held every other worker off the host for the probe's whole timeout.
    expect(next!.arrivedAtPerfMs - probe.arrivedAtPerfMs, seen()).toBeLessThan(PROBE_TIMEOUT_MS);
  });
});
