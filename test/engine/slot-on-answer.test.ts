// A host's slot is free once its answer has arrived, not once the middlewares have stored and judged it.
import { pino } from 'pino';
import { afterEach, expect, it } from 'vitest';
import type { CrawlResponse } from '../../src/core/response';
import { Spider } from '../../src/core/spider';
import { DownloaderChain } from '../../src/downloader/downloader-chain';
import { accept, type DownloaderMiddleware } from '../../src/downloader/middleware';
import { AckTracker } from '../../src/engine/ack-tracker';
import { runRequestTask } from '../../src/engine/request-task';
import { Stats } from '../../src/engine/stats';
import { UrlLengthLimit } from '../../src/engine/url-length-limit';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import type { SqliteFrontier } from '../../storage/sqlite/sqlite-frontier';
import { settingsSchema } from '../../src/settings/schema';
import { httpSettings } from '../fetch/fetch-test-helpers';
import { expectLease, openFrontier, req, tempDir } from '../frontier/frontier-fixture';
import { FixtureServer } from '../support/fixture-server';

class QuietSpider extends Spider {
  readonly name = 'shop';
  override async *parse(): AsyncGenerator<never> {}
}

/** Holds every response in processResponse until let go, as raw capture holds it for a compression and a commit. */
class HoldingMiddleware implements DownloaderMiddleware {
  readonly name = 'holding';
  private letGo!: () => void;
  private readonly released = new Promise<void>((resolve) => (this.letGo = resolve));
  private enteredWith!: (response: CrawlResponse) => void;
  /** Resolves with the first response the middleware holds. */
  readonly entered = new Promise<CrawlResponse>((resolve) => (this.enteredWith = resolve));

  async processResponse(_request: unknown, response: CrawlResponse) {
    this.enteredWith(response);
    await this.released;
    return accept(response);
  }

  release(): void {
    this.letGo();
  }
}

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
  const settings = settingsSchema.parse({});
  const stats = new Stats();
  const log = pino({ level: 'silent' });
  const task = runRequestTask(first, {
    spider: new QuietSpider(),
    settings,
    frontier,
    chain: new DownloaderChain([holding], fetcher),
    items: { process: () => Promise.reject(new Error('the spider yields no items')) },
    acks: new AckTracker(64, () => undefined),
    stats,
    log,
    runId: frontier.runId,
    shutdownSignal: new AbortController().signal,
    wake: () => undefined,
    storageFailed: (error) => {
      throw error;
    },
    loopWatch: null,
    urlLimit: new UrlLengthLimit(settings.urlLength.limit, stats, log),
  });
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
