// A host's other sends wait while an answer of it that may pause it (a 429 opening the breaker) is judged: nothing reaches the server meanwhile.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CircuitBreakerMiddleware } from '../../middlewares/circuit-breaker';
import { DownloaderChain } from '../../src/downloader/downloader-chain';
import { HostJudgements } from '../../src/engine/host-judgements';
import { runRequestTask } from '../../src/engine/request-task';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import type { BreakerOptions } from '../../src/politeness/breaker-board';
import { systemClock } from '../../src/politeness/clock';
import type { Frontier } from '../../src/ports/frontier';
import type { HostGate } from '../../src/ports/host-gate';
import { settingsSchema } from '../../src/settings/schema';
import { httpSettings } from '../fetch/fetch-test-helpers';
import { expectLease, openFrontier, openRedisWorker, req, tempDir } from '../frontier/frontier-fixture';
import { FixtureServer } from '../support/fixture-server';
import { handTaskDeps, HoldingMiddleware } from '../support/holding-middleware';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';

const settings = settingsSchema.parse({});
// One throttling answer opens the breaker, for a minute: a request let out in that minute is the race.
const breaker: BreakerOptions = { config: { ...settings.breaker, threshold: 1, cooldownMs: 60_000 }, probeTimeoutMs: 60_000 };
const policy = { maxConcurrency: 2, minIntervalMs: 0, jitterMs: 0 };

let redis: RedisTestServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => redis.stop());
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

type GatedFrontier = Frontier & { gate: HostGate };
const backends: Array<[string, () => Promise<GatedFrontier>]> = [
  ['embedded', async () => {
    const tmp = tempDir();
    const { frontier } = openFrontier(tmp.dir, policy, { clock: systemClock, breaker });
    cleanups.push(tmp.cleanup, () => frontier.close());
    return frontier;
  }],
  ['redis', async () => {
    const frontier = await openRedisWorker(redis.url, `held-${Date.now()}`, { policy, leaseTtlMs: 60_000, breaker });
    cleanups.push(() => frontier.close());
    return frontier;
  }],
];

describe.each(backends)('a send while a 429 of its host is judged (%s frontier)', (_name, open) => {
  it('waits for the judgement and finds the breaker it opened: the server never gets it', async () => {
    const server = await FixtureServer.start({ builtInRoutes: false });
    let sawSecond!: () => void;
    const secondArrived = new Promise<void>((resolve) => (sawSecond = resolve));
    server.route('/first', (_req, res) => void res.writeHead(429, { 'content-type': 'text/plain' }).end('slow down'));
    server.route('/second', (_req, res) => {
      sawSecond();
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>second</p>');
    });
    const fetcher = new HttpFetcher(httpSettings());
    cleanups.push(() => server.close(), () => fetcher.close());
    const frontier = await open();
    await frontier.add([req(server.url('/first')), req(server.url('/second'))]);

    let heldSend!: () => void;
    const sendHeld = new Promise<void>((resolve) => (heldSend = resolve));
    const holding = new HoldingMiddleware();
    const breakerMiddleware = new CircuitBreakerMiddleware({ statuses: settings.breaker.statuses, gate: frontier.gate });
    const deps = handTaskDeps(frontier, new DownloaderChain([breakerMiddleware, holding], fetcher), new HostJudgements(heldSend));

    const first = runRequestTask(expectLease(await frontier.next(Date.now())), deps);
    expect((await holding.entered).status).toBe(429);
    // The 429 is in, still being judged (raw capture's compression and commit); the host's second slot is free.
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
