// The browser page a response was rendered in, lent to the spider callback: the fetcher learns whether it was taken.
import type { Page } from 'playwright-core';

/**
 * A page the callback has not taken is exactly as the fetcher left it, so it can serve the next request
 * of its context (a new tab costs Chromium a renderer process). One the callback took may have been
 * clicked or navigated anywhere: it is closed. Once revoked (the callback ended or timed out) the page
 * is no longer handed out, so a callback still running cannot reach a page that now serves another request.
 */
export class LivePage {
  private taken = false;
  private revoked = false;
  private departure: () => Error | null = () => null;

  constructor(private readonly page: Page) {}

  get wasTaken(): boolean {
    return this.taken;
  }

  /** The page, or null once revoked. */
  take(): Page | null {
    if (this.revoked) return null;
    this.taken = true;
    return this.page;
  }

  /** How the fetcher learns of navigations after the read (fetch/document-watch.ts). */
  watchDocument(departure: () => Error | null): void {
    this.departure = departure;
  }

  /**
   * Why what the callback reads from the page may not come from the response's document (it navigated
   * since), or null. A page never taken cannot have been read: whatever it did since does not matter.
   */
  left(): Error | null {
    return this.taken ? this.departure() : null;
  }

  revoke(): void {
    this.revoked = true;
  }
}
