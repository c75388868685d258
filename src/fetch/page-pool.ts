// Hands out browser pages under caps (pages, contexts), reuses or closes them, recycles browsers by pages or memory, replaces crashed ones.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ContextSet, type ContextKey, type ContextUse } from './context-set';
import { rendererState } from './hung-renderer';
import { IdlePages } from './idle-pages';
import { LaunchBreaker } from './launch-breaker';
import type { PageLease, PagePoolOptions, PagePoolStats } from './page-pool-options';
import { proxyOption } from './playwright-proxy';
import { rememberProxyCredentials } from './proxy-auth';
import { TimeBoundExceeded, withinTime } from './time-bound';

type RetireReason = 'pages' | 'memory' | 'crash' | 'hung' | 'launch-failed';

interface BrowserHandle {
  browser: Promise<Browser>;
  contexts: ContextSet;
  activePages: number;
  pagesServed: number;
  /** No new pages: closed as soon as its last page is (recycling, crash). */
  retired: boolean;
  /** Set once launched: lets a new page see a dead browser before its 'disconnected' event has run. */
  live: Browser | null;
  lastMemoryCheckMs: number;
  memoryBytes: number;
  /** A page loaded in it: its end is no failure to start (launch-breaker.ts). */
  loadedPage: boolean;
  /** Told to the launch breaker already (a launch, a death and a hang of one browser are one failure). */
  failedToStart: boolean;
  closedByUs: boolean;
}

/**
 * Pages a browser may serve past `pagesPerBrowser`, as a share of it. The page budget only stands in for
 * slow growth the memory budget also catches; without slack a crawl of budget + 1 pages launches a
 * Chromium (~0.5 s of CPU) for its last page. Crawlee (retireBrowserAfterPageCount) has the same cliff.
 */
const PAGE_BUDGET_SLACK_RATIO = 0.1;

/**
 * Pages of one context key share a context (cookies, proxy); a fresh context per page cost ~0.3 s here.
 * A browser that has served `pagesPerBrowser` pages (plus a tenth), or whose process tree outgrew the memory
 * budget, is retired: new pages go to a fresh browser and the old one closes when its last page does.
 */
export class PagePool {
  private current: BrowserHandle | null = null;
  private readonly handles = new Set<BrowserHandle>();
  private readonly waiters: Array<() => void> = [];
  /** Open pages (leased + idle) stay within maxOpenPages: a new page closes the oldest idle one. */
  private readonly idle = new IdlePages<BrowserHandle>();
  private readonly breaker = new LaunchBreaker();
  private open = 0;
  private launched = 0;
  private served = 0;
  private closed = false;

  constructor(private readonly options: PagePoolOptions) {}

  get stats(): PagePoolStats {
    const openContexts = [...this.handles].reduce((sum, handle) => sum + handle.contexts.size, 0);
    return { openPages: this.open, idlePages: this.idle.size, openContexts, browsersLaunched: this.launched, pagesServed: this.served };
  }

  /** Runs `use` with a page of the key's context (an idle one if a lease left one reusable); the page is closed however `use` ends. */
  async withPage<T>(use: (page: Page) => Promise<T>, key?: ContextKey): Promise<T> {
    const lease = await this.acquire(key);
    try {
      return await use(lease.page);
    } finally {
      await lease.release();
    }
  }

  /**
   * A page under the cap, kept until `release` (idempotent) closes it: lets the page outlive the fetch
   * while the spider callback uses it. Whoever acquires must release on every path.
   */
  async acquire(key: ContextKey = { key: 'default' }): Promise<PageLease> {
    await this.takeSlot();
    let handle: BrowserHandle;
    let page: Page;
    let context: ContextUse;
    try {
      [handle, page, context] = await this.openPage(key);
    } catch (error) {
      this.releaseSlot();
      throw error;
    }
    this.options.stats?.inc('browser/pages/opened');
    this.idle.leased(page);
    const retireContext = () => {
      this.options.stats?.inc('browser/contexts/retired');
      context.retire();
    };
    let closing: Promise<void> | null = null;
    const close = () => (closing ??= this.closePage(page, retireContext));
    let released: Promise<void> | null = null;
    const release = (reusable = false) => {
      released ??= (async () => {
        // Also a page that closes: its document's unload handlers run as it goes, and must find it parked.
        await withinTime(Promise.resolve(this.options.park?.(page)), this.closeTimeoutMs, 'parking a page').catch(() => undefined);
        if (reusable && this.mayKeep(handle, page, context) && (await this.leaveDocument(page))) {
          this.idle.keep(handle, page);
        } else {
          await close();
        }
        this.options.stats?.inc('browser/pages/closed');
        await this.pageDone(handle, context);
        this.releaseSlot();
      })();
      return released;
    };
    const loaded = () => {
      handle.loadedPage = true;
      this.breaker.worked();
    };
    return { page, release, retireContext, close, loaded };
  }

  /**
   * A page that is not kept closes; if its renderer no longer runs tasks (or died), its context retires first,
   * so the renderer the context's pages share (hung-renderer.ts) ends with their last page instead of holding them.
   */
  private async closePage(page: Page, retireContext: () => void): Promise<void> {
    const state = await rendererState(page);
    if (state !== 'answers') {
      this.options.stats?.inc(`browser/renderer-${state}`);
      retireContext();
    }
    await withinTime(page.close(), this.closeTimeoutMs, 'closing a page').catch(() => undefined);
  }

  /** Only a page of the current browser, in a context still taking pages, whose browser answers, is kept. */
  private mayKeep(handle: BrowserHandle, page: Page, context: ContextUse): boolean {
    return this.idle.mayKeep(page) && !this.closed && !handle.retired && !context.retired && handle.live?.isConnected() === true;
  }

  /**
   * A kept page goes to about:blank before its next lease: its document's requests still on their way are
   * cancelled and its timers stop. Left as it was, a late answer to its XHR reached the next request's
   * listeners while that request's document was still loading, and satisfied its `waitFor.response`.
   * Playwright's copy of what the document threw goes too (the last 200, in full, in the crawl's heap).
   */
  private async leaveDocument(page: Page): Promise<boolean> {
    const left = page.goto('about:blank').then(() => Promise.all([page.clearPageErrors(), page.clearConsoleMessages()]));
    return withinTime(left, this.closeTimeoutMs, 'blanking a page').then(
      () => true,
      () => false,
    );
  }

  /** An idle page of this context, else a new one (closing the oldest idle page if the cap would be passed). */
  private pageIn(handle: BrowserHandle, context: BrowserContext): Promise<Page> {
    const idle = this.idle.take(handle, context);
    if (idle) {
      this.options.stats?.inc('browser/pages/reused');
      return Promise.resolve(idle);
    }
    this.idle.makeRoom(this.open, this.options.maxOpenPages);
    return context.newPage();
  }

  /**
   * A browser may die between its last page failing and its 'disconnected' event, or stop answering:
   * then try one fresh browser. The time bound starts once the browser is up (launching has its own).
   */
  private async openPage(key: ContextKey, retried = false): Promise<[BrowserHandle, Page, ContextUse]> {
    const handle = this.handleForNewPage();
    let use: ContextUse | null = null;
    try {
      await handle.browser;
      use = await handle.contexts.take(key);
      const opening = use.context.then((context) => this.pageIn(handle, context));
      const page = await withinTime(opening, this.openTimeoutMs, 'opening a browser page', (late) => void late.close().catch(() => undefined));
      return [handle, page, use];
    } catch (error) {
      const hung = error instanceof TimeBoundExceeded;
      if (hung || !handle.live?.isConnected()) this.startFailed(handle, error);
      if (hung) this.abandon(handle);
      await this.pageDone(handle, use);
      if (retried || (!hung && handle.live?.isConnected())) throw error;
      this.retire(handle, 'crash');
      return this.openPage(key, true);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.handles].map((handle) => this.closeHandle(handle)));
  }

  private takeSlot(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('page pool is closed'));
    if (this.open < this.options.maxOpenPages) {
      this.open++;
      return Promise.resolve();
    }
    // The slot is handed over directly by releaseSlot, so `open` never exceeds the cap.
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private get openTimeoutMs(): number {
    return this.options.openTimeoutMs ?? 30_000;
  }

  private get closeTimeoutMs(): number {
    return this.options.closeTimeoutMs ?? 5_000;
  }

  /** A browser that stopped answering: no new pages, and its processes killed so its pending calls fail now. */
  private abandon(handle: BrowserHandle): void {
    this.retire(handle, 'hung');
    if (handle.live) this.options.kill?.(handle.live);
  }

  private releaseSlot(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.open--;
  }

  private handleForNewPage(): BrowserHandle {
    if (this.current?.live && !this.current.live.isConnected()) this.retire(this.current, 'crash');
    if (!this.current || this.current.retired) {
      this.breaker.check(); // throws once browsers failed to start too often: no more launches this run
      this.current = this.launch();
    }
    const handle = this.current;
    handle.activePages++;
    handle.pagesServed++;
    this.served++;
    const { pagesPerBrowser } = this.options;
    if (handle.pagesServed >= pagesPerBrowser + Math.floor(pagesPerBrowser * PAGE_BUDGET_SLACK_RATIO)) this.retire(handle, 'pages');
    return handle;
  }

  private async newContext(launched: Promise<Browser>, key: ContextKey): Promise<BrowserContext> {
    const { userAgent, prepareContext } = this.options;
    const browser = await launched;
    // Service workers blocked: one a page registers would answer every later navigation of its host in this
    // context from its own script, so the stored price and rawHash would be bytes the shop never sent.
    // Downloads refused: Playwright's default saved whatever a page's script downloaded (a clicked a[download])
    // to a temporary directory until the browser closed, as many and as large as the page liked.
    const proxy = key.proxyUrl ? proxyOption(key.proxyUrl) : undefined;
    const context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: false, ...(userAgent ? { userAgent } : {}), ...(proxy ? { proxy } : {}) });
    rememberProxyCredentials(context, proxy);
    // A context that cannot start with its routes or the session's cookies must not stay open without a holder.
    try {
      await prepareContext?.(context);
      if (key.cookies?.length) await context.addCookies([...key.cookies]);
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
    return context;
  }

  private launch(): BrowserHandle {
    this.launched++;
    this.options.stats?.inc('browser/launched');
    const browser = this.options.launch();
    const contexts = new ContextSet((key) => this.newContext(browser, key), this.options.maxContexts ?? Infinity, () => this.options.stats?.inc('browser/contexts/opened'));
    const handle: BrowserHandle = { browser, contexts, activePages: 0, pagesServed: 0, retired: false, live: null, lastMemoryCheckMs: 0, memoryBytes: 0, loadedPage: false, failedToStart: false, closedByUs: false };
    this.handles.add(handle);
    handle.browser.then(
      (browser) => {
        handle.live = browser;
        browser.on('disconnected', () => {
          // One that went before any page loaded in it (and not closed by us) failed to start as much as a failed launch:
          // a Chromium that crashes under every page is relaunched no more often than one that cannot start.
          if (!handle.closedByUs) this.startFailed(handle, new Error('the browser exited before any page loaded in it'));
          this.retire(handle, 'crash');
        });
      },
      (error: unknown) => {
        this.retire(handle, 'launch-failed'); // the next page tries a new one, while the breaker allows
        this.startFailed(handle, error);
      },
    );
    return handle;
  }

  /**
   * A browser in which no page loaded failed to start, however it ended (launch refused, exited or hung before
   * its first page opened, or died under every page it had): once per browser.
   */
  private startFailed(handle: BrowserHandle, error: unknown): void {
    if (handle.loadedPage || handle.failedToStart) return;
    handle.failedToStart = true;
    if (this.breaker.failed(error)) this.options.stats?.inc('browser/launch-gave-up');
  }

  /** A retired browser takes no new pages; a crashed one's in-flight pages fail and are recorded by the caller. */
  private retire(handle: BrowserHandle, reason: RetireReason): void {
    if (!handle.retired) this.options.stats?.inc(`browser/retired/${reason}`);
    handle.retired = true;
    if (this.current === handle) this.current = null;
  }

  private async pageDone(handle: BrowserHandle, context: ContextUse | null): Promise<void> {
    handle.activePages--;
    context?.give();
    this.checkMemory(handle);
    if (handle.retired && handle.activePages === 0) await this.closeHandle(handle);
  }

  /** Reads the browser's process-tree memory (throttled), records the peak over all browsers, retires it above budget. */
  private checkMemory(handle: BrowserHandle): void {
    const { memory } = this.options;
    const nowMs = Date.now();
    if (!memory || !handle.live || handle.retired || nowMs - handle.lastMemoryCheckMs < memory.checkIntervalMs) return;
    handle.lastMemoryCheckMs = nowMs;
    handle.memoryBytes = memory.bytesOf(handle.live) ?? 0;
    // Retired browsers still finishing pages are alive too: the peak is over every open browser.
    const liveTotal = [...this.handles].reduce((sum, h) => sum + h.memoryBytes, 0);
    this.options.stats?.max('browser/pss-peak-bytes', liveTotal);
    if (handle.memoryBytes > memory.budgetBytes) this.retire(handle, 'memory');
  }

  private async closeHandle(handle: BrowserHandle): Promise<void> {
    handle.retired = true; // closing on purpose: not a crash when 'disconnected' follows
    handle.closedByUs = true;
    if (this.current === handle) this.current = null;
    this.handles.delete(handle);
    this.idle.forget(handle); // they close with their browser
    const browser = await handle.browser.catch(() => null);
    if (!browser) return;
    await withinTime(browser.close(), this.closeTimeoutMs, 'closing a browser').catch(() => this.options.kill?.(browser));
  }
}
