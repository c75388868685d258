// Released browser pages kept open for the next lease of their context: which may be kept, which is handed out, which closes.
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Requests one page (tab) may serve before it is closed instead of kept. A reused tab keeps its renderer
 * process, which saves Chromium a process launch and Playwright its page set-up per request (measured:
 * half the CPU per page on the JS shop), but the renderer's heap grows with each document it loads
 * (~70 MB fresh, ~125 MB after ~50 product pages): a fresh tab every so often bounds that.
 */
export const PAGE_REUSE_LIMIT = 20;

/** `owner` is the pool's browser handle: a page is only handed out again within its own browser. */
export class IdlePages<Owner> {
  /** Oldest first. */
  private idle: Array<{ owner: Owner; page: Page }> = [];
  /** Requests each open page has served. */
  private readonly uses = new WeakMap<Page, number>();
  /**
   * Pages whose renderer died. A crash does not close a page, and same-site tabs share a renderer: one
   * page that ran its renderer out of memory (or a renderer the OOM killer took) leaves every idle tab of
   * it dead, and handing one out failed an innocent request as a crashed browser.
   */
  private readonly crashed = new WeakSet<Page>();

  get size(): number {
    return this.idle.length;
  }

  /** A lease got the page: one more request served. `crashed` runs if its renderer dies, leased or idle. */
  leased(page: Page, crashed: () => void): void {
    const uses = this.uses.get(page) ?? 0;
    if (uses === 0) {
      page.once('crash', () => {
        this.crashed.add(page);
        crashed();
      });
    }
    this.uses.set(page, uses + 1);
  }

  /** Under its reuse limit, still open and its renderer alive (the pool judges its browser and context). */
  mayKeep(page: Page): boolean {
    return (this.uses.get(page) ?? 0) < PAGE_REUSE_LIMIT && this.usable(page);
  }

  keep(owner: Owner, page: Page): void {
    this.idle.push({ owner, page });
  }

  /**
   * An idle page of this very context in this browser, or null. The caller holds the context (a lease
   * of it), so it cannot be evicted under the page; a page whose context went is not this context's.
   */
  take(owner: Owner, context: BrowserContext): Page | null {
    this.prune();
    const at = this.idle.findIndex((idle) => idle.owner === owner && idle.page.context() === context);
    return at >= 0 ? this.idle.splice(at, 1)[0].page : null;
  }

  /** Before a new page opens with `leased` pages leased: closes the oldest idle page if leased + idle would pass `max`. */
  makeRoom(leased: number, max: number): void {
    this.prune();
    if (this.idle.length > 0 && leased + this.idle.length > max) void this.idle.shift()?.page.close().catch(() => undefined);
  }

  /** Drops idle pages that closed or whose renderer crashed; a crashed one is closed (it still holds its tab). */
  private prune(): void {
    for (const { page } of this.idle) if (!page.isClosed() && this.crashed.has(page)) void page.close().catch(() => undefined);
    this.idle = this.idle.filter((idle) => this.usable(idle.page));
  }

  private usable(page: Page): boolean {
    return !page.isClosed() && !this.crashed.has(page);
  }

  /** The browser is closing: its pages close with it. */
  forget(owner: Owner): void {
    this.idle = this.idle.filter((idle) => idle.owner !== owner);
  }
}
