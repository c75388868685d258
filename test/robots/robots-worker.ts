// Drives the robots.txt middleware as one crawl worker would, against real servers: ask, let the look-up finish, ask again.
import type { LookupFunction } from 'node:net';
import { pino } from 'pino';
import { CrawlRequest } from '../../src/core/request';
import { Spider } from '../../src/core/spider';
import type { DownloaderMiddleware, MiddlewareContext, RequestOutcome } from '../../src/downloader/middleware';
import { Stats } from '../../src/engine/stats';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { hostKeyOf } from '../../src/politeness/host-key';
import type { RobotsCache } from '../../src/robots/robots-cache';
import { settingsSchema, type Settings } from '../../src/settings/schema';
import { RobotsTxtMiddleware } from '../../middlewares/robots-txt';

class AnySpider extends Spider {
  readonly name = 'robots-worker';
}

export interface RobotsWorker {
  middleware: DownloaderMiddleware;
  stats: Stats;
  settings: Settings;
  /** The middleware's answer for `url` at `nowMs` (host key from `politeness.hostKey`). */
  ask(url: string, nowMs: number): Promise<RequestOutcome>;
  /** Asks until the answer is no longer "robots.txt is on its way", letting each look-up finish first. */
  decide(url: string, nowMs: number): Promise<RequestOutcome>;
  close(): Promise<void>;
}

export function robotsWorker(cache: RobotsCache, settingsInput: Record<string, unknown>, lookup?: LookupFunction): RobotsWorker {
  const settings = settingsSchema.parse({ politeness: { minIntervalMs: 0, jitterMs: 0 }, ...settingsInput });
  const fetcher = new HttpFetcher(settings.http, { lookup });
  const middleware = new RobotsTxtMiddleware(settings, fetcher, cache);
  const stats = new Stats();
  const ctx = (url: string, nowMs: number): MiddlewareContext => ({
    spider: new AnySpider(),
    settings,
    log: pino({ level: 'silent' }),
    stats,
    hostKey: hostKeyOf(url, settings.politeness.hostKey),
    nowMs: () => nowMs,
  });
  const ask = async (url: string, nowMs: number) => middleware.processRequest!(new CrawlRequest({ url }), ctx(url, nowMs));
  return {
    middleware,
    stats,
    settings,
    ask,
    async decide(url, nowMs) {
      let atMs = nowMs;
      for (let i = 0; i < 20; i++) {
        const outcome = await ask(url, atMs);
        if (outcome.type !== 'defer' || outcome.reason !== 'robots/wait') return outcome;
        await middleware.close!(); // every look-up started so far has finished
        atMs = Math.max(atMs, outcome.untilMs);
      }
      throw new Error(`robots.txt of ${url} never became known`);
    },
    async close() {
      await middleware.close!();
      await fetcher.close();
    },
  };
}
