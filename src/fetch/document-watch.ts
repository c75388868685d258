// Tells whether a loaded page still shows the document that was read from it, or was navigated away since.
import type { Page, Request as PwRequest } from 'playwright-core';
import { FetchError } from '../core/errors';

/**
 * From the moment the fetcher reads a loaded page until the page is released, any new navigation of its
 * main frame (a timer setting `location`, a meta refresh, a form submit, a click a callback made) means
 * the DOM may now be another document's, or an error page's where confinement refused it. What is read
 * after that would be stored with the URL and rawHash of the first document: a wrong price, silently.
 * The navigation's request is seen here before anything of the new document can be read (the route
 * decides it before it is sent, on the same connection), so a check right after a read is exact.
 * Same-document changes (`history.pushState`, hash links) send no request and keep the document.
 */
export class DocumentWatch {
  /** Main-frame navigations since the page loaded, in order. */
  private readonly navigations: string[] = [];
  /** Navigations before this index happened while the fetcher waited, before anything was read. */
  private readFrom = Infinity;

  private readonly onRequest = (req: PwRequest) => {
    if (req.isNavigationRequest() && req.frame() === this.page.mainFrame()) this.navigations.push(req.url());
  };

  /** `refusal`: why the page's confinement refused to let its main frame go somewhere, if it did. */
  constructor(
    private readonly page: Page,
    private readonly requestUrl: string,
    private readonly refusal: () => FetchError | null,
  ) {
    page.on('request', this.onRequest);
  }

  /**
   * Whether the page loaded another document since `goto` resolved (a redirect by script while the fetcher
   * waited). If not, the page's URL differs from the response's only by `history.pushState`, which a page
   * may point anywhere on its origin: the document is still the one the response's URL served.
   */
  get movedSinceLoad(): boolean {
    return this.navigations.length > 0;
  }

  /** The fetcher starts reading: a navigation from now on means what it reads may not be this document. */
  startReading(): void {
    this.readFrom = this.navigations.length;
  }

  /** Null while the page shows the document that is read; else the error the request fails with. */
  departure(): FetchError | null {
    const refused = this.refusal();
    if (refused !== null) return refused;
    const next = this.navigations[this.readFrom];
    if (next === undefined) return null;
    return new FetchError('BROWSER_PAGE_NAVIGATED', `the page of ${this.requestUrl} navigated to ${next} after it was read: what it shows now is not that document`);
  }

  stop(): void {
    this.page.off('request', this.onRequest);
  }
}
