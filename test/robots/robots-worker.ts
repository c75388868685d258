// Drives the robots.txt middleware as one crawl worker would, against real servers: ask, let the look-up finish, ask again.
import type { LookupFunction } from 'node:net';
import { pino } from 'pino';
import type { FetchError } from '../../src/core/errors';
import { CrawlRequest } from '../../src/core/request';
import { Spider } from '../../src/core/spider';
import { DownloaderChain, type DownloadOptions, type DownloadResult } from '../../src/downloader/downloader-chain';
import type { DownloaderMiddleware, MiddlewareContext, RequestOutcome } from '../../src/downloader/middleware';
import { Stats } from '../../src/engine/stats';
import type { Fetcher } from '../../src/fetch/fetcher';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { hostKeyOf } from '../../src/politeness/host-key';
import type { HostGateView } from '../../src/ports/host-gate';
import type { RobotsCache } from '../../src/ports/robots-cache';
import { settingsSchema, type Settings } from '../../src/settings/schema';
import { RobotsTxtMiddleware } from '../../middlewares/robots-txt';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GroupCommit } from '../../storage/sqlite/group-commit';
import { breakerOptionsFromSettings } from '../../src/politeness/breaker-board';
import { policyFromSettings } from '../../src/politeness/host-policy';
import { HostSlots } from '../../src/politeness/host-slots';
import { openFrontierDb } from '../../storage/sqlite/open-frontier-db';
import { SqliteHostGate } from '../../storage/sqlite/sqlite-host-gate';

class AnySpider extends Spider {
  readonly name = 'robots-worker';
}

export interface RobotsWorker {
  middleware: DownloaderMiddleware;
  stats: Stats;
  settings: Settings;
  /** The context the middleware is given for a request of `url` (its hooks called as the chain calls them). */
  context(url: string, nowMs: number | (() => number)): MiddlewareContext;
  /** The middleware's answer for `url` at `nowMs`, or on a clock the test moves (host key from `politeness.hostKey`). */
  ask(url: string, nowMs: number | (() => number)): Promise<RequestOutcome>;
  /** When the host gate lets the host of `url` have its next request. */
  nextOpenAtMs(url: string, nowMs: number): number | undefined;
  /** The host gate's view of the host of `url` (its interval in force and why). */
  gateView(url: string, nowMs: number): HostGateView | undefined;
  /** What `checkRedirect` throws for a hop (or a browser page's part) of `request` to `to`, null when it lets it go. */
  checkHop(request: CrawlRequest, to: string, nowMs: number): FetchError | null;
  /** Asks until the answer is no longer "robots.txt is on its way", letting each look-up finish first. */
  decide(url: string, nowMs: number): Promise<RequestOutcome>;
  /** The same through a chain of just this middleware and a real fetcher (the pages' one when given): the URL fetched when allowed. */
  download(url: string, nowMs: number | (() => number), options?: DownloadOptions): Promise<DownloadResult>;
  close(): Promise<void>;
}

/** `pageFetcher`: what fetches the pages (a browser), while robots.txt goes over HTTP as in a crawl. */
export function robotsWorker(cache: RobotsCache, settingsInput: Record<string, unknown>, lookup?: LookupFunction, pageFetcher?: Fetcher): RobotsWorker {
  const settings = settingsSchema.parse({ politeness: { minIntervalMs: 0, jitterMs: 0 }, ...settingsInput });
  const fetcher = new HttpFetcher(settings.http, { lookup });
  // A real in-process host gate on a throwaway frontier database: what the embedded crawl gives the middleware.
  const dir = mkdtempSync(join(tmpdir(), 'pc-robots-gate-'));
  const db = openFrontierDb(dir);
  const gate = new SqliteHostGate(db, 'robots-worker', new GroupCommit(db), new HostSlots({ policyFor: policyFromSettings(settings.politeness) }), breakerOptionsFromSettings(settings));
  const middleware = new RobotsTxtMiddleware(settings, fetcher, cache, gate);
  const stats = new Stats();
  const ctx = (url: string, nowMs: number | (() => number)): MiddlewareContext => ({
    spider: new AnySpider(),
    settings,
    log: pino({ level: 'silent' }),
    stats,
    hostKey: hostKeyOf(url, settings.politeness.hostKey),
    nowMs: typeof nowMs === 'number' ? () => nowMs : nowMs,
    schedule: () => undefined,
  });
  const ask = async (url: string, nowMs: number | (() => number)) => middleware.processRequest!(new CrawlRequest({ url }), ctx(url, nowMs));
  const chain = new DownloaderChain([middleware], pageFetcher ?? fetcher);
  const gateView = (url: string, nowMs: number) => gate.snapshot(nowMs).find((view) => view.hostKey === hostKeyOf(url, settings.politeness.hostKey));
  /** Repeats `step` while robots.txt is on its way, letting each look-up finish first. */
  async function untilKnown<T extends { type: string; reason?: string; untilMs?: number }>(url: string, nowMs: number | (() => number), step: (atMs: number | (() => number)) => Promise<T>): Promise<T> {
    let atMs = nowMs;
    for (let i = 0; i < 20; i++) {
      const outcome = await step(atMs);
      if (outcome.type !== 'defer' || outcome.reason !== 'robots/wait') return outcome;
      await middleware.close!(); // every look-up started so far has finished
      // A clock the test moves stays the test's; a fixed time moves on to when the answer said to ask again.
      if (typeof atMs === 'number') atMs = Math.max(atMs, outcome.untilMs!);
    }
    throw new Error(`robots.txt for ${url} never became known`);
  }
  return {
    middleware,
    stats,
    settings,
    context: ctx,
    ask,
    checkHop(request, to, nowMs) {
      try {
        middleware.checkRedirect!(request, request.url, to, ctx(request.url, nowMs));
        return null;
      } catch (error) {
        return error as FetchError;
      }
    },
    nextOpenAtMs: (url, nowMs) => gateView(url, nowMs)?.nextOpenAtMs,
    gateView,
    decide: (url, nowMs) => untilKnown(url, nowMs, (atMs) => ask(url, atMs)),
    download: (url, nowMs, options) => {
      const request = new CrawlRequest({ url });
      return untilKnown(url, nowMs, async (atMs) => (await chain.download(request, ctx(url, atMs), options)).result);
    },
    async close() {
      await middleware.close!();
      await fetcher.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
