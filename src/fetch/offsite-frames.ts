// Removes the frames of a page that ended on a host it may not reach, before the callback sees the page.
import type { Page } from 'playwright-core';
import type { Stats } from '../engine/stats';

/**
 * A frame can still reach another host through a redirect of an allowed URL (hops are not routed).
 * Its element is removed from the page before the callback sees it; about:blank and other local
 * frames stay (page scripts use them).
 */
export async function removeOffsiteFrames(page: Page, allows: (url: string) => boolean, stats?: Stats): Promise<void> {
  for (const frame of page.frames()) {
    if (frame === page.mainFrame() || frame.isDetached() || !isWeb(frame.url()) || allows(frame.url())) continue;
    const element = await frame.frameElement().catch(() => null);
    if (!element) continue; // its parent went first
    await element.evaluate((node) => node.remove()).catch(() => undefined);
    stats?.inc('browser/offsite/frame-removed');
  }
}

/** An http(s) URL: a document or part of the web, not about:, data:, blob: or Chromium's error page. */
export function isWeb(url: string): boolean {
  return /^https?:/i.test(url);
}
