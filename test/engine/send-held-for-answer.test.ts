// A host's other sends wait while an answer of it that may pause it (a 429, a 200 challenge page, opening the breaker) is judged: nothing reaches the server meanwhile.
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
import { CHALLENGE_PAGE, crawlBreaker, gatedFrontiers } from '../support/gated-frontiers';
import { FixtureServer } from '../support/fixture-server';
import { handTaskDeps, HoldingMiddleware } from '../support/holding-middleware';

const settings = settingsSchema.parse({});
// One throttling answer opens the breaker, for a minute: a request let out in that minute is the race.
const breaker: BreakerOptions = { config: { ...settings.breaker, threshold: 1, cooldownMs: 60_000 }, probeTimeoutMs: 60_000 };
const policy = { maxConcurrency: 2, minIntervalMs: 0, jitterMs: 0 };

const { backends, cleanups } = gatedFrontiers(breaker);
/** A team's soft block: a 200 whose only sign is an attribute no block rule knows, marked by the project's middleware. */
const softBlock: DownloaderMiddleware = {
  name: 'soft-block',
  processResponse(_request, response: CrawlResponse) {
    if (response.text.includes('data-soft-block')) response.markBlocked('team/soft-block');
    return accept(response);
  },
};

// A 200 block page freed its host on arrival and the second request reached the server before the breaker
// opened; a page a project middleware marked (after arrival) let it through too.
const answers: Array<[string, number, string, DownloaderMiddleware[]]> = [
  ['a 429', 429, 'slow down', []],
  ['a 200 challenge page', 200, CHALLENGE_PAGE, []],
  ['a 200 page a project middleware marks blocked', 200, '<div data-soft-block="1">one moment</div>', [softBlock]],
];
const cases = backends.flatMap(([name, open]) => answers.map(([answer, status, body, added]) => [answer, name, open, status, body, added] as const));

describe.each(cases)('a send while %s of its host is judged (%s frontier)', (_answer, _name, open, status, body, added) => {
  it('waits for the judgement and finds the breaker it opened: the server never gets it', async () => {
    const server = await FixtureServer.start({ builtInRoutes: false });
    let sawSecond!: () => void;
    const secondArrived = new Promise<void>((resolve) => (sawSecond = resolve));
    server.route('/first', (_req, res) => void res.writeHead(status, { 'content-type': 'text/html' }).end(body));
    server.route('/second', (_req, res) => {
      sawSecond();
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>second</p>');
    });
    const fetcher = new HttpFetcher(httpSettings());
    cleanups.push(() => server.close(), () => fetcher.close());
    const frontier = await open(policy);
    await frontier.add([req(server.url('/first')), req(server.url('/second'))]);

    let heldSend!: () => void;
    const sendHeld = new Promise<void>((resolve) => (heldSend = resolve));
    // Answers run the list backwards: a project's mark, the hold (raw capture's commit), then the breaker.
    const holding = new HoldingMiddleware();
    const deps = handTaskDeps(frontier, new DownloaderChain([crawlBreaker(frontier), holding, ...added], fetcher), new HostJudgements(heldSend));

    const first = runRequestTask(expectLease(await frontier.next(Date.now())), deps);
    expect((await holding.entered).status).toBe(status);
    // The answer is in, still being judged (raw capture's compression and commit); the host's second slot is free.
    const secondLease = expectLease(await frontier.next(Date.now()));
    expect(secondLease.request.url).toMatch(/\/second$/);
    const second = runRequestTask(secondLease, deps);
    // Let the judgement go once the second request either reached the server (it went before the breaker
    // opened) or was held for the judgement: whichever happens, it has happened, no timing involved.
    await Promise.race([secondArrived, sendHeld]);
    holding.release();
    await Promise.all([first, second]);

    expect(server.requests.map((r) => r.path)).toEqual(['/first']);
    expect(frontier.gate.breaker(secondLease.hostKey).state).toBe('open');
  });
});
