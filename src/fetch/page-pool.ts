// Hands out browser pages under the open-page cap, keeps a cleanly released one for its context's next lease or closes it.
import type { BrowserContext, Page } from 'playwright-core';
import { BrowserRoster, type BrowserHandle } from './browser-roster';
import type { ContextKey, ContextUse } from './context-set';
import { rendererState } from './hung-renderer';
import { IdlePages } from './idle-pages';
import type { PageLease, PagePoolOptions, PagePoolStats } from './page-pool-options';
import { PageSlots } from './page-slots';
import { TimeBoundExceeded, withinTime } from './time-bound';

/**
 * Pages of one context key share a context (cookies, proxy); a fresh context per page cost ~0.3 s here.
 * Which browser a page opens in, and when a browser is recycled, is the roster's (browser-roster.ts).
 */
export class PagePool {
  private readonly slots: PageSlots;
  /** Open pages (leased + idle) stay within maxOpenPages: a new page closes the oldest idle one. */
  private readonly idle = new IdlePages<BrowserHandle>();
  private readonly browsers: BrowserRoster;
  private closed = false;

  constructor(private readonly options: PagePoolOptions) {
    this.slots = new PageSlots(options.maxOpenPages);
    this.browsers = new BrowserRoster(options, this.closeTimeoutMs, (handle) => this.idle.forget(handle)); // idle pages close with their browser
  }

  get stats(): PagePoolStats {
    const { openContexts, launched, served } = this.browsers;
    return { openPages: this.slots.count, idlePages: this.idle.size, openContexts, browsersLaunched: launched, pagesServed: served };
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
    if (this.closed) throw new Error('page pool is closed');
    await this.slots.take();
    let handle: BrowserHandle;
    let page: Page;
    let context: ContextUse;
    try {
      [handle, page, context] = await this.openPage(key);
    } catch (error) {
      this.slots.release();
      throw error;
    }
    this.options.stats?.inc('browser/pages/opened');
    const retireContext = () => {
      if (context.retired) return;
      this.options.stats?.inc('browser/contexts/retired');
      context.retire();
    };
    // A renderer is shared only within its context, and Chromium placed a new tab of the context in a renderer
    // killed a moment before (one it reuses past --renderer-process-limit, its death not yet seen): the tab
    // crashed as it opened, Playwright's newPage never settled, and after openTimeoutMs the whole browser was
    // killed as hung. A context whose renderer died takes no new pages: the next lease of its key gets a fresh one.
    this.idle.leased(page, retireContext);
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
        await this.browsers.pageDone(handle, context);
        this.slots.release();
      })();
      return released;
    };
    return { page, release, retireContext, close, loaded: () => this.browsers.worked(handle) };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.browsers.closeAll();
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
    this.idle.makeRoom(this.slots.count, this.options.maxOpenPages);
    return context.newPage();
  }

  /**
   * A browser may die between its last page failing and its 'disconnected' event, or stop answering:
   * then try one fresh browser. The time bound starts once the browser is up (launching has its own).
   */
  private async openPage(key: ContextKey, retried = false): Promise<[BrowserHandle, Page, ContextUse]> {
    const handle = this.browsers.forNewPage();
    let use: ContextUse | null = null;
    try {
      await handle.browser;
      use = await handle.contexts.take(key);
      const opening = use.context.then((context) => this.pageIn(handle, context));
      const page = await withinTime(opening, this.openTimeoutMs, 'opening a browser page', (late) => void late.close().catch(() => undefined));
      return [handle, page, use];
    } catch (error) {
      const hung = error instanceof TimeBoundExceeded;
      if (hung || !handle.live?.isConnected()) this.browsers.startFailed(handle, error);
      if (hung) this.browsers.abandon(handle);
      await this.browsers.pageDone(handle, use);
      if (retried || (!hung && handle.live?.isConnected())) throw error;
      this.browsers.retire(handle, 'crash');
      return this.openPage(key, true);
    }
  }

  private get openTimeoutMs(): number {
    return this.options.openTimeoutMs ?? 30_000;
  }

  private get closeTimeoutMs(): number {
    return this.options.closeTimeoutMs ?? 5_000;
  }
}
