// Follows a page's main-frame documents from its first request on: which ones it loaded, whether one is still coming, whether it left after the read.
import type { Frame, Page, Request as PwRequest, Response as PwResponse } from 'playwright-core';
import { FetchError } from '../core/errors';
import { netFetchError } from './chromium-net-errors';

/**
 * A page moves between documents on its own: a script setting `location` while it parses, a form it
 * submits, an iframe setting `top.location`, a meta refresh, a timer, a click a callback made. The watch
 * starts before the request's own navigation and sees every main-frame navigation request, in order, and
 * how each ended, so the fetcher can read the page only once it stopped moving and name the document it
 * read (read-document.ts). From the read on, any new navigation means the DOM may now be another
 * document's, or an error page's where confinement refused it: what is read after that would be stored
 * with the URL and rawHash of the first document, a wrong price, silently. A navigation's request is seen
 * here before anything of its document can be read (the route decides it before it is sent, on the same
 * connection), so a check right after a read is exact. Same-document changes (`history.pushState`, hash
 * links) send no request and keep the document.
 */
export class DocumentWatch {
  /** Main-frame navigation requests since the watch began, in order (redirect hops included). */
  private readonly navigations: PwRequest[] = [];
  /** Those still waiting for their answer: the page may yet commit another document. */
  private readonly open = new Set<PwRequest>();
  private readonly responses: PwResponse[] = [];
  private readonly failures = new Map<PwRequest, string>();
  /** Main-frame navigations whose answer came and whose body then failed (Chromium's net:: text). */
  private readonly cutBodies = new Map<PwRequest, string>();
  private cutWaiters: Array<() => void> = [];
  private stoppedWaiters: Array<() => void> = [];
  private settledWaiters: Array<() => void> = [];
  private departedWaiters: Array<() => void> = [];
  /** Navigations before this index happened before anything was read. */
  private readFrom = Infinity;
  /** The page's renderer died (it ran out of memory, or was killed): the page shows nothing any more. */
  private crashed = false;
  /**
   * A document the main frame committed after the read began without any request: a `blob:` URL the page
   * made (same origin, any HTML it likes), `about:blank`. No 'request' event comes for those, so the page
   * showed the made-up document's price under this URL, unnoticed. Playwright tells of the commit before
   * anything of the new document can be read; a same-document change (pushState) keeps an http(s) URL.
   */
  private replacedBy: string | null = null;
  /** The main-frame navigation whose document its page stopped while it loaded (`mainFrameStopped`). */
  private stoppedDocument: PwRequest | null = null;
  /** How many main-frame navigations there were when the frame last stopped loading. */
  private stoppedAfter = -1;

  private readonly onFrameNavigated = (frame: Frame) => {
    if (frame !== this.page.mainFrame() || this.readFrom === Infinity || this.replacedBy !== null) return;
    if (/^https?:/i.test(frame.url())) return;
    this.replacedBy = frame.url();
    this.wakeDeparted();
  };

  private readonly onCrash = () => {
    this.crashed = true;
  };

  private readonly onRequest = (req: PwRequest) => {
    if (!this.isMainNavigation(req)) return;
    this.navigations.push(req);
    this.open.add(req);
    if (this.navigations.length > this.readFrom) this.wakeDeparted();
  };

  private readonly onResponse = (res: PwResponse) => {
    if (this.isMainNavigation(res.request())) this.responses.push(res);
  };

  private readonly onEnd = (req: PwRequest) => {
    const failure = req.failure();
    if (failure && this.open.has(req)) this.failures.set(req, failure.errorText);
    if (failure && this.isCut(req, failure.errorText)) {
      this.cutBodies.set(req, failure.errorText);
      this.wakeCut();
    }
    if (this.open.delete(req) && this.open.size === 0) this.wakeSettled();
  };

  private readonly wakeSettled = () => {
    const waiters = this.settledWaiters;
    this.settledWaiters = [];
    for (const wake of waiters) wake();
  };

  private readonly wakeCut = () => {
    const waiters = this.cutWaiters;
    this.cutWaiters = [];
    for (const wake of waiters) wake();
  };

  private readonly wakeDeparted = () => {
    const waiters = this.departedWaiters;
    this.departedWaiters = [];
    for (const wake of waiters) wake();
  };

  /** `refusal`: why the page's confinement refused to let its main frame go somewhere, if it did. */
  constructor(
    private readonly page: Page,
    private readonly requestUrl: string,
    private readonly refusal: () => FetchError | null,
  ) {
    page.on('request', this.onRequest);
    page.on('response', this.onResponse);
    page.on('requestfinished', this.onEnd);
    page.on('requestfailed', this.onEnd);
    page.on('close', this.wakeSettled);
    page.on('crash', this.onCrash);
    page.on('framenavigated', this.onFrameNavigated);
  }

  /**
   * Resolves once no main-frame navigation is on its way (or the page closed): a document that was asked
   * for has committed, or was cancelled (a 204, a download) or failed. Reading before that would read the
   * document that is leaving while its successor may commit under the reader at any moment.
   */
  settled(): Promise<void> {
    if (this.open.size === 0 || this.page.isClosed()) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  /** The fetcher starts reading: a navigation from now on means what it reads may not be this document. */
  startReading(): void {
    this.readFrom = this.navigations.length;
  }

  /**
   * The last main-frame response from `url` (no fragment), and the URLs the page went through before it:
   * the request's own redirects and any document a script or form moved it on from; `stopped`: its page
   * stopped it as it loaded, so its answer never ends (its final headers and body never come: Playwright waits on).
   */
  responseFor(url: string): { response: PwResponse; chain: string[]; stopped: boolean } | null {
    const response = this.responses.findLast((candidate) => candidate.url() === url);
    if (!response) return null;
    const index = this.navigations.lastIndexOf(response.request());
    return { response, chain: this.navigations.slice(0, Math.max(index, 0)).map((req) => req.url()), stopped: response.request() === this.stoppedDocument };
  }

  /** Why the last main-frame navigation that failed did (Chromium's net:: text), if one did. */
  lastFailure(): string | null {
    const failed = this.navigations.findLast((req) => this.failures.has(req));
    return failed ? (this.failures.get(failed) ?? null) : null;
  }

  /**
   * Why the body of `response` (a main-frame document's answer) was cut off, or null when it arrived whole.
   * Chromium commits a document on its head and shows whatever of the body came: a body cut by a reset, a
   * chunked body without its last chunk, a Content-Length the bytes fell short of, a decoding that broke
   * off. It reports the cut only as the request's failure, after the commit, and never fires the load
   * event then: the fetch waited out its whole deadline (`fetch/timeout`, on every retry), and a page whose
   * load did end would have been read with its price cut (`12.99` read as `12`), as the HTTP fetcher
   * never reads one (body-end-check.ts).
   */
  cutBody(response: PwResponse): FetchError | null {
    const errorText = this.cutBodies.get(response.request());
    return errorText === undefined ? null : cutError(errorText, response.url());
  }

  /**
   * The latest main-frame navigation's answer and the URLs before it, when that answer came: Chromium fails a
   * navigation whose answer is an error status with an empty body (`ERR_HTTP_RESPONSE_CODE_FAILURE`) and
   * shows its own error page, yet the status is the site's answer (a 404, a 503 with its Retry-After).
   */
  latestAnswer(): { response: PwResponse; chain: string[] } | null {
    const latest = this.navigations.at(-1);
    const response = latest && this.responses.findLast((res) => res.request() === latest);
    return response ? { response, chain: this.navigations.slice(0, -1).map((req) => req.url()) } : null;
  }

  /**
   * Chromium's main frame stopped loading. When the latest document's answer came but never ended, its page
   * stopped it (`window.stop()`, which anti-bot and redirect scripts call): it shows what the parser had
   * reached, and no DOMContentLoaded, load or end of its answer will come. It has settled, and is read as it stands.
   */
  mainFrameStopped(): void {
    this.stoppedAfter = this.navigations.length;
    const latest = this.navigations.at(-1);
    if (latest && this.open.has(latest) && this.responses.some((res) => res.request() === latest)) {
      this.stoppedDocument = latest;
      this.open.delete(latest);
      if (this.open.size === 0) this.wakeSettled();
    }
    const waiters = this.stoppedWaiters;
    this.stoppedWaiters = [];
    for (const wake of waiters) wake();
  }

  /**
   * Resolves once the main frame stopped loading since its latest navigation began: no load event is coming
   * (a page stopped in its DOMContentLoaded handler gets none).
   */
  loadingStopped(): Promise<void> {
    if (this.navigations.length > 0 && this.stoppedAfter === this.navigations.length) return Promise.resolve();
    return this.nextStop();
  }

  /** Resolves with the answer of the latest document once the page stopped it while it loaded (see `mainFrameStopped`). */
  async documentStopped(): Promise<PwResponse> {
    for (;;) {
      await this.nextStop();
      const latest = this.navigations.at(-1);
      const response = latest && latest === this.stoppedDocument ? this.responses.findLast((res) => res.request() === latest) : undefined;
      if (response) return response;
    }
  }

  private nextStop(): Promise<void> {
    return new Promise((resolve) => this.stoppedWaiters.push(resolve));
  }

  /** Rejects once the body of the latest main-frame document is cut off (a cut of one the page has left is not what it shows). */
  bodyCut(): Promise<never> {
    const cut = new Promise<never>((_, reject) => {
      const check = (): void => {
        const latest = this.navigations.at(-1);
        const errorText = latest && this.cutBodies.get(latest);
        if (latest && errorText) reject(cutError(errorText, latest.url()));
        else this.cutWaiters.push(check);
      };
      check();
    });
    cut.catch(() => undefined); // only ever raced: a cut after the race is over is the read's to report (cutBody)
    return cut;
  }

  /**
   * Rejects with the departure as soon as the page starts leaving the document being read: a call into a
   * page that is navigating may wait for the next document (Playwright's evaluate does), which must not
   * hold the read up or end in what the next document answers.
   */
  departed(): Promise<never> {
    return new Promise<void>((resolve) => {
      if (this.departure()) resolve();
      else this.departedWaiters.push(resolve);
    }).then(() => Promise.reject(this.departure()));
  }

  /** Whether the page started another navigation since `startReading`, on its own (confinement refused none). */
  movedOnSinceRead(): boolean {
    return this.navigations.length > this.readFrom && this.refusal() === null && !this.crashed;
  }

  /** Null while the page shows the document that is read; else the error the request fails with. */
  departure(): FetchError | null {
    // A callback whose page went with its renderer or browser failed for that, not for its own code: retryable.
    if (this.crashed || this.page.context().browser()?.isConnected() === false) {
      return new FetchError('FETCH_BROWSER_CRASHED', `the browser or the page's renderer went away while the page of ${this.requestUrl} was read`);
    }
    const refused = this.refusal();
    if (refused !== null) return refused;
    const next = this.navigations[this.readFrom]?.url() ?? this.replacedBy;
    if (next === undefined || next === null) return null;
    return new FetchError('BROWSER_PAGE_NAVIGATED', `the page of ${this.requestUrl} navigated to ${next} once it was being read: what it shows now is not that document`);
  }

  stop(): void {
    this.page.off('request', this.onRequest);
    this.page.off('response', this.onResponse);
    this.page.off('requestfinished', this.onEnd);
    this.page.off('requestfailed', this.onEnd);
    this.page.off('close', this.wakeSettled);
    this.page.off('crash', this.onCrash);
    this.page.off('framenavigated', this.onFrameNavigated);
    this.wakeSettled();
    this.departedWaiters = [];
    this.cutWaiters = [];
    this.stoppedWaiters = [];
  }

  /**
   * A failure after the answer came is a cut body, but for two: `ERR_ABORTED` is the page leaving that
   * document (a script, a 204, a download), which the navigation that replaced it accounts for, and
   * `ERR_HTTP_RESPONSE_CODE_FAILURE` an error status with an empty body, which is an answer (`bareErrorAnswer`).
   */
  private isCut(req: PwRequest, errorText: string): boolean {
    return this.isMainNavigation(req) && !/ERR_ABORTED|ERR_HTTP_RESPONSE_CODE_FAILURE/.test(errorText) && this.responses.some((res) => res.request() === req);
  }

  private isMainNavigation(req: PwRequest): boolean {
    try {
      return req.isNavigationRequest() && req.frame() === this.page.mainFrame();
    } catch {
      return false; // a request without a frame (Playwright throws) is no document of this page
    }
  }
}

/** A body that failed after its head, named as the HTTP fetcher names the same fault; any such failure is a cut. */
function cutError(errorText: string, url: string): FetchError {
  return netFetchError(errorText, url) ?? new FetchError('FETCH_CONNECTION_RESET', `the body failed after its head (${errorText}; ${url}): the page is cut`);
}
