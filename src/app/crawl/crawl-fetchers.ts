// The crawl's fetchers: plain HTTP, and the browser started on first use, routed per request by its fetch mode.
import type { FetchMode } from '../../core/request';
import type { Stats } from '../../engine/stats';
import { BrowserFetcher } from '../../fetch/browser-fetcher';
import { FetchRouter, fetchModeResolver } from '../../fetch/fetch-router';
import { HttpFetcher } from '../../fetch/http-fetcher';
import { sessionContextKey } from '../../sessions/session-context-key';
import type { Settings } from '../../settings/schema';

export function crawlFetchers(settings: Settings, spiderFetchMode: FetchMode | undefined, stats: Stats, keyOf: (url: string) => string): { httpFetcher: HttpFetcher; fetcher: FetchRouter } {
  const httpFetcher = new HttpFetcher(settings.http);
  const fetcher = new FetchRouter({
    http: httpFetcher,
    browser: () => new BrowserFetcher(settings.browser, { stats, contextKeyOf: sessionContextKey(keyOf) }),
    modeFor: fetchModeResolver(settings, spiderFetchMode, keyOf),
    hostKeyOf: keyOf,
    stats,
    hopWaitMs: settings.http.timeoutMs,
  });
  return { httpFetcher, fetcher };
}
