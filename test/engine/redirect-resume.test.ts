// A same-host redirect whose hop cannot get the host's slot within the fetch's time resumes at its target on the next try, not at the start URL again.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { DownloaderChain } from '../../src/downloader/downloader-chain';
import { runRequestTask } from '../../src/engine/request-task';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import type { Frontier, Lease } from '../../src/ports/frontier';
import { settingsSchema } from '../../src/settings/schema';
import { httpSettings } from '../fetch/fetch-test-helpers';
import { req } from '../frontier/frontier-fixture';
import { gatedFrontiers } from '../support/gated-frontiers';
import { FixtureServer } from '../support/fixture-server';
import { handTaskDeps } from '../support/holding-middleware';
import { Spider } from '../../src/core/spider';
import type { CrawlResponse } from '../../src/core/response';

const settings = settingsSchema.parse({});
const { backends, cleanups } = gatedFrontiers({ config: settings.breaker, probeTimeoutMs: 60_000 });
// An interval (a Crawl-delay) longer than half the fetch's time: the hop's slot, an interval after the
// request's own send, is always past what the fetch may wait, so every try gives its hop back.
const TIMEOUT_MS = 400;
const INTERVAL_MS = 300;

/** The next lease, once the frontier says the host's slot is open (its own pick time, not a guess). */
async function nextLease(frontier: Frontier): Promise<Lease> {
  for (;;) {
    const pick = await frontier.next(Date.now());
    if (pick.type === 'lease') return pick.lease;
    if (pick.type === 'empty') throw new Error('nothing left to pick');
    await sleep(Math.min(50, Math.max(1, (pick.readyAtMs ?? pick.atMs) - Date.now())));
  }
}

/** Notes where each page it gets was read and the hops that led there. */
class ChainSpider extends Spider {
  readonly name = 'shop';
  readonly fetched: string[] = [];
  override async *parse(res: CrawlResponse): AsyncGenerator<never> {
    this.fetched.push(`${res.url} via ${res.redirectChain.map((url) => new URL(url).pathname).join(',')}`);
  }
}

describe.each(backends)('a same-host redirect under a long interval (%s frontier)', (_name, open) => {
  it('is fetched at its target on the next try, keeping the chain for the response and the loop check', async () => {
    const server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/p/1', (_req, res) => void res.writeHead(301, { location: '/p/1/' }).end());
    server.route('/p/1/', (_req, res) => void res.writeHead(302, { location: '/p/1/en' }).end());
    server.route('/p/1/en', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>price</p>'));
    const fetcher = new HttpFetcher(httpSettings({ timeoutMs: TIMEOUT_MS }));
    cleanups.push(() => server.close(), () => fetcher.close());
    const frontier = await open({ maxConcurrency: 1, minIntervalMs: INTERVAL_MS, jitterMs: 0 });
    await frontier.add([req(server.url('/p/1'))]);
    const spider = new ChainSpider();
    const deps = { ...handTaskDeps(frontier, new DownloaderChain([], fetcher)), spider };

    for (let tries = 0; tries < 3; tries++) await runRequestTask(await nextLease(frontier), deps);
    await deps.acks.drain();

    // Each try takes the chain one hop further; before, every try sent /p/1 again and the page was lost.
    expect(server.requests.map((r) => r.path)).toEqual(['/p/1', '/p/1/', '/p/1/en']);
    expect(spider.fetched).toEqual([`${server.url('/p/1/en')} via /p/1,/p/1/`]);
    expect(deps.stats.get('requests/deferred')).toBe(2);
    expect((await frontier.summary()).succeeded).toBe(1);
  });

  it("sends the target as the hop would have gone: a form's 303 as a GET without its body", async () => {
    const server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/basket', (_req, res) => void res.writeHead(303, { location: '/basket/prices' }).end());
    server.route('/basket/prices', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>price</p>'));
    const fetcher = new HttpFetcher(httpSettings({ timeoutMs: TIMEOUT_MS }));
    cleanups.push(() => server.close(), () => fetcher.close());
    const frontier = await open({ maxConcurrency: 1, minIntervalMs: INTERVAL_MS, jitterMs: 0 });
    const headers = { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer shop-api' };
    await frontier.add([req(server.url('/basket'), { method: 'POST', body: 'sku=1', headers })]);
    const deps = handTaskDeps(frontier, new DownloaderChain([], fetcher));

    for (let tries = 0; tries < 2; tries++) await runRequestTask(await nextLease(frontier), deps);

    const [form, target] = server.requests;
    expect([form.method, form.body]).toEqual(['POST', 'sku=1']);
    expect([target.path, target.method, target.body, target.headers['content-type']]).toEqual(['/basket/prices', 'GET', '', undefined]);
    // The same origin all along: its credentials go with the hop.
    expect(target.headers.authorization).toBe('Bearer shop-api');
  });

  it('still ends a loop that runs across tries as fetch/redirect-loop', async () => {
    const server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/a', (_req, res) => void res.writeHead(302, { location: '/b' }).end());
    server.route('/b', (_req, res) => void res.writeHead(302, { location: '/a' }).end());
    const fetcher = new HttpFetcher(httpSettings({ timeoutMs: TIMEOUT_MS }));
    cleanups.push(() => server.close(), () => fetcher.close());
    const frontier = await open({ maxConcurrency: 1, minIntervalMs: INTERVAL_MS, jitterMs: 0 });
    await frontier.add([req(server.url('/a'))]);
    const deps = handTaskDeps(frontier, new DownloaderChain([], fetcher));

    for (let tries = 0; tries < 2; tries++) await runRequestTask(await nextLease(frontier), deps);

    // The second try sends /b, whose hop back to /a the first try had already sent.
    expect(server.requests.map((r) => r.path)).toEqual(['/a', '/b']);
    expect((await frontier.summary()).failedByReason).toEqual({ 'fetch/redirect-loop': 1 });
  });
});
