// A project middleware's markBlocked holds the host as the block rules' own pages do: no send of the host goes out before the breaker has judged the marked answer.
import { describe, expect, it } from 'vitest';
import type { CrawlResponse } from '../../src/core/response';
import { DownloaderChain } from '../../src/downloader/downloader-chain';
import { accept, type DownloaderMiddleware } from '../../src/downloader/middleware';
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
const breaker: BreakerOptions = { config: { ...settings.breaker, threshold: 1, cooldownMs: 60_000 }, probeTimeoutMs: 60_000 };
const { backends, cleanups } = gatedFrontiers(breaker);

/** A team's soft block: a 200 whose only sign is an attribute no block rule knows, marked by the project's middleware. */
const softBlock: DownloaderMiddleware = {
  name: 'soft-block',
  processResponse(_request, response: CrawlResponse) {
    if (response.text.includes('data-soft-block')) response.markBlocked('team/soft-block');
    return accept(response);
  },
};

describe.each(backends)('a send while an answer a project middleware marked blocked is judged (%s frontier)', (_name, open) => {
  it('waits for the judgement and finds the breaker the mark opened: the server never gets it', async () => {
    const server = await FixtureServer.start({ builtInRoutes: false });
    let sawSecond!: () => void;
    const secondArrived = new Promise<void>((resolve) => (sawSecond = resolve));
    server.route('/first', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<div data-soft-block="1">one moment</div>'));
    server.route('/second', (_req, res) => {
      sawSecond();
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>second</p>');
    });
    const fetcher = new HttpFetcher(httpSettings());
    cleanups.push(() => server.close(), () => fetcher.close());
    const frontier = await open({ maxConcurrency: 2, minIntervalMs: 0, jitterMs: 0 });
    await frontier.add([req(server.url('/first')), req(server.url('/second'))]);

    let heldSend!: () => void;
    const sendHeld = new Promise<void>((resolve) => (heldSend = resolve));
    // Answers run the list backwards: the mark, then a hold (raw capture's commit), then the breaker.
    const holding = new HoldingMiddleware();
    const deps = handTaskDeps(frontier, new DownloaderChain([crawlBreaker(frontier), holding, softBlock], fetcher), new HostJudgements(heldSend));

    const first = runRequestTask(expectLease(await frontier.next(Date.now())), deps);
    expect((await holding.entered).blockedBy).toBe('team/soft-block');
    const secondLease = expectLease(await frontier.next(Date.now()));
    const second = runRequestTask(secondLease, deps);
    // Let the judgement go once the second request either reached the server or was held: no timing involved.
    await Promise.race([secondArrived, sendHeld]);
    holding.release();
    await Promise.all([first, second]);

    expect(server.requests.map((r) => r.path)).toEqual(['/first']);
    expect(frontier.gate.breaker(secondLease.hostKey).state).toBe('open');
  });
});
