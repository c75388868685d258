// The project's own downloader middlewares around one request of `fetch`, `parse` or `shell`, as a crawl sends through them.
import { setTimeout as delay } from 'node:timers/promises';
import { FetchError } from '../../core/errors';
import type { CrawlRequest } from '../../core/request';
import type { CrawlResponse } from '../../core/response';
import type { Spider } from '../../core/spider';
import { DownloaderChain, type DownloadResult } from '../../downloader/downloader-chain';
import type { DownloaderMiddleware, MiddlewareContext } from '../../downloader/middleware';
import { loadProjectMiddlewares } from '../../components/project-components';
import { orderMiddlewares } from '../../../middlewares/index';
import { openComponent } from '../../components/load-component';
import { Stats } from '../../engine/stats';
import type { Fetcher, FetchOptions } from '../../fetch/fetcher';
import { createLogger } from '../../log/logger';
import { hostKeyOf } from '../../politeness/host-key';
import type { Settings } from '../../settings/schema';

/**
 * The project's middlewares (`middlewares.add`), in the order a crawl gives them among themselves. The
 * built-ins stay out: these commands do robots.txt, proxies, redirects and refreshes themselves
 * (fetch-once.ts), and retry, breaker and throttle judge a run, not one request. Before, none ran: a page
 * that needs the project's signed header or cookie answered `parse` otherwise than the crawl (a 401, another
 * price), where Scrapy's `fetch` and `parse` run the project's middlewares.
 */
export async function projectMiddlewares(settings: Settings, projectRoot: string): Promise<DownloaderMiddleware[]> {
  const added = await loadProjectMiddlewares(settings, projectRoot);
  if (added.length === 0) return [];
  // Ordered among the built-ins, so a `before`/`after` naming one is checked as a crawl checks it, then taken alone.
  const byName = new Map(added.map((component) => [component.name, component.value]));
  return orderMiddlewares(settings, added).flatMap((component) => (component.origin === 'built-in' ? [] : [byName.get(component.name)!]));
}

export interface OneOffChainArgs {
  settings: Settings;
  spider: Spider;
  middlewares: readonly DownloaderMiddleware[];
  /** Sends one request (or a hop) the way the command sends it: robots.txt, proxies, slots. */
  send(request: CrawlRequest, options: FetchOptions): Promise<CrawlResponse>;
}

/** A sender through the middlewares: open before the first request, closed by `close()`. */
export interface OneOffChain {
  send(request: CrawlRequest): Promise<CrawlResponse>;
  close(): Promise<void>;
}

export async function openOneOffChain(args: OneOffChainArgs): Promise<OneOffChain> {
  const { settings, spider, middlewares } = args;
  const log = createLogger(settings.log);
  const stats = new Stats();
  const base = { spider, settings, log, stats, nowMs: () => Date.now() };
  const fetcher: Fetcher = { fetch: (request, options) => args.send(request, options ?? {}), close: async () => undefined };
  const chain = new DownloaderChain(middlewares, fetcher);
  for (const middleware of middlewares) await openComponent('middleware', middleware.name, () => middleware.open?.(base));
  const ctxFor = (request: CrawlRequest): MiddlewareContext => ({
    ...base,
    hostKey: hostKeyOf(request.url, settings.politeness.hostKey),
    // No frontier here: what a middleware plans is shown, as `parse` shows the requests a callback yields.
    schedule: (planned) => log.info({ url: planned.url, callback: planned.callback }, 'a middleware scheduled a request: a crawl would fetch it, this command does not'),
  });
  return {
    send: (request) => sendThrough(chain, request, ctxFor(request), settings),
    close: async () => {
      for (const middleware of middlewares) await middleware.close?.();
    },
  };
}

/**
 * One request through the chain. A retry is sent again while the request's attempts last (`retry.maxAttempts`),
 * after the wait it asked for, as a crawl would send it again; a deferral or a failure ends the command
 * with the middleware's reason, never with a page the crawl would not have handed to the spider.
 */
async function sendThrough(chain: DownloaderChain, request: CrawlRequest, ctx: MiddlewareContext, settings: Settings): Promise<CrawlResponse> {
  for (;;) {
    const { result } = await chain.download(request, ctx);
    if (result.type === 'response') return result.response;
    if (result.type !== 'retry' || request.attempt + 1 >= settings.retry.maxAttempts) throw refusal(result, request);
    request.attempt += 1;
    const waitMs = Math.max(0, (result.notBeforeMs ?? 0) - ctx.nowMs());
    if (waitMs > settings.http.timeoutMs) throw new FetchError('FETCH_FAILED', `a middleware asked to retry ${request.url} in ${waitMs} ms (${result.reason}); a crawl would send it again then, this command does not wait that long`);
    ctx.log.info({ url: request.url, reason: result.reason, attempt: request.attempt + 1, waitMs }, 'a middleware asked for a retry: sent again');
    if (waitMs > 0) await delay(waitMs);
  }
}

function refusal(result: Exclude<DownloadResult, { type: 'response' }>, request: CrawlRequest): FetchError {
  switch (result.type) {
    case 'retry':
      return new FetchError('FETCH_FAILED', `${request.url}: gave up after ${request.attempt + 1} sends (retry.maxAttempts); a middleware's last word: retry (${result.reason})`);
    case 'defer':
      return new FetchError('FETCH_FAILED', `${request.url}: a middleware deferred the request until ${new Date(result.untilMs).toISOString()} (${result.reason}); a crawl would send it then`);
    case 'fail':
      return new FetchError('FETCH_FAILED', `${request.url}: failed ${result.reason}${result.message ? ` (${result.message})` : ''}${result.status === undefined ? '' : `, HTTP ${result.status}`}`);
  }
}
