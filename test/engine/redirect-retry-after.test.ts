// A redirect that comes with a Retry-After (RFC 9110 §10.2.3: the least time to wait before the redirected request) is not followed before that time.
import { describe, expect, it } from 'vitest';
import { DownloaderChain } from '../../src/downloader/downloader-chain';
import { runRequestTask } from '../../src/engine/request-task';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { httpSettings } from '../fetch/fetch-test-helpers';
import { expectLease, req } from '../frontier/frontier-fixture';
import { gatedFrontiers } from '../support/gated-frontiers';
import { FixtureServer } from '../support/fixture-server';
import { handTaskDeps } from '../support/holding-middleware';

const settings = settingsSchema.parse({});
const { backends, cleanups } = gatedFrontiers({ config: settings.breaker, probeTimeoutMs: 60_000 });

describe.each(backends)('a 3xx with Retry-After (%s frontier)', (_name, open) => {
  it('defers the request until the wait ends instead of sending the hop at once', async () => {
    const server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/start', (_req, res) => void res.writeHead(302, { location: '/page', 'retry-after': '120' }).end());
    server.route('/page', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>page</p>'));
    const fetcher = new HttpFetcher(httpSettings());
    cleanups.push(() => server.close(), () => fetcher.close());
    const frontier = await open({ maxConcurrency: 1, minIntervalMs: 0, jitterMs: 0 });
    await frontier.add([req(server.url('/start'))]);
    const deps = handTaskDeps(frontier, new DownloaderChain([], fetcher));
    await runRequestTask(expectLease(await frontier.next(Date.now())), deps);

    expect(server.requests.map((r) => r.path)).toEqual(['/start']);
    const pick = await frontier.next(Date.now());
    expect(pick.type).toBe('wait');
    // A shared frontier asks to be polled sooner (readyAtMs is when the request is due).
    expect(pick.type === 'wait' && (pick.readyAtMs ?? pick.atMs) - Date.now()).toBeGreaterThan(60_000);
    expect(deps.stats.get('requests/deferred')).toBe(1);
  });
});
