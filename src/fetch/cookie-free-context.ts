// Keeps a context shared by cookie-less sessions free of cookies: one a page left there goes to its session, and the context retires.
import type { Page, Response as PwResponse } from 'playwright-core';
import type { RequestSession } from '../core/request-session';
import { collectSetCookies } from './page-set-cookies';

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
  const setCookies = collectSetCookies(on);
  return {
    async check(session) {
      const cookies = await page.context().cookies();
      if (cookies.length === 0) {
        setCookies.stop();
        return false;
      }
      await setCookies.giveTo(session);
      return true;
    },
  };
}
