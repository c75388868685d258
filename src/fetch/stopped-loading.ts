// Tells when a page's main frame stops loading: the only sign Chromium gives of a document whose script called window.stop().
import type { CDPSession, Page } from 'playwright-core';
import { pageSession } from './page-session';

/** Sessions whose Page domain is on (it reports the frame's loading state from then on). */
const enabled = new WeakSet<CDPSession>();

/**
 * Calls `listener` each time the page's main frame stops loading, until the returned function is called.
 * Resolves once it listens (commands sent on the session after that see the domain on). Playwright waits for DOMContentLoaded and load only, and neither comes for a
 * stopped document; its main answer never ends either (no requestfinished, no requestfailed).
 */
export async function onMainFrameStopped(page: Page, listener: () => void): Promise<() => void> {
  const session = await pageSession(page);
  const { frameTree } = (await session.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  const mainFrameId = frameTree.frame.id;
  const handler = (event: { frameId: string }) => {
    if (event.frameId === mainFrameId) listener();
  };
  session.on('Page.frameStoppedLoading', handler);
  if (!enabled.has(session)) {
    // Not awaited: the page's current renderer answers it, and one that a looping page holds (same-site pages share
    // it) answered never: the fetch waited its deadline out before its document could commit in another one.
    enabled.add(session);
    void session.send('Page.enable').catch(() => enabled.delete(session));
  }
  return () => session.off('Page.frameStoppedLoading', handler);
}
