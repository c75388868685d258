// One DevTools session of our own per page, kept for the page's life: reads that must not run as the page's scripts go through it.
import type { CDPSession, Page } from 'playwright-core';

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/** The page's session, opened on first use; a failed attach is not kept, so the next call tries again. */
export function pageSession(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    session.catch(() => sessions.delete(page));
    sessions.set(page, session);
  }
  return session;
}
