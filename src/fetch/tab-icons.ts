// Tells the icons Chromium fetches for a tab (a page's `<link rel=icon>`) from the page's own parts, and refuses them however the page goes.
import type { Browser } from 'playwright-core';

/**
 * Once a page loaded, Chromium's browser process fetches the icons its `<link rel=icon>` elements name, for the tab:
 * no part of the page, and never needed to read a price. Playwright aborts only a URL ending in `/favicon.ico`;
 * any other went to the shop (or a CDN under `offsiteSubresources: allow`) after every load, `blockResourceTypes:
 * image` notwithstanding, as DevTools types it "other" (measured with Chromium 150). Chromium asks for it as for an
 * image, with Blink's image Accept list, which none of the page's own requests typed "other" carries.
 */
export function isTabIcon(resourceType: string, headers: Record<string, string>): boolean {
  return resourceType === 'other' && (headers.accept ?? '').startsWith('image/');
}

/** Counted as each is refused, under every setting. */
export const TAB_ICON_BLOCKED = 'browser/tab-icon-blocked';

interface PausedRequest {
  requestId: string;
  resourceType: string;
  request: { headers: Record<string, string> };
}

const refusedIn = new WeakMap<Browser, Promise<void>>();

/**
 * The route refuses an icon only while its page's DevTools session lives: a page closed as its load ended (the
 * icon's request paused in the route, waiting for Node's verdict) had it sent by Chromium as the session went, the
 * default /favicon.ico past the session's blocklist too (2 of 120 pages closed four at a time). A session on the
 * browser itself outlives every page: it pauses each request DevTools types "Other" (few: no page part is) and
 * refuses the icons among them. Once per browser.
 */
export function refuseTabIcons(browser: Browser): Promise<void> {
  let refused = refusedIn.get(browser);
  if (refused === undefined) {
    refused = browser.newBrowserCDPSession().then(async (session) => {
      session.on('Fetch.requestPaused', (event: PausedRequest) => {
        const headers = Object.fromEntries(Object.entries(event.request.headers).map(([name, value]) => [name.toLowerCase(), value]));
        const verdict = isTabIcon(event.resourceType.toLowerCase(), headers)
          ? session.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' })
          : session.send('Fetch.continueRequest', { requestId: event.requestId });
        // A request whose page went meanwhile is gone from Chromium too: nothing left to answer.
        verdict.catch(() => undefined);
      });
      await session.send('Fetch.enable', { patterns: [{ urlPattern: '*', resourceType: 'Other', requestStage: 'Request' }] });
    });
    refusedIn.set(browser, refused);
  }
  return refused;
}
