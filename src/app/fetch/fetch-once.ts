// One request outside a crawl (`fetch`, `shell`, `parse`): the crawl's fetcher for the mode, through the crawl's proxies, judged by robots.txt, closed after.
import type { CrawlRequest, FetchMode } from '../../core/request';
import type { CrawlResponse } from '../../core/response';
import type { RequestSession } from '../../core/request-session';
import { FetchError } from '../../core/errors';
import { followedRequest } from '../../core/hop-request';
import { answerAfterHop, checkFollowedHop } from '../../downloader/followed-hop';
import { waitForSlot } from '../../fetch/hop-slot';
import { BrowserFetcher } from '../../fetch/browser-fetcher';
import { refreshTarget } from '../../../middlewares/meta-refresh';
import type { Fetcher, FetchOptions } from '../../fetch/fetcher';
import { HttpFetcher } from '../../fetch/http-fetcher';
import { hostKeyOf } from '../../politeness/host-key';
import { HostSessionPools } from '../../sessions/host-session-pools';
import { proxyEndpoints } from '../../sessions/proxy-endpoints';
import { sessionContextKey } from '../../sessions/session-context-key';
import type { Settings } from '../../settings/schema';
import { OneOffRobots } from './one-off-robots';
import { oneOffSlots } from './one-off-slots';

/**
 * These commands show "what a spider would see". With `sessions.proxyUrls` set, a crawl's requests all
 * leave through the proxies; sent direct, the page came from this machine's own address (which the
 * proxies hide) and could differ (a region's prices, a block). So the request gets a session of its own,
 * in memory, on the first proxy; without proxies it goes as before, with no session.
 */
export async function fetchOnce(settings: Settings, request: CrawlRequest, mode: FetchMode): Promise<CrawlResponse> {
  const keyOf = (url: string) => hostKeyOf(url, settings.politeness.hostKey);
  const fetcher = mode === 'browser' ? new BrowserFetcher(settings.browser, { contextKeyOf: sessionContextKey(keyOf) }) : new HttpFetcher(settings.http);
  // robots.txt always over HTTP, as in a crawl (fetch-robots.ts).
  const robotsFetcher = settings.robots.obey && mode === 'browser' ? new HttpFetcher(settings.http) : fetcher;
  try {
    request.session = await proxiedSession(settings, keyOf(request.url));
    const robots = settings.robots.obey ? new OneOffRobots(settings, robotsFetcher, request) : null;
    const maxTries = settings.http.maxRedirects + 1;
    // Its redirect and refresh hops wait for their host's next slot, as in a crawl.
    const slots = oneOffSlots(settings, request, keyOf);
    let response = await fetchJudged(fetcher, request, robots, maxTries, slots);
    // Refreshes are followed as in a crawl (middlewares/meta-refresh.ts), or these showed the interstitial.
    for (let hop = refreshTarget(request, response, settings.metaRefresh, keyOf(response.url)); hop; hop = refreshTarget(request, response, settings.metaRefresh, keyOf(response.url))) {
      if ('refused' in hop) throw new FetchError('FETCH_BAD_REDIRECT', hop.refused);
      checkFollowedHop(response, hop.url, settings.http.maxRedirects);
      const followed = followedRequest(request, response.url, hop.url);
      await waitForSlot(hop.url, settings.http.timeoutMs, slots);
      response = answerAfterHop(request, response, await fetchJudged(fetcher, followed, robots, maxTries, slots));
    }
    return response;
  } finally {
    await fetcher.close();
    if (robotsFetcher !== fetcher) await robotsFetcher.close();
  }
}

/**
 * One fetch whose URL and every redirect hop robots.txt judges before they are sent (a crawl's
 * checkRedirect). Chromium follows redirects itself and cannot wait for a file inside a hop: a hop to an
 * origin not read yet stops the fetch, that file is read, and the fetch goes again (each time with one
 * more origin known, at most `maxTries` times).
 */
async function fetchJudged(fetcher: Fetcher, request: CrawlRequest, robots: OneOffRobots | null, maxTries: number, slots: FetchOptions): Promise<CrawlResponse> {
  if (!robots) return fetcher.fetch(request, slots);
  await robots.load(request.url);
  robots.check(request.url);
  const options: FetchOptions = { ...slots, prepareHop: (_from, to) => robots.load(to), checkRedirect: (_from, to) => robots.check(to) };
  for (let tries = 1; ; tries++) {
    try {
      return await fetcher.fetch(request, options);
    } catch (error) {
      const pending = error instanceof FetchError && error.code === 'ROBOTS_PENDING' ? robots.takePending() : [];
      if (pending.length === 0 || tries >= maxTries) throw error;
      for (const origin of pending) await robots.load(origin);
    }
  }
}

function proxiedSession(settings: Settings, hostKey: string): Promise<RequestSession> | null {
  const { sessions } = settings;
  if (!sessions.enabled || sessions.proxyUrls.length === 0) return null;
  return new HostSessionPools({ config: sessions, proxies: proxyEndpoints(sessions.proxyUrls), store: null }).acquire(hostKey);
}
