// A send held for another answer's judgement is our own queueing: it never fails as a timeout of the site, it goes back to the frontier unsent.
import { describe, expect, it } from 'vitest';
import { DownloaderChain } from '../../src/downloader/downloader-chain';
import { HostJudgements } from '../../src/engine/host-judgements';
import { runRequestTask } from '../../src/engine/request-task';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import type { BreakerOptions } from '../../src/politeness/breaker-board';
import { settingsSchema } from '../../src/settings/schema';
import { httpSettings } from '../fetch/fetch-test-helpers';
import { expectLease, req } from '../frontier/frontier-fixture';
import { crawlBreaker, gatedFrontiers } from '../support/gated-frontiers';
import { FixtureServer } from '../support/fixture-server';
import { handTaskDeps, HoldingMiddleware } from '../support/holding-middleware';

const settings = settingsSchema.parse({});
// A high threshold: the 429 under judgement opens nothing, so what ends the held send is the wait alone.
const breaker: BreakerOptions = { config: { ...settings.breaker, threshold: 10 }, probeTimeoutMs: 60_000 };
const { backends, cleanups } = gatedFrontiers(breaker);

describe.each(backends)('a send held for a judgement longer than its fetch may take (%s frontier)', (_name, open) => {
  it('is deferred unsent as host/busy, no attempt counted, never fetch/timeout', async () => {
    const server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/first', (_req, res) => void res.writeHead(429, { 'content-type': 'text/html' }).end('slow down'));
    server.route('/second', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>second</p>'));
    // A short fetch time: the judgement (held below until the second task is over) outlasts it.
    const fetcher = new HttpFetcher(httpSettings({ timeoutMs: 300 }));
    cleanups.push(() => server.close(), () => fetcher.close());
    const frontier = await open({ maxConcurrency: 2, minIntervalMs: 0, jitterMs: 0 });
    await frontier.add([req(server.url('/first')), req(server.url('/second'))]);

    const holding = new HoldingMiddleware();
    const deps = handTaskDeps(frontier, new DownloaderChain([crawlBreaker(frontier), holding], fetcher), new HostJudgements());
    const first = runRequestTask(expectLease(await frontier.next(Date.now())), deps);
    expect((await holding.entered).status).toBe(429);
    const second = expectLease(await frontier.next(Date.now()));
    expect(second.request.url).toMatch(/\/second$/);
    await runRequestTask(second, deps);
    holding.release();
    await first;

    expect(server.requests.map((r) => r.path)).toEqual(['/first']);
    expect(deps.stats.get('requests/failed/fetch/timeout')).toBe(0);
    expect(deps.stats.byPrefix('retry/scheduled')).toEqual({});
    expect(deps.stats.get('requests/deferred')).toBe(1);
  });
});
