// Keeps a context shared by cookie-less sessions free of cookies: one a page left there goes to its session, and the context retires.
import type { Page, Response as PwResponse } from 'playwright-core';
import type { RequestSession } from '../core/request-session';

export interface CookieFreeWatch {
  /** After the page loaded: true when the context now holds cookies (the caller retires it). */
  check(session: RequestSession | null): Promise<boolean>;
}

/**
 * Starts before navigation. Checking costs one CDP call per page (`context.cookies()`); the page's own
 * responses are kept so that, in the rare case a cookie appeared, only the cookies this page was sent
 * (Set-Cookie) are given to its session, not ones a concurrent page of another session received.
 * A cookie set from script (document.cookie) retires the context but reaches no session's jar.
 */
export function watchCookieFree(page: Page, on: (event: 'response', listener: (response: PwResponse) => void) => void): CookieFreeWatch {
  const responses: PwResponse[] = [];
  let watching = true;
  // `on` is the fetcher's: the listener goes when the load ends, also when check is never reached.
  on('response', (response) => void (watching && responses.push(response)));
  return {
    async check(session) {
      watching = false;
      const cookies = await page.context().cookies();
      if (cookies.length === 0) return false;
      if (session) {
        for (const response of responses) {
          const setCookie = await response.headerValues('set-cookie').catch(() => []);
          if (setCookie.length > 0) session.storeCookies(response.url(), setCookie);
        }
      }
      return true;
    },
  };
}
