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
import { openOneOffChain, type OneOffChain, type OneOffChainArgs } from './one-off-chain';
import { OneOffRobots } from './one-off-robots';
import { oneOffSlots } from './one-off-slots';

/**
 * These commands show "what a spider would see". With `sessions.proxyUrls` set, a crawl's requests all
 * leave through the proxies; sent direct, the page came from this machine's own address (which the
 * proxies hide) and could differ (a region's prices, a block). So the request gets a session of its own,
 * in memory, on the first proxy; without proxies it goes as before, with no session.
 */
export async function fetchOnce(settings: Settings, request: CrawlRequest, mode: FetchMode, through: OneOffMiddlewares | null = null): Promise<CrawlResponse> {
  const keyOf = (url: string) => hostKeyOf(url, settings.politeness.hostKey);
  const fetcher = mode === 'browser' ? new BrowserFetcher(settings.browser, { contextKeyOf: sessionContextKey(keyOf) }) : new HttpFetcher(settings.http);
  // robots.txt always over HTTP, as in a crawl (fetch-robots.ts).
  const robotsFetcher = settings.robots.obey && mode === 'browser' ? new HttpFetcher(settings.http) : fetcher;
  let chain: OneOffChain | null = null;
  try {
    request.session = await proxiedSession(settings, keyOf(request.url));
    const robots = settings.robots.obey ? new OneOffRobots(settings, robotsFetcher, request) : null;
    const maxTries = settings.http.maxRedirects + 1;
    // Its redirect and refresh hops wait for their host's next slot, as in a crawl.
    const slots = oneOffSlots(settings, request, keyOf);
    let sends = 0;
    const sendJudged = async (sent: CrawlRequest, options: FetchOptions = {}) => {
      // A middleware's retry sends the request again: in its host's next slot, as a crawl would (hops wait below).
      if (sent === request && sends++ > 0) await waitForSlot(sent.url, settings.http.timeoutMs, slots);
      return fetchJudged(fetcher, sent, robots, maxTries, { ...slots, ...options });
    };
    chain = through && through.middlewares.length > 0 ? await openOneOffChain({ settings, ...through, send: sendJudged }) : null;
    const send = chain ? chain.send : sendJudged;
    let response = await send(request);
    // Refreshes are followed as in a crawl (middlewares/meta-refresh.ts), or these showed the interstitial.
    for (let hop = refreshTarget(request, response, settings.metaRefresh, keyOf(response.url)); hop; hop = refreshTarget(request, response, settings.metaRefresh, keyOf(response.url))) {
      if ('refused' in hop) throw new FetchError('FETCH_BAD_REDIRECT', hop.refused);
      checkFollowedHop(response, hop.url, settings.http.maxRedirects);
      const followed = followedRequest(request, response.url, hop.url);
      await waitForSlot(hop.url, settings.http.timeoutMs, slots);
      response = answerAfterHop(request, response, await send(followed));
    }
    return response;
  } finally {
    await chain?.close();
    await fetcher.close();
    if (robotsFetcher !== fetcher) await robotsFetcher.close();
  }
}

/** The spider and the project's downloader middlewares a one-off request goes through (one-off-chain.ts). */
export type OneOffMiddlewares = Pick<OneOffChainArgs, 'spider' | 'middlewares'>;

/**
 * One fetch whose URL and every redirect hop robots.txt judges before they are sent (a crawl's
 * checkRedirect). Chromium follows redirects itself and cannot wait for a file inside a hop: a hop to an
 * origin not read yet stops the fetch, that file is read, and the fetch goes again (each time with one
 * more origin known, at most `maxTries` times).
 */
async function fetchJudged(fetcher: Fetcher, request: CrawlRequest, robots: OneOffRobots | null, maxTries: number, given: FetchOptions): Promise<CrawlResponse> {
  if (!robots) return fetcher.fetch(request, given);
  await robots.load(request.url);
  robots.check(request.url);
  // After the hop checks of the project's middlewares, when the request goes through them (one-off-chain.ts).
  const options: FetchOptions = {
    ...given,
    prepareHop: async (from, to, deadline) => {
      await given.prepareHop?.(from, to, deadline);
      await robots.load(to);
    },
    checkRedirect: (from, to) => {
      given.checkRedirect?.(from, to);
      robots.check(to);
    },
  };
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
