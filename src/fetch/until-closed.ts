// Ends a wait on a page that nothing but the page closing would end.
import type { Page } from 'playwright-core';

/** `waiting`, or a rejection once the page closes (the deadline's way to end a wait nothing else would end). */
export async function untilClosed(page: Page, waiting: Promise<void>): Promise<void> {
  let onClose = () => undefined as void;
  const closed = new Promise<never>((_, reject) => {
    // A plain error, as Playwright's own: the deadline (or a dead browser) names the cause.
    onClose = () => reject(new Error('the page closed while waiting for a response'));
    page.once('close', onClose);
  });
  try {
    await Promise.race([waiting, closed]);
  } finally {
    page.off('close', onClose);
  }
}
