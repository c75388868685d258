// A half-open breaker's probe that our own gate sends back unsent (its redirect's slot too far off) is no failure of the host: the breaker is not reopened by it.
import { describe, expect, it } from 'vitest';
import { DownloaderChain } from '../../src/downloader/downloader-chain';
import { runRequestTask } from '../../src/engine/request-task';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import type { BreakerOptions } from '../../src/politeness/breaker-board';
import { steadyNowMs } from '../../src/politeness/clock';
import { settingsSchema } from '../../src/settings/schema';
import { httpSettings } from '../fetch/fetch-test-helpers';
import { expectLease, req } from '../frontier/frontier-fixture';
import { crawlBreaker, gatedFrontiers } from '../support/gated-frontiers';
import { FixtureServer } from '../support/fixture-server';
import { handTaskDeps } from '../support/holding-middleware';

const settings = settingsSchema.parse({});
const COOLDOWN_MS = 60_000;
const breaker: BreakerOptions = { config: { ...settings.breaker, threshold: 1, cooldownMs: COOLDOWN_MS }, probeTimeoutMs: 60_000 };
// The embedded gate only: a shared one opens the breaker on Redis's clock, so no test can open it a cooldown ago.
const { backends, cleanups } = gatedFrontiers(breaker);
const embedded = backends.filter(([name]) => name === 'embedded');

describe.each(embedded)('a probe deferred before it reached the host (%s frontier)', (_name, open) => {
  it('leaves the breaker half-open, not reopened for a cooldown twice as long', async () => {
    const server = await FixtureServer.start({ builtInRoutes: false });
    // The host answers the probe (a redirect on its own host): healthy. The hop's slot is an interval
    // (1 s) away, past half the fetch's time (1 s): the request goes back to the frontier unsent.
    server.route('/old', (_req, res) => void res.writeHead(301, { location: '/new' }).end());
    server.route('/new', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>new</p>'));
    const fetcher = new HttpFetcher(httpSettings({ timeoutMs: 1_000 }));
    cleanups.push(() => server.close(), () => fetcher.close());
    const frontier = await open({ maxConcurrency: 1, minIntervalMs: 1_000, jitterMs: 0 });
    await frontier.add([req(server.url('/old'))]);
    const lease = expectLease(await frontier.next(Date.now()));
    // Opened a cooldown ago: the next request is the half-open probe.
    await frontier.gate.throttled(lease.hostKey, 'an-earlier-request', steadyNowMs() - COOLDOWN_MS - 1, null);
    const deps = handTaskDeps(frontier, new DownloaderChain([crawlBreaker(frontier)], fetcher));
    await runRequestTask(lease, deps);

    expect(server.requests.map((r) => r.path)).toEqual(['/old']);
    expect(deps.stats.get('requests/deferred')).toBe(1);
    expect(deps.stats.get('breaker/reopened')).toBe(0);
    expect(frontier.gate.breaker(lease.hostKey).state).toBe('half-open');
  });
});
