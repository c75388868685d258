// The page pool's browsers: launches one (behind the launch breaker), gives it pages, retires it (pages, memory, crash, hang) and closes it with its last page.
import type { Browser } from 'playwright-core';
import { ContextSet, type ContextUse } from './context-set';
import { LaunchBreaker } from './launch-breaker';
import type { PagePoolOptions } from './page-pool-options';
import { openPoolContext } from './pool-context';
import { withinTime } from './time-bound';

type RetireReason = 'pages' | 'memory' | 'crash' | 'hung' | 'launch-failed';

export interface BrowserHandle {
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

type RosterOptions = Pick<PagePoolOptions, 'launch' | 'pagesPerBrowser' | 'maxContexts' | 'memory' | 'kill' | 'stats' | 'userAgent' | 'prepareContext'>;

/**
 * A browser that has served `pagesPerBrowser` pages (plus a tenth), or whose process tree outgrew the memory
 * budget, is retired: new pages go to a fresh browser and the old one closes when its last page does.
 * `closing` hears of each browser closed on purpose (its idle pages close with it).
 */
export class BrowserRoster {
  private current: BrowserHandle | null = null;
  private readonly handles = new Set<BrowserHandle>();
  private readonly breaker = new LaunchBreaker();
  launched = 0;
  served = 0;

  constructor(
    private readonly options: RosterOptions,
    private readonly closeTimeoutMs: number,
    private readonly closing: (handle: BrowserHandle) => void,
  ) {}

  get openContexts(): number {
    return [...this.handles].reduce((sum, handle) => sum + handle.contexts.size, 0);
  }

  /** The browser the next page opens in (launched if none takes pages); the page counts against its budget now. */
  forNewPage(): BrowserHandle {
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

  /** A page loaded in this browser: the install works. */
  worked(handle: BrowserHandle): void {
    handle.loadedPage = true;
    this.breaker.worked();
  }

  /**
   * A browser in which no page loaded failed to start, however it ended (launch refused, exited or hung before
   * its first page opened, or died under every page it had): once per browser.
   */
  startFailed(handle: BrowserHandle, error: unknown): void {
    if (handle.loadedPage || handle.failedToStart) return;
    handle.failedToStart = true;
    if (this.breaker.failed(error)) this.options.stats?.inc('browser/launch-gave-up');
  }

  /** A retired browser takes no new pages; a crashed one's in-flight pages fail and are recorded by the caller. */
  retire(handle: BrowserHandle, reason: RetireReason): void {
    if (!handle.retired) this.options.stats?.inc(`browser/retired/${reason}`);
    handle.retired = true;
    if (this.current === handle) this.current = null;
  }

  /** A browser that stopped answering: no new pages, and its processes killed so its pending calls fail now. */
  abandon(handle: BrowserHandle): void {
    this.retire(handle, 'hung');
    if (handle.live) this.options.kill?.(handle.live);
  }

  /** One of its pages is done (its context given back): a retired browser closes with its last page. */
  async pageDone(handle: BrowserHandle, context: ContextUse | null): Promise<void> {
    handle.activePages--;
    context?.give();
    this.checkMemory(handle);
    if (handle.retired && handle.activePages === 0) await this.closeHandle(handle);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.handles].map((handle) => this.closeHandle(handle)));
  }

  private launch(): BrowserHandle {
    this.launched++;
    this.options.stats?.inc('browser/launched');
    const browser = this.options.launch();
    const contexts = new ContextSet((key) => browser.then((b) => openPoolContext(b, key, this.options)), this.options.maxContexts ?? Infinity, () => this.options.stats?.inc('browser/contexts/opened'));
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
    this.closing(handle);
    const browser = await handle.browser.catch(() => null);
    if (!browser) return;
    await withinTime(browser.close(), this.closeTimeoutMs, 'closing a browser').catch(() => this.options.kill?.(browser));
  }
}
