// Requests a component planned with `ctx.schedule` (a downloader middleware while its request was downloaded, an extension's idle hook): collected, then stored.
import { isBrandedRequest } from '../core/package-brand';
import type { CrawlRequest } from '../core/request';
import type { CrawlEventBus } from '../events/crawl-events';
import type { Frontier } from '../ports/frontier';
import { withinDepth } from './callback-runner';
import { RequestSink } from './request-sink';
import type { Stats } from './stats';
import type { UrlLengthLimit } from './url-length-limit';

export interface ScheduledRequestsDeps {
  frontier: Frontier;
  stats: Stats;
  addBatchSize: number;
  depthLimit: number;
  wake: () => void;
  events?: CrawlEventBus;
  urlLimit: UrlLengthLimit;
}

export class ScheduledRequests {
  private readonly requests: CrawlRequest[] = [];

  /** What `ctx.schedule` calls. A value that is no CrawlRequest throws, so the middleware's hook fails naming it. */
  readonly schedule = (request: CrawlRequest): void => {
    if (!isBrandedRequest(request)) {
      throw new TypeError(`ctx.schedule takes a CrawlRequest (new CrawlRequest({ url, callback: 'parseStock' }), imported from 'pricecrawl'); got ${describe(request)}`);
    }
    this.requests.push(request);
  };

  /** What was scheduled so far, handed over once (an extension's idle round yields them as seeds). */
  take(): CrawlRequest[] {
    return this.requests.splice(0);
  }

  /**
   * Stores what was scheduled, one link below the request being handled. Awaited before that request is
   * acknowledged, failed or put back: an ack first would lose them to a crash, as it would a page's links.
   */
  async store(parentDepth: number, deps: ScheduledRequestsDeps): Promise<void> {
    if (this.requests.length === 0) return;
    const sink = new RequestSink(deps.frontier, deps.stats, deps.addBatchSize, deps.wake, deps.events, deps.urlLimit);
    for (const request of this.take()) {
      if (!withinDepth(request, parentDepth, { stats: deps.stats, depthLimit: deps.depthLimit, events: deps.events })) continue;
      deps.stats.inc('requests/scheduled-by-middleware');
      await sink.push(request);
    }
    await sink.flush();
  }
}

function describe(value: unknown): string {
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? `the string ${JSON.stringify(value.slice(0, 80))}` : String(value);
  return `an object with ${Object.keys(value).slice(0, 5).join(', ') || 'no keys'}`;
}
