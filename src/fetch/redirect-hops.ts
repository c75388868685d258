// Refuses a document's redirect hop to a host the page may not reach, before Chromium sends it; drops its speculation rules header.
import type { CDPSession, Page } from 'playwright-core';
import type { FetchError } from '../core/errors';
import { withoutRulesHeader } from './speculation-rules';

/** What decides for one page; `null` when nobody guards it (the hop goes, confinement closes the page). */
export interface HopJudge {
  /** Whether the page (its current guard) may reach `url`. */
  allows(url: string): boolean;
  /** Once `allows` passed, the caller's check of a hop of any document of the page (robots.txt): null, or why not. */
  checkDocument(from: string, to: string): FetchError | null;
  /**
   * Told of each refused hop; `mainFrame`: the page's own document, which then fails (as offsite/redirect,
   * or with `reason`, the caller's check's error; null when `allows` refused it).
   */
  refused(from: string, to: string, mainFrame: boolean, reason: FetchError | null): void;
}

interface PausedResponse {
  requestId: string;
  frameId: string;
  request: { url: string };
  responseStatusCode?: number;
  responseHeaders?: Array<{ name: string; value: string }>;
}

/**
 * Playwright's routes never see a redirect hop: Chromium follows a 3xx itself, so a shop URL that redirects
 * (a frame's src, a link a script follows, the request's own URL) reached any host before the page was
 * checked. A CDP session of the page's own pauses every document response (not subresources: a CDN's
 * redirects stay allowed as the CDN is), and a 3xx whose Location the guard refuses (off-site, or for the
 * document the caller's check: robots.txt) is failed as BlockedByClient there, so the next hop is
 * never requested. A document's `Speculation-Rules` header is dropped here (speculation-rules.ts). One
 * Node round trip per document.
 */
export async function guardRedirectHops(page: Page, judgeOf: () => HopJudge | null): Promise<void> {
  const session: CDPSession = await page.context().newCDPSession(page);
  const { frameTree } = (await session.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  const mainFrameId = frameTree.frame.id;
  session.on('Fetch.requestPaused', (event: PausedResponse) => {
    const target = redirectTarget(event);
    const judge = judgeOf();
    const mainFrame = event.frameId === mainFrameId;
    if (target !== null && judge) {
      const offsite = !judge.allows(target);
      const reason = offsite ? null : judge.checkDocument(event.request.url, target);
      if (offsite || reason) {
        judge.refused(event.request.url, target, mainFrame, reason);
        void session.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' }).catch(() => undefined);
        return;
      }
    }
    const headers = withoutRulesHeader(event.responseHeaders);
    if (headers === null) void session.send('Fetch.continueRequest', { requestId: event.requestId }).catch(() => undefined);
    else void session.send('Fetch.continueResponse', { requestId: event.requestId, responseCode: event.responseStatusCode, responseHeaders: headers }).catch(() => undefined);
  });
  await session.send('Fetch.enable', { patterns: [{ urlPattern: '*', resourceType: 'Document', requestStage: 'Response' }] });
}

/** The absolute URL a 3xx response sends its document to, or null for any other response. */
function redirectTarget(event: PausedResponse): string | null {
  const status = event.responseStatusCode ?? 0;
  if (status < 300 || status > 399) return null;
  const location = event.responseHeaders?.find((header) => header.name.toLowerCase() === 'location')?.value;
  if (!location) return null;
  try {
    return new URL(location, event.request.url).href;
  } catch {
    return null;
  }
}
