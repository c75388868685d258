// The Set-Cookie headers of one page's own responses, handed to its session after the load.
import type { Response as PwResponse } from 'playwright-core';
import type { RequestSession } from '../core/request-session';

export interface PageSetCookies {
  /** Stops collecting, storing nothing. */
  stop(): void;
  /** Stops collecting and stores what the page's responses set in `session`'s jar; true when there was any. */
  giveTo(session: RequestSession | null): Promise<boolean>;
}

/**
 * Starts before navigation. The cookies go to the session as the site set them (Domain, Path, expiry),
 * through the same jar and limits as over HTTP. A cookie set from script (document.cookie) has no
 * header and reaches no jar.
 */
export function collectSetCookies(on: (event: 'response', listener: (response: PwResponse) => void) => void): PageSetCookies {
  const responses: PwResponse[] = [];
  let collecting = true;
  // `on` is the fetcher's: the listener goes when the load ends, also when giveTo is never reached.
  on('response', (response) => void (collecting && responses.push(response)));
  return {
    stop() {
      collecting = false;
      responses.length = 0;
    },
    async giveTo(session) {
      collecting = false;
      let any = false;
      for (const response of responses) {
        const setCookie = await response.headerValues('set-cookie').catch(() => []);
        if (setCookie.length === 0) continue;
        any = true;
        session?.storeCookies(response.url(), setCookie);
      }
      return any;
    },
  };
}
