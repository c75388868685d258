// Two Redis workers under politeness.hostKey: domain, crawling shop.test and www.shop.test: one gate, its interval kept at the server across both names and both workers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { productHtml } from '../support/listing-shop';
import { startNameProxy, type NameProxy } from '../support/name-proxy';
import { startWorkerRig, type WorkerRig } from '../support/redis-worker-pair';
import type { CliRun } from '../support/run-cli';

const INTERVAL_MS = 250;
const PRODUCTS = 5;
const NAMES = ['shop.test', 'www.shop.test'];
/** Two cold node processes (tsx, Crawlee) on a 2-core machine shared with other suites. */
const PROCESS_TEST_TIMEOUT_MS = 180_000;

describe('two Redis workers, one shop under two names, hostKey: domain', () => {
  let rig: WorkerRig;
  let proxy: NameProxy;
  let runs: CliRun[];

  beforeAll(async () => {
    rig = await startWorkerRig('redis-domain', { runId: 'domain-key', products: PRODUCTS });
    rig.shop.route('/p/:n', (_req, res, ctx) => productHtml(res, ctx.params.n));
    proxy = await startNameProxy(rig.shop.port);
    const startUrls = NAMES.map((name) => `http://${name}:${rig.shop.port}/list`).join(',');
    const args = (command: 'crawl' | 'worker') => rig.args(command, {
      'sessions.proxyUrls': JSON.stringify([proxy.url]),
      'politeness.hostKey': 'domain', 'politeness.minIntervalMs': INTERVAL_MS, 'politeness.jitterMs': 0,
    }, { startUrls });
    runs = await Promise.all([rig.run(args('worker')), rig.run(args('crawl'))]);
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await proxy?.close();
    await rig.close();
  });

  it('fetches both names\' pages and finishes the run', () => {
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const hosts = new Set(rig.shop.requests.filter((r) => r.path.startsWith('/p/')).map((r) => String(r.headers.host).split(':')[0]));
    expect([...hosts].sort()).toEqual(NAMES);
    const planned = NAMES.length * (PRODUCTS + 1);
    expect(runs.some((run) => new RegExp(`accounting: planned ${planned} = succeeded ${planned} \\+ failed 0 \\+ pending 0 {2}✓`).test(run.stdout))).toBe(true);
  });

  it('spaces every request to either name by the one interval, robots.txt included', () => {
    // Stamped as they reach the proxy, the crawler's first hop: its forwarding delay does not shorten a gap.
    const seen = JSON.stringify(proxy.arrivals.map((r) => [r.url, r.arrivedAtPerfMs.toFixed(1)]));
    for (const gap of longestPossibleGapsMs(proxy.arrivals)) expect(gap, seen).toBeGreaterThanOrEqual(INTERVAL_MS);
    const server = JSON.stringify(rig.shop.requests.map((r) => [r.headers.host, r.path, r.arrivedAtPerfMs.toFixed(1)]));
    expect(rig.shop.requests.length, server).toBe(proxy.arrivals.length);
  });
});
