// Hands out browser pages under caps (pages, contexts), always closes them, recycles browsers by pages or memory, replaces crashed ones.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Stats } from '../engine/stats';
import { ContextSet, type ContextKey } from './context-set';
import { TimeBoundExceeded, withinTime } from './time-bound';

export interface BrowserMemoryWatch {
  /** A browser whose process tree is above this is retired after the page that found it so. */
  budgetBytes: number;
  /** Shortest time between two reads of /proc for one browser. */
  checkIntervalMs: number;
  rssBytesOf(browser: Browser): number | null;
}

export interface PagePoolOptions {
  launch(): Promise<Browser>;
  maxOpenPages: number;
  /** Contexts open at once per browser (one per session key). */
  maxContexts?: number;
  pagesPerBrowser: number;
  userAgent?: string;
  memory?: BrowserMemoryWatch;
  /** Longest a launched browser may take to open a page (context included); one slower than that is taken as hung. Default 30 s. */
  openTimeoutMs?: number;
  /** Longest a page or browser may take to close before it is given up on (the browser killed). Default 5 s. */
  closeTimeoutMs?: number;
  /** Kills a browser that stopped answering (its whole process tree); without it, a hung browser is only abandoned. */
  kill?(browser: Browser): void;
  /** Runs on each new context before its first page opens (routes that must see every request). */
  prepareContext?(context: BrowserContext): Promise<void>;
  /** Receives `browser/pages/opened|closed`, `browser/contexts/opened`, `browser/launched`, `browser/retired/<why>`, `browser/rss-peak-bytes`. */
  stats?: Stats;
}

export interface PagePoolStats {
  openPages: number;
  openContexts: number;
  browsersLaunched: number;
  pagesServed: number;
}

export interface PageLease {
  page: Page;
  /** Closes the page and frees its slot; safe to call more than once. */
  release(): Promise<void>;
}

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
  rssBytes: number;
}

/**
 * Pages of one session key share a context (cookies, proxy); a fresh context per page cost ~0.3 s here.
 * A browser that has served `pagesPerBrowser` pages, or whose process tree outgrew the memory budget, is
 * retired: new pages go to a fresh browser and the old one closes when its last page does.
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
    const openContexts = [...this.handles].reduce((sum, handle) => sum + handle.contexts.size, 0);
    return { openPages: this.open, openContexts, browsersLaunched: this.launched, pagesServed: this.served };
  }

  /** Runs `use` with a fresh page; the page is closed however `use` ends. */
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
    try {
      [handle, page] = await this.openPage(key);
    } catch (error) {
      this.releaseSlot();
      throw error;
    }
    this.options.stats?.inc('browser/pages/opened');
    let released: Promise<void> | null = null;
    const release = () => {
      released ??= (async () => {
        await withinTime(page.close(), this.closeTimeoutMs, 'closing a page').catch(() => undefined);
        this.options.stats?.inc('browser/pages/closed');
        await this.pageDone(handle, key);
        this.releaseSlot();
      })();
      return released;
    };
    return { page, release };
  }

  /**
   * A browser may die between its last page failing and its 'disconnected' event, or stop answering:
   * then try one fresh browser. The time bound starts once the browser is up (launching has its own).
   */
  private async openPage(key: ContextKey, retried = false): Promise<[BrowserHandle, Page]> {
    const handle = this.handleForNewPage();
    try {
      await handle.browser;
      const opening = handle.contexts.take(key).then((context) => context.newPage());
      return [handle, await withinTime(opening, this.openTimeoutMs, 'opening a browser page', (late) => void late.close().catch(() => undefined))];
    } catch (error) {
      const hung = error instanceof TimeBoundExceeded;
      if (hung) this.abandon(handle);
      await this.pageDone(handle, key);
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
    if (!this.current || this.current.retired) this.current = this.launch();
    const handle = this.current;
    handle.activePages++;
    handle.pagesServed++;
    this.served++;
    if (handle.pagesServed >= this.options.pagesPerBrowser) this.retire(handle, 'pages');
    return handle;
  }

  private newContext(launched: Promise<Browser>, key: ContextKey): Promise<BrowserContext> {
    const { userAgent, prepareContext } = this.options;
    return launched.then(async (browser) => {
      const context = await browser.newContext({ ...(userAgent ? { userAgent } : {}), ...(key.proxyUrl ? { proxy: proxyOption(key.proxyUrl) } : {}) });
      await prepareContext?.(context);
      return context;
    });
  }

  private launch(): BrowserHandle {
    this.launched++;
    this.options.stats?.inc('browser/launched');
    const browser = this.options.launch();
    const contexts = new ContextSet((key) => this.newContext(browser, key), this.options.maxContexts ?? Infinity, () => this.options.stats?.inc('browser/contexts/opened'));
    const handle: BrowserHandle = { browser, contexts, activePages: 0, pagesServed: 0, retired: false, live: null, lastMemoryCheckMs: 0, rssBytes: 0 };
    this.handles.add(handle);
    handle.browser.then(
      (browser) => {
        handle.live = browser;
        browser.on('disconnected', () => this.retire(handle, 'crash'));
      },
      () => this.retire(handle, 'launch-failed'), // the next page tries a new one
    );
    return handle;
  }

  /** A retired browser takes no new pages; a crashed one's in-flight pages fail and are recorded by the caller. */
  private retire(handle: BrowserHandle, reason: RetireReason): void {
    if (!handle.retired) this.options.stats?.inc(`browser/retired/${reason}`);
    handle.retired = true;
    if (this.current === handle) this.current = null;
  }

  private async pageDone(handle: BrowserHandle, key: ContextKey): Promise<void> {
    handle.activePages--;
    handle.contexts.give(key.key);
    this.checkMemory(handle);
    if (handle.retired && handle.activePages === 0) await this.closeHandle(handle);
  }

  /** Reads the browser's process-tree RSS (throttled), records the peak over all browsers, retires it above budget. */
  private checkMemory(handle: BrowserHandle): void {
    const { memory } = this.options;
    const nowMs = Date.now();
    if (!memory || !handle.live || handle.retired || nowMs - handle.lastMemoryCheckMs < memory.checkIntervalMs) return;
    handle.lastMemoryCheckMs = nowMs;
    handle.rssBytes = memory.rssBytesOf(handle.live) ?? 0;
    // Retired browsers still finishing pages are alive too: the peak is over every open browser.
    const liveTotal = [...this.handles].reduce((sum, h) => sum + h.rssBytes, 0);
    this.options.stats?.max('browser/rss-peak-bytes', liveTotal);
    if (handle.rssBytes > memory.budgetBytes) this.retire(handle, 'memory');
  }

  private async closeHandle(handle: BrowserHandle): Promise<void> {
    handle.retired = true; // closing on purpose: not a crash when 'disconnected' follows
    if (this.current === handle) this.current = null;
    this.handles.delete(handle);
    const browser = await handle.browser.catch(() => null);
    if (!browser) return;
    await withinTime(browser.close(), this.closeTimeoutMs, 'closing a browser').catch(() => this.options.kill?.(browser));
  }
}

/** Playwright wants credentials apart from the server address. */
function proxyOption(proxyUrl: string): { server: string; username?: string; password?: string } {
  const url = new URL(proxyUrl);
  const username = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  return { server: url.origin, ...(username ? { username } : {}), ...(password ? { password } : {}) };
}
