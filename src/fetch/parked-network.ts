// Shuts a parked page's network inside Chromium, so that what its document sends as it is let go goes nowhere.
import type { CDPSession, Page } from 'playwright-core';

/**
 * A document's pagehide and unload handlers run when its page (or context) closes or navigates on, and what
 * they send then (`sendBeacon`, `fetch` with `keepalive`) reaches no Playwright route: measured, both got
 * to another host, also when the page was first sent to about:blank. DevTools' URL blocklist still holds in
 * that document, so a parked page, which needs nothing, gets every URL blocked until its next load. One CDP
 * session per page, kept; the Network domain is on only while the page is parked (it reports every request).
 */
export class ParkedNetwork {
  private readonly sessions = new WeakMap<Page, Promise<CDPSession>>();
  private readonly shutPages = new WeakSet<Page>();

  async shut(page: Page): Promise<void> {
    this.shutPages.add(page);
    await this.send(page, 'Network.enable', {});
    await this.send(page, 'Network.setBlockedURLs', { urls: ['*'] });
  }

  /** Before the page's next load: everything its guard allows may go again. */
  async open(page: Page): Promise<void> {
    if (!this.shutPages.delete(page)) return;
    await this.send(page, 'Network.setBlockedURLs', { urls: [] });
    await this.send(page, 'Network.disable', {});
  }

  private async send(page: Page, method: 'Network.enable' | 'Network.disable' | 'Network.setBlockedURLs', params: object): Promise<void> {
    let session = this.sessions.get(page);
    if (!session) {
      session = page.context().newCDPSession(page);
      this.sessions.set(page, session);
    }
    // A page that closed or crashed sends nothing any more.
    await session.then((open) => open.send(method, params)).catch(() => undefined);
  }
}
