// What a page pool is given (launch, caps, memory watch, hooks) and what it hands out and reports.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Stats } from '../engine/stats';

export interface BrowserMemoryWatch {
  /** A browser whose process tree is above this is retired after the page that found it so. */
  budgetBytes: number;
  /** Shortest time between two reads of /proc for one browser. */
  checkIntervalMs: number;
  /** The browser's memory; a measure that counts pages shared between its processes once (PSS), or Chromium looks several times its size. */
  bytesOf(browser: Browser): number | null;
}

export interface PagePoolOptions {
  launch(): Promise<Browser>;
  maxOpenPages: number;
  /** Contexts open at once per browser (one per context key). */
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
  /**
   * A released page is parked before it is kept or closed: this keeps it from going anywhere until its next
   * lease (the confinement denies it every navigation), and may let its document go while that holds.
   */
  park?(page: Page): Promise<void> | void;
  /** Receives `browser/pages/opened|reused|closed`, `browser/contexts/opened|retired`, `browser/renderer-hung|crashed`, `browser/launched`, `browser/retired/<why>`, `browser/pss-peak-bytes`. */
  stats?: Stats;
}

export interface PagePoolStats {
  /** Leased pages. */
  openPages: number;
  /** Released pages kept open for reuse. */
  idlePages: number;
  openContexts: number;
  browsersLaunched: number;
  pagesServed: number;
}

export interface PageLease {
  page: Page;
  /**
   * Frees the page's slot; safe to call more than once. The page is closed, unless `reusable` says the
   * holder left it in a known state (loaded, listeners off): then it is kept for the next lease of its
   * context, which saves Chromium a new tab and renderer process.
   */
  release(reusable?: boolean): Promise<void>;
  /** The page's context takes no new pages (it now holds state its key must not share); it closes with its last page. */
  retireContext(): void;
  /**
   * Closes the page now, rejecting whatever call into it is pending (how a deadline ends a hung page); a
   * renderer that no longer answers retires the context first. `release` must still be called.
   */
  close(): Promise<void>;
  /** The holder's document loaded: the browser works (launch-breaker.ts counts browsers in which none did). */
  loaded(): void;
}
