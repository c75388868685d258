// One request outside a crawl (`fetch`, `shell`, `parse`): the crawl's fetcher for the mode, through the crawl's proxies, closed after.
import type { CrawlRequest, FetchMode } from '../../core/request';
import type { CrawlResponse } from '../../core/response';
import type { RequestSession } from '../../core/request-session';
import { FetchError } from '../../core/errors';
import { answerAfterHop, checkFollowedHop, followedRequest } from '../../downloader/followed-hop';
import { waitForSlot } from '../../downloader/downloader-chain';
import { BrowserFetcher } from '../../fetch/browser-fetcher';
import { refreshTarget } from '../../../middlewares/meta-refresh';
import { HttpFetcher } from '../../fetch/http-fetcher';
import { hostKeyOf } from '../../politeness/host-key';
import { HostSessionPools } from '../../sessions/host-session-pools';
import { proxyEndpoints } from '../../sessions/proxy-endpoints';
import { sessionContextKey } from '../../sessions/session-context-key';
import type { Settings } from '../../settings/schema';
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
  try {
    request.session = await proxiedSession(settings, keyOf(request.url));
    // Its redirect and refresh hops wait for their host's next slot, as in a crawl.
    const options = oneOffSlots(settings, request, keyOf);
    let response = await fetcher.fetch(request, options);
    // Refreshes are followed as in a crawl (middlewares/meta-refresh.ts), or these showed the interstitial.
    for (let hop = refreshTarget(request, response, settings.metaRefresh, keyOf(response.url)); hop; hop = refreshTarget(request, response, settings.metaRefresh, keyOf(response.url))) {
      if ('refused' in hop) throw new FetchError('FETCH_BAD_REDIRECT', hop.refused);
      checkFollowedHop(response, hop.url, settings.http.maxRedirects);
      const followed = followedRequest(request, response, hop.url);
      await waitForSlot(hop.url, settings.http.timeoutMs, options);
      response = answerAfterHop(request, response, await fetcher.fetch(followed, options));
    }
    return response;
  } finally {
    await fetcher.close();
  }
}

function proxiedSession(settings: Settings, hostKey: string): Promise<RequestSession> | null {
  const { sessions } = settings;
  if (!sessions.enabled || sessions.proxyUrls.length === 0) return null;
  return new HostSessionPools({ config: sessions, proxies: proxyEndpoints(sessions.proxyUrls), store: null }).acquire(hostKey);
}
