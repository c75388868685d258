// A 200 block page (a challenge the breaker counts) keeps its host slot while judged, as an error answer does; a request following its refresh is not held by another's.
import { describe, expect, it } from 'vitest';
import { MetaRefreshMiddleware } from '../../middlewares/meta-refresh';
import type { CrawlResponse } from '../../src/core/response';
import { DownloaderChain } from '../../src/downloader/downloader-chain';
import { accept, type DownloaderMiddleware } from '../../src/downloader/middleware';
import { runRequestTask } from '../../src/engine/request-task';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import type { BreakerOptions } from '../../src/politeness/breaker-board';
import { settingsSchema } from '../../src/settings/schema';
import { httpSettings } from '../fetch/fetch-test-helpers';
import { expectLease, req } from '../frontier/frontier-fixture';
import { CHALLENGE_PAGE, crawlBreaker, gatedFrontiers } from '../support/gated-frontiers';
import { FixtureServer } from '../support/fixture-server';
import { handTaskDeps, HoldingMiddleware } from '../support/holding-middleware';

const settings = settingsSchema.parse({});
const breaker: BreakerOptions = { config: { ...settings.breaker, threshold: 1, cooldownMs: 60_000 }, probeTimeoutMs: 60_000 };
const { backends, cleanups } = gatedFrontiers(breaker);

/** Holds the first `count` answers until all of them arrived; later ones pass. */
class Barrier implements DownloaderMiddleware {
  readonly name = 'barrier';
  private entered = 0;
  private letGo!: () => void;
  private readonly allIn = new Promise<void>((resolve) => (this.letGo = resolve));

  constructor(private readonly count: number) {}

  async processResponse(_request: unknown, response: CrawlResponse) {
    if (this.entered >= this.count) return accept(response);
    if (++this.entered === this.count) this.letGo();
    await this.allIn;
    return accept(response);
  }
}

async function shop(pages: Record<string, string>) {
  const server = await FixtureServer.start({ builtInRoutes: false });
  for (const [path, body] of Object.entries(pages)) server.route(path, (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(body));
  const fetcher = new HttpFetcher(httpSettings());
  cleanups.push(() => server.close(), () => fetcher.close());
  return { server, fetcher };
}

describe.each(backends)('a 200 block page being judged (%s frontier)', (_name, open) => {
  it('keeps its slot, as an error answer does: one request per host picks nothing meanwhile', async () => {
    const { server, fetcher } = await shop({ '/first': CHALLENGE_PAGE, '/second': '<p>second</p>' });
    const frontier = await open({ maxConcurrency: 1, minIntervalMs: 0, jitterMs: 0 });
    await frontier.add([req(server.url('/first')), req(server.url('/second'))]);
    const holding = new HoldingMiddleware();
    const first = runRequestTask(expectLease(await frontier.next(Date.now())), handTaskDeps(frontier, new DownloaderChain([crawlBreaker(frontier), holding], fetcher)));
    expect((await holding.entered).status).toBe(200);
    // Freed on arrival, the slot went to /second while the breaker had not yet opened.
    expect((await frontier.next(Date.now())).type).toBe('wait');
    holding.release();
    await first;
    expect(server.requests.map((r) => r.path)).toEqual(['/first']);
  });

  it('each of two answered together follows its own refresh: a hop is not held by another answer\'s judgement', async () => {
    const refreshing = (to: string) => CHALLENGE_PAGE.replace('<head>', `<head><meta http-equiv="refresh" content="0; url=${to}">`);
    const { server, fetcher } = await shop({ '/a': refreshing('/a-done'), '/b': refreshing('/b-done'), '/a-done': '<p>a</p>', '/b-done': '<p>b</p>' });
    const frontier = await open({ maxConcurrency: 2, minIntervalMs: 0, jitterMs: 0 });
    await frontier.add([req(server.url('/a')), req(server.url('/b'))]);
    // Neither answer goes on to its refresh before both arrived: both are being judged at once. Held on, each
    // hop waited for the other's judgement until the fetches timed out.
    const deps = handTaskDeps(frontier, new DownloaderChain([crawlBreaker(frontier), new MetaRefreshMiddleware(settings.metaRefresh), new Barrier(2)], fetcher));
    const tasks = [runRequestTask(expectLease(await frontier.next(Date.now())), deps), runRequestTask(expectLease(await frontier.next(Date.now())), deps)];
    await Promise.all(tasks);
    expect(server.requests.map((r) => r.path).sort()).toEqual(['/a', '/a-done', '/b', '/b-done']);
  });
});
