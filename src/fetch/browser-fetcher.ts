// The browser fetcher: a Chromium page per request (reused when it ended cleanly), rendered HTML as the body, captured JSON, waits, blocking.
import type { Page, Request as PwRequest } from 'playwright-core';
import type { BrowserRequestOptions } from '../core/browser-options';
import { FetchError } from '../core/errors';
import { LivePage } from '../core/live-page';
import type { CrawlRequest } from '../core/request';
import { CrawlResponse } from '../core/response';
import { proxyFailureNoted } from '../core/request-session';
import type { Stats } from '../engine/stats';
import type { Settings } from '../settings/schema';
import { captureResponses } from './captured-responses';
import { BrowserConfinement } from './browser-confinement';
import { browserError, documentCheck, hopError } from './browser-fetch-errors';
import { browserStart, noteBrowserResumePoint } from './browser-resume';
import { chromiumTreePssBytes, killChromium, launchChromium, networkServiceRestartedSince } from './chromium-launch';
import type { ContextKey } from './context-set';
import { watchCookieFree } from './cookie-free-context';
import { collectSetCookies } from './page-set-cookies';
import { answerWithoutPage, documentBody, documentHeaders, refuseUnaskedPart, refuseUnclosedDocument } from './document-answer';
import { DocumentWatch } from './document-watch';
import { PageDialogs } from './page-dialogs';
import { FetchDeadline } from './fetch-deadline';
import { PageTraffic, quietOptions, waitForQuietPage } from './page-quiet';
import { loadWaitMs, waitForLoad } from './load-wait';
import { readSettledDocument } from './read-document';
import { runsNoScripts } from './scriptless-document';
import { onMainFrameStopped } from './stopped-loading';
import { contextForAttempt } from './retry-context';
import { rendererState } from './hung-renderer';
import { untilClosed } from './until-closed';
import type { Fetcher, FetchOptions, HopDeadline } from './fetcher';
import { PagePool } from './page-pool';
import type { PageLease, PagePoolStats } from './page-pool-options';
import { blockingLaunchArgs } from './resource-blocking';

export type BrowserSettings = Settings['browser'];

export interface BrowserFetcherOptions {
  userAgent?: string;
  stats?: Stats;
  /**
   * The context (cookies, proxy) a request's page opens in; default: one per host. This is the seam for
   * HTTP sessions (sessions/session-context-key.ts): a session keeps its cookies and proxy apart from
   * other sessions' in the browser as over HTTP.
   */
  contextKeyOf?(request: CrawlRequest): ContextKey;
}

export class BrowserFetcher implements Fetcher {
  private readonly pool: PagePool;
  private readonly contextKeyOf: (request: CrawlRequest) => ContextKey;

  private readonly confinement: BrowserConfinement;

  private readonly crawlStats?: Stats;

  constructor(
    private readonly settings: BrowserSettings,
    options: BrowserFetcherOptions = {},
  ) {
    this.contextKeyOf = options.contextKeyOf ?? ((request) => ({ key: new URL(request.url).host }));
    this.crawlStats = options.stats;
    this.confinement = new BrowserConfinement(settings, options.stats);
    this.pool = new PagePool({
      launch: () => launchChromium(settings.executablePath, settings.openTimeoutMs, blockingLaunchArgs(settings)),
      maxOpenPages: settings.maxOpenPages,
      maxContexts: settings.maxContexts,
      pagesPerBrowser: settings.pagesPerBrowser,
      openTimeoutMs: settings.openTimeoutMs,
      closeTimeoutMs: settings.closeTimeoutMs,
      kill: killChromium,
      userAgent: options.userAgent,
      prepareContext: (context) => this.confinement.install(context),
      park: (page) => this.confinement.park(page),
      stats: options.stats,
      memory: { budgetBytes: settings.memoryBudgetMb * 2 ** 20, checkIntervalMs: settings.memoryCheckIntervalMs, bytesOf: chromiumTreePssBytes },
    });
  }

  get stats(): PagePoolStats {
    return this.pool.stats;
  }

  async fetch(request: CrawlRequest, options: FetchOptions = {}): Promise<CrawlResponse> {
    if (request.method !== 'GET') throw new FetchError('FETCH_FAILED', `the browser fetcher only sends GET (${request.method} ${request.url})`);
    const { key: contextKey, alone } = contextForAttempt(this.contextKeyOf(request), request);
    const lease = await this.pool.acquire(contextKey).catch((error: unknown) => {
      throw browserError(error, request.url); // launch failures (BROWSER_MISSING, BROWSER_UNAVAILABLE) arrive here
    });
    if (alone) lease.retireContext(); // this page's only: it closes with the page
    const leasedAtMs = Date.now();
    // The deadline starts once a page is ours: time queued for a free page (the cap) is not the page's fault.
    const deadline = new FetchDeadline(this.settings.timeoutMs, options.signal);
    let retained = false;
    let reusable = false;
    let watch: DocumentWatch | null = null;
    try {
      const live = options.retain ? new LivePage(lease.page) : null;
      const loaded = await this.load(lease, request, options, deadline, contextKey.cookieFree === true, live, (started) => (watch = started));
      // A try that went on from a hop an earlier try gave back lists that chain's URLs before its own.
      const { earlier } = browserStart(request);
      const response = earlier.length === 0 ? loaded : loaded.reachedFrom(request, earlier);
      lease.loaded();
      reusable = !deadline.signal.aborted;
      if (options.retain && live) {
        const loadedCleanly = reusable;
        const watching = watch as DocumentWatch | null;
        // What the callback reads from the page must still be this document: the watch goes on until the page is let go.
        if (watching) live.watchDocument(() => watching.departure());
        // A page the callback took may be anywhere now: it is closed. One it never took serves the next request.
        options.retain(() => {
          live.revoke();
          watching?.stop();
          return lease.release(loadedCleanly && !live.wasTaken);
        });
        retained = true;
      }
      return response;
    } catch (error) {
      if (deadline.signal.aborted) throw deadline.explain(error, request.url);
      // A dead browser surfaces as whatever the pending call saw (often net::ERR_ABORTED): name the cause.
      if (!lease.page.context().browser()?.isConnected()) throw new FetchError('FETCH_BROWSER_CRASHED', `the browser went away while loading ${request.url}`, { cause: error });
      // So does a renderer that died under the page (killed, out of memory): measured, "net::ERR_ABORTED; maybe frame was detached?".
      if (!(error instanceof FetchError) && (await rendererState(lease.page)) === 'crashed') throw new FetchError('FETCH_BROWSER_CRASHED', `the page's renderer went away while loading ${request.url}`, { cause: error });
      // And its network service (killed, out of memory): Chromium starts another, and the load it carried failed
      // as net::ERR_ABORTED, a fetch/failed that was never retried (measured).
      if (!(error instanceof FetchError) && this.networkServiceDied(lease, leasedAtMs)) throw new FetchError('FETCH_BROWSER_CRASHED', `the browser's network service went away while loading ${request.url}`, { cause: error });
      throw proxyFailureNoted(request.session, browserError(error, request.url));
    } finally {
      deadline.dispose();
      // A page that failed (error page, refused navigation, deadline) is closed; one that loaded is kept for the next request.
      if (!retained) {
        (watch as DocumentWatch | null)?.stop();
        await lease.release(reusable);
      }
    }
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  private networkServiceDied(lease: PageLease, sinceMs: number): boolean {
    const browser = lease.page.context().browser();
    return browser !== null && networkServiceRestartedSince(browser, sinceMs);
  }

  private async load(
    lease: PageLease,
    request: CrawlRequest,
    options: FetchOptions,
    deadline: HopDeadline,
    cookieFree: boolean,
    live: LivePage | null,
    watching: (watch: DocumentWatch) => void,
  ): Promise<CrawlResponse> {
    const { page } = lease;
    const { signal } = deadline;
    // Closing the page rejects whatever Playwright call is pending: that is how the deadline ends a hung page.
    const onAbort = () => void lease.close();
    if (signal.aborted) throw signal.reason;
    signal.addEventListener('abort', onAbort, { once: true });
    // A reused page must not carry this request's listeners into the next one (a failed page is closed instead).
    const listening: Array<[event: 'request', listener: (req: PwRequest) => void]> = [];
    let traffic: PageTraffic | null = null;
    let stops: Promise<() => void> | null = null;
    const on: PageListen = (event, listener) => {
      // Playwright types each event's overload apart; every event here takes one argument.
      const entry = [event, listener] as unknown as [event: 'request', listener: (req: PwRequest) => void];
      page.on(...entry);
      listening.push(entry);
    };
    let loading = true;
    try {
      const startedAtMs = Date.now();
      const start = browserStart(request);
      const browserOptions: BrowserRequestOptions = request.browser ?? {};
      // The confinement route also refuses blocked resource types and URL patterns (it sees every request anyway).
      // Until the page is read, a navigation its script starts, and each redirect hop of its document, waits for
      // its host's slot and is marked sent then.
      const spacing = async (url: string) => {
        if (!loading) return;
        await options.beforeHop?.(url, deadline);
        options.onSend?.();
      };
      const confined = this.confinement.watch(page, options.allowsUrl?.bind(options), documentCheck(options), start.url, spacing);
      const cookieWatch = cookieFree ? watchCookieFree(page, on) : null;
      // A session's own context: what the site sets there is the session's too (its jar outlives the context).
      const ownCookies = !cookieFree && request.session ? collectSetCookies(on) : null;
      // The request's own navigation and its redirects: a refused hop from one of them is an offsite redirect.
      const ownChain = new Set<string>();
      on<PwRequest>('request', (req) => {
        if (!isMainNavigation(page, req)) return;
        const from = req.redirectedFrom();
        const own = ownChain.size === 0 || (from !== null && ownChain.has(from.url()));
        if (own) ownChain.add(req.url());
        // A later navigation is marked sent once its slot let it go (spacing), unless it came after the read; its hops as they go.
        if (own || from !== null || !loading) options.onSend?.();
      });
      const captures = captureResponses(browserOptions, on);
      const dialogs = new PageDialogs(request.url, this.crawlStats);
      on('dialog', dialogs.onDialog);
      traffic = new PageTraffic(page);
      // Watching before the load: a script, a form or a frame may replace the document while it still loads.
      const watch = new DocumentWatch(page, request.url, () => confined.refusal(request.url));
      watching(watch);
      stops = onMainFrameStopped(page, () => watch.mainFrameStopped());
      await Promise.all([this.confinement.guardLoads(page), stops]);
      // To the parsed document only (or one its script stopped, which gets none): the load may never come (load-wait.ts).
      // Readying the page may have taken longer than the host's interval: a request whose slot came later may have gone meanwhile.
      // Going on from a hop an earlier try gave back: its target's robots.txt is waited for as the hop's was (the route judges it).
      const resumedFrom = start.earlier.at(-1);
      if (resumedFrom !== undefined) await options.prepareHop?.(resumedFrom, start.url, deadline);
      await options.beforeSend?.(deadline);
      const goto = page.goto(start.url, { waitUntil: 'domcontentloaded', timeout: 0 });
      const loading = Promise.race([goto, watch.documentStopped()]);
      goto.catch(() => undefined); // when a refused hop ends the load first, the page is closed and this rejects
      const refusedLoad = confined.hopRefused.then((hop) => Promise.reject(hop.reason ? noteBrowserResumePoint(hop.reason, hop.from, hop.to, start, ownChain) : hopError(hop, request.url, ownChain)));
      refusedLoad.catch(() => undefined); // a hop refused after the load is DocumentWatch's to report
      // Past a cap, or moved to a document it was refused (an error page now), the page is not read: its waits end.
      const refusedPage = Promise.race([confined.overCap, confined.navigationRefused]).then((error) => Promise.reject(error));
      refusedPage.catch(() => undefined);
      // A body cut after its document committed never ends the load: the cut ends the fetch instead.
      const loadStep = <T>(step: Promise<T>) => Promise.race([step, refusedLoad, refusedPage, watch.bodyCut(), dialogs.refused]).catch(async (error: unknown) => (await answerWithoutPage(error, watch, request, startedAtMs)) ?? Promise.reject(error));
      const main = await loadStep(loading);
      if (main instanceof CrawlResponse) return main;
      if (!main) throw new FetchError('FETCH_FAILED', `no response for ${request.url}`);
      // Only a proxy answers 407 (RFC 9110 §15.5.8): Chromium shows its refusal of our credentials as the page.
      if (main.status() === 407 && request.session?.proxyUrl) throw new FetchError('FETCH_PROXY_AUTH', `the proxy ${request.session.proxyId} refused our credentials for ${request.url}`);
      const loaded = await loadStep(Promise.race([waitForLoad(page, loadWaitMs(this.settings, startedAtMs)), watch.loadingStopped().then(() => 'stopped' as const)]));
      if (loaded instanceof CrawlResponse) return loaded;
      if (!loaded) this.crawlStats?.inc('browser/load/capped');
      if (loaded !== true) traffic.forgetLoadBlockers(); // given up on, or stopped: what held it is not waited for again
      await loadStep(this.waitFor(page, browserOptions, captures.awaitResponse));
      // A price its script writes over the first one after the load is the page's price (page-quiet.ts).
      // Not in a document sandboxed without scripts: nothing changes it, and the wait, run in it, never answers there.
      const scriptless = runsNoScripts(await main.headerValue('content-security-policy'));
      if (!scriptless && !(await loadStep(waitForQuietPage(page, traffic, quietOptions(this.settings, startedAtMs))))) this.crawlStats?.inc('browser/quiet/capped');
      // A document still on its way would commit under the reader: the page is read once it stopped moving,
      // and from then on must stay on the document it shows (a script may still move it while it is read).
      const document = await readSettledDocument(page, watch, request.url, () => confined.settle(request.url));
      dialogs.check();
      await refuseUnaskedPart(document.response);
      await refuseUnclosedDocument(document);
      const captured = await captures.collect();
      if (await cookieWatch?.check(request.session)) lease.retireContext();
      await ownCookies?.giveTo(request.session);
      const { body, text, encoding } = await documentBody(document);
      // Parsed by cheerio and kept as a blob: a 33 MB DOM (a script's 500,000 rows) took 230 MB of the crawl's heap (measured).
      if (body.length > this.settings.maxBodyBytes) throw new FetchError('FETCH_BODY_TOO_LARGE', `the rendered document of ${request.url} is ${body.length} bytes, over browser.maxBodyBytes (${this.settings.maxBodyBytes})`);
      return new CrawlResponse({
        request,
        url: document.url,
        status: document.response.status(),
        headers: await documentHeaders(document),
        body,
        text,
        encoding,
        timings: { startedAtMs, finishedAtMs: Date.now() },
        redirectChain: document.chain,
        fetchMode: 'browser',
        captured,
        page: live ?? undefined,
      });
    } finally {
      loading = false;
      signal.removeEventListener('abort', onAbort);
      void stops?.then((off) => off(), () => undefined);
      for (const entry of listening) page.off(...entry);
      traffic?.stop();
    }
  }

  private async waitFor(page: Page, browserOptions: BrowserRequestOptions, awaitResponse: Promise<void> | null): Promise<void> {
    const waitFor = browserOptions.waitFor ?? {};
    // Closing the page is how the deadline ends a wait, and no response comes to a closed page: the close ends it too.
    if (awaitResponse) await untilClosed(page, awaitResponse);
    // A locator's wait stays in Playwright's own world. page.waitForSelector hands the element it found to the
    // page's world, whose copy of Playwright's script runs on the page's built-ins: one that replaced
    // RegExp.prototype.exec or Array.prototype.push hung its renderer there, and the fetch timed out.
    if (waitFor.selector) await page.locator(waitFor.selector).first().waitFor({ state: 'attached', timeout: 0 });
    if (waitFor.networkIdle) {
      // A page that polls forever never goes idle: the cap bounds the wait, and the page is taken as it is.
      await page.waitForLoadState('networkidle', { timeout: this.settings.networkIdleCapMs }).catch((error: unknown) => {
        if (page.isClosed()) throw error;
      });
    }
  }
}

/** Adds a page listener that the fetcher removes when the load ends. */
type PageListen = <T>(event: 'request' | 'response' | 'dialog', listener: (arg: T) => void) => void;

function isMainNavigation(page: Page, req: PwRequest): boolean {
  return req.isNavigationRequest() && req.frame() === page.mainFrame();
}
