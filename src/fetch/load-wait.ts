// Waits for a parsed page's load event, for a share of the page's time only: a part that never finishes must not cost the page.
import type { Page } from 'playwright-core';

/**
 * The load event waits for every script, style, image and frame of the document, wherever it comes from. A
 * shop embeds dozens from other hosts (a tag manager, a tracker, a chat widget), and one of them hanging, or
 * trickling a byte now and then, is common: the load never came, and the page, its price rendered long
 * before, failed `fetch/timeout` on every try and was lost. So the fetcher goes to the page until its
 * document is parsed (a document that never ends never gets there and still times out), then waits for the
 * load until `loadWaitRatio` of the page's time has passed since it was asked for; then it reads the page as
 * it is. A price written by the script that never came is not there: the item has no price, never a guess,
 * and a request that waits for its price (`waitFor.selector`) still waits for it.
 */
export function loadWaitMs(settings: { loadWaitRatio: number; timeoutMs: number }, startedAtMs: number): number {
  if (settings.timeoutMs <= 0) return Number.POSITIVE_INFINITY; // no deadline: the load is waited for as long as it takes
  return settings.timeoutMs * settings.loadWaitRatio - (Date.now() - startedAtMs);
}

/** True once the page's load event fired, false when `ms` ran out first; a closed page (the deadline) throws. */
export async function waitForLoad(page: Page, ms: number): Promise<boolean> {
  // Playwright reads 0 as no timeout: a wait whose time is already up still looks once.
  const timeout = Number.isFinite(ms) ? Math.max(1, Math.round(ms)) : 0;
  try {
    await page.waitForLoadState('load', { timeout });
    return true;
  } catch (error) {
    // By name, not `instanceof errors.TimeoutError`: a value import of playwright-core here loaded it on every
    // plain HTTP crawl (lean-start.test.ts), as the browser fetcher's module is on that path.
    if (page.isClosed() || !(error instanceof Error && error.name === 'TimeoutError')) throw error;
    return false;
  }
}
