// A session for one fetch made without one: no proxy, and a cookie jar that lives as long as that fetch.
import { EventEmitter } from 'node:events';
import type { SessionPool } from '@crawlee/core';
import { crawleeCore } from '../core/crawlee';
import type { RequestSession } from '../core/request-session';
import { storeSetCookies } from './cookie-limits';

/**
 * "Set a cookie and redirect to yourself" is how a cookie check works (testcookie-nginx-module, consent
 * and region gates): the second visit carries the cookie and gets the answer. A fetch with no session sent
 * none, so its second visit looked like its first and the fetcher stopped it as a redirect loop. With this
 * jar a cookie set on one hop goes with the next ones (to the hosts the cookie names), and nothing is kept
 * after the fetch. The Crawlee session is only its cookie jar: it is in no pool and never retired.
 */
export function fetchJarSession(): RequestSession {
  const session = new crawleeCore.Session({ sessionPool: new EventEmitter() as unknown as SessionPool });
  return {
    id: session.id,
    proxyId: null,
    proxyUrl: null,
    cookieHeader: (url) => session.getCookieString(url),
    storeCookies: (url, setCookie) => storeSetCookies(session.cookieJar, url, setCookie),
    proxyFailed: () => undefined,
  };
}
