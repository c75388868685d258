// Picks the HTTP or the browser fetcher per request (request > host > spider > project), launching Chromium lazily.
import { FetchError } from '../core/errors';
import { followedRequest } from '../core/hop-request';
import type { CrawlRequest, FetchMode } from '../core/request';
import type { CrawlResponse } from '../core/response';
import type { Stats } from '../engine/stats';
import type { Settings } from '../settings/schema';
import type { Fetcher, FetchOptions } from './fetcher';
import { waitForSlot } from './hop-slot';

export interface FetchRouterOptions {
  http: Fetcher;
  /** Called once, on the first browser request: an all-HTTP crawl never starts Chromium. */
  browser: () => Fetcher;
  modeFor: (request: CrawlRequest) => FetchMode;
  hostKeyOf: (url: string) => string;
  /** Counts `fetch/mode/<mode>/<host>` so the summary can show which fetcher each host used. */
  stats?: Stats;
  /** Longest a redirect handed to the browser may wait for its target host's slot (the HTTP timeout, as for any hop). */
  hopWaitMs?: number;
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
    if (mode === 'http') return this.fetchOverHttp(request, fetchOptions);
    return this.browserFetch().fetch(request, fetchOptions);
  }

  private browserFetch(): Fetcher {
    this.browser ??= this.options.browser();
    return this.browser;
  }

  /**
   * A redirect of an HTTP page to a host whose pages need the browser is the browser's to load: followed over
   * HTTP, that host's server-side HTML was stored, its placeholder or stale price where its script writes the
   * live one (measured: 9.99 stored where the page shows 1.77). The HTTP fetch stops before that hop, once the
   * hop passed every check (offsite, robots.txt); the hop waits for its host's slot and Chromium loads it (and
   * follows whatever redirects it meets there), and the answer lists the HTTP hops before it.
   */
  private async fetchOverHttp(request: CrawlRequest, options: FetchOptions = {}): Promise<CrawlResponse> {
    const hops = [request.url];
    let handover: { from: string; to: string } | null = null;
    const checkRedirect = (from: string, to: string) => {
      options.checkRedirect?.(from, to);
      if (this.options.modeFor(followedRequest(request, from, to)) === 'browser') {
        handover = { from, to };
        throw new FetchError('FETCH_FAILED', `redirect from ${from} to ${to} is handed to the browser`);
      }
      hops.push(to);
    };
    try {
      return await this.options.http.fetch(request, { ...options, checkRedirect });
    } catch (error) {
      if (handover === null) throw error;
    }
    const { from, to } = handover as { from: string; to: string };
    this.options.stats?.inc(`fetch/mode/browser/${this.options.hostKeyOf(to)}`);
    await waitForSlot(to, this.options.hopWaitMs ?? 30_000, options);
    const response = await this.browserFetch().fetch(followedRequest(request, from, to), options);
    return response.reachedFrom(request, hops);
  }

  async close(): Promise<void> {
    await Promise.all([this.options.http.close(), this.browser?.close()]);
  }
}
