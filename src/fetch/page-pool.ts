// Hands out browser pages under a cap, always closes them, recycles browsers after N pages, replaces crashed ones.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Stats } from '../engine/stats';

export interface PagePoolOptions {
  launch(): Promise<Browser>;
  maxOpenPages: number;
  pagesPerBrowser: number;
  userAgent?: string;
  /** Receives `browser/pages/opened`, `browser/pages/closed`, `browser/launched`, `browser/retired/<why>`. */
  stats?: Stats;
}

export interface PagePoolStats {
  openPages: number;
  browsersLaunched: number;
  pagesServed: number;
}

export interface PageLease {
  page: Page;
  /** Closes the page and frees its slot; safe to call more than once. */
  release(): Promise<void>;
}

interface BrowserHandle {
  browser: Promise<Browser>;
  /** One context per browser: a new page in a live context costs far less than a new context. */
  context: Promise<BrowserContext> | null;
  activePages: number;
  pagesServed: number;
  /** No new pages: closed as soon as its last page is (recycling, crash). */
  retired: boolean;
  /** Set once launched: lets a new page see a dead browser before its 'disconnected' event has run. */
  live: Browser | null;
}

/**
 * Pages share one context per browser (a fresh context per page cost ~0.3 s here); its cookies live as
 * long as that browser does.
 * A browser that has served `pagesPerBrowser` pages is retired: new pages go to a fresh browser and the
 * old one closes when its last page does, so a long crawl does not grow one Chromium without bound.
 */
export class PagePool {
  private current: BrowserHandle | null = null;
  private readonly handles = new Set<BrowserHandle>();
  private readonly waiters: Array<() => void> = [];
  private open = 0;
  private launched = 0;
  private served = 0;
  private closed = false;

  constructor(private readonly options: PagePoolOptions) {}

  get stats(): PagePoolStats {
    return { openPages: this.open, browsersLaunched: this.launched, pagesServed: this.served };
  }

  /** Runs `use` with a fresh page; the page is closed however `use` ends. */
  async withPage<T>(use: (page: Page) => Promise<T>): Promise<T> {
    const lease = await this.acquire();
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
  async acquire(): Promise<PageLease> {
    await this.takeSlot();
    let handle: BrowserHandle;
    let page: Page;
    try {
      [handle, page] = await this.openPage();
    } catch (error) {
      this.releaseSlot();
      throw error;
    }
    this.options.stats?.inc('browser/pages/opened');
    let released: Promise<void> | null = null;
    const release = () => {
      released ??= (async () => {
        await page.close().catch(() => undefined);
        this.options.stats?.inc('browser/pages/closed');
        await this.pageDone(handle);
        this.releaseSlot();
      })();
      return released;
    };
    return { page, release };
  }

  /** A browser may die between its last page failing and its 'disconnected' event: then try one fresh browser. */
  private async openPage(retried = false): Promise<[BrowserHandle, Page]> {
    const handle = this.handleForNewPage();
    try {
      return [handle, await (await this.contextOf(handle)).newPage()];
    } catch (error) {
      await this.pageDone(handle);
      if (retried || handle.live?.isConnected()) throw error;
      this.retire(handle);
      return this.openPage(true);
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

  private releaseSlot(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.open--;
  }

  private handleForNewPage(): BrowserHandle {
    if (this.current?.live && !this.current.live.isConnected()) this.retire(this.current);
    if (!this.current || this.current.retired) this.current = this.launch();
    const handle = this.current;
    handle.activePages++;
    handle.pagesServed++;
    this.served++;
    if (handle.pagesServed >= this.options.pagesPerBrowser) handle.retired = true;
    return handle;
  }

  private contextOf(handle: BrowserHandle): Promise<BrowserContext> {
    handle.context ??= handle.browser.then((browser) => browser.newContext(this.options.userAgent ? { userAgent: this.options.userAgent } : {}));
    return handle.context;
  }

  private launch(): BrowserHandle {
    this.launched++;
    const handle: BrowserHandle = { browser: this.options.launch(), context: null, activePages: 0, pagesServed: 0, retired: false, live: null };
    this.handles.add(handle);
    handle.browser.then(
      (browser) => {
        handle.live = browser;
        browser.on('disconnected', () => this.retire(handle));
      },
      () => this.retire(handle), // a failed launch: the next page tries a new one
    );
    return handle;
  }

  /** A crashed or failed browser takes no new pages; its in-flight pages fail and are recorded by the caller. */
  private retire(handle: BrowserHandle): void {
    handle.retired = true;
    if (this.current === handle) this.current = null;
  }

  private async pageDone(handle: BrowserHandle): Promise<void> {
    handle.activePages--;
    if (handle.retired && handle.activePages === 0) await this.closeHandle(handle);
  }

  private async closeHandle(handle: BrowserHandle): Promise<void> {
    this.retire(handle);
    this.handles.delete(handle);
    const browser = await handle.browser.catch(() => null);
    await browser?.close().catch(() => undefined);
  }
}
