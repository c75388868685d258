// A host's slot is free once its answer has arrived, not once the middlewares have stored and judged it.
import { afterEach, expect, it } from 'vitest';
import { DownloaderChain } from '../../src/downloader/downloader-chain';
import { runRequestTask } from '../../src/engine/request-task';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import type { SqliteFrontier } from '../../storage/sqlite/sqlite-frontier';
import { httpSettings } from '../fetch/fetch-test-helpers';
import { expectLease, openFrontier, req, tempDir } from '../frontier/frontier-fixture';
import { FixtureServer } from '../support/fixture-server';
import { handTaskDeps, HoldingMiddleware } from '../support/holding-middleware';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function setUp(firstStatus: number) {
  const server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/first', (_req, res) => {
    res.writeHead(firstStatus, { 'content-type': 'text/html' }).end('<p>first</p>');
  });
  server.route('/second', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>second</p>');
  });
  const tmp = tempDir();
  const { frontier } = openFrontier(tmp.dir, { maxConcurrency: 1, minIntervalMs: 0 });
  const fetcher = new HttpFetcher(httpSettings());
  cleanups.push(() => server.close(), tmp.cleanup, () => frontier.close(), () => fetcher.close());
  await frontier.add([req(server.url('/first')), req(server.url('/second'))]);
  const holding = new HoldingMiddleware();
  const first = expectLease(frontier.next(Date.now()));
  const task = runRequestTask(first, handTaskDeps(frontier, new DownloaderChain([holding], fetcher)));
  await holding.entered;
  return { frontier, holding, task };
}

async function finish(frontier: SqliteFrontier, holding: HoldingMiddleware, task: Promise<void>): Promise<void> {
  holding.release();
  await task;
  frontier.flush();
}

it('frees the host slot when a plain answer arrives, while the middlewares still hold it', async () => {
  const { frontier, holding, task } = await setUp(200);
  // One request per host at a time, and the first one's answer is still in the middlewares:
  // the host's next request may go now, since the first is no longer in flight at the host.
  const second = expectLease(frontier.next(Date.now()));
  expect(second.request.url).toMatch(/\/second$/);
  second.cancelReservation();
  await finish(frontier, holding, task);
});

it('keeps the slot for an answer that may pause the host until the middlewares decided', async () => {
  const { frontier, holding, task } = await setUp(429);
  // A 429 may carry a pause (Retry-After, a breaker that opens): nothing goes to the host before it is read.
  expect(frontier.next(Date.now())).toEqual({ type: 'wait', atMs: Number.POSITIVE_INFINITY });
  await finish(frontier, holding, task);
  const second = expectLease(frontier.next(Date.now()));
  expect(second.request.url).toMatch(/\/second$/);
});
