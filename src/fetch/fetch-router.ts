// Picks the HTTP or the browser fetcher per request (request > host > spider > project), launching Chromium lazily.
import type { CrawlRequest, FetchMode } from '../core/request';
import type { CrawlResponse } from '../core/response';
import type { Stats } from '../engine/stats';
import type { Settings } from '../settings/schema';
import type { Fetcher, FetchOptions } from './fetcher';

export interface FetchRouterOptions {
  http: Fetcher;
  /** Called once, on the first browser request: an all-HTTP crawl never starts Chromium. */
  browser: () => Fetcher;
  modeFor: (request: CrawlRequest) => FetchMode;
  hostKeyOf: (url: string) => string;
  /** Counts `fetch/mode/<mode>/<host>` so the summary can show which fetcher each host used. */
  stats?: Stats;
}

/** The most specific setting wins: the request, then the host's politeness entry, the spider, the project. */
export function fetchModeResolver(settings: Settings, spiderMode: FetchMode | undefined, hostKeyOf: (url: string) => string): (request: CrawlRequest) => FetchMode {
  return (request) => request.fetchMode ?? settings.politeness.hosts[hostKeyOf(request.url)]?.fetchMode ?? spiderMode ?? settings.fetchMode;
}

export class FetchRouter implements Fetcher {
  private browser: Fetcher | null = null;

  constructor(private readonly options: FetchRouterOptions) {}

  /** The browser fetcher if one was started (tests read its page counts). */
  get browserFetcher(): Fetcher | null {
    return this.browser;
  }

  fetch(request: CrawlRequest, fetchOptions?: FetchOptions): Promise<CrawlResponse> {
    const mode = this.options.modeFor(request);
    this.options.stats?.inc(`fetch/mode/${mode}/${this.options.hostKeyOf(request.url)}`);
    if (mode === 'http') return this.options.http.fetch(request, fetchOptions);
    this.browser ??= this.options.browser();
    return this.browser.fetch(request, fetchOptions);
  }

  async close(): Promise<void> {
    await Promise.all([this.options.http.close(), this.browser?.close()]);
  }
}
