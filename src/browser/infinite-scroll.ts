// Infinite scroll in a live page: scroll to the bottom, wait for new items or a cap, count, until the rules say stop.
import type { Page } from 'playwright-core';
import { evaluateIsolated } from '../fetch/isolated-world';
import { PaginationState, type PaginationLimits, type PaginationResult } from './pagination-state';

export interface ScrollOptions extends Partial<PaginationLimits> {
  /** CSS selector of one item (e.g. `a.product`); plain CSS, as `document.querySelectorAll` takes it. */
  itemSelector: string;
  /** Attribute that identifies an item (default `href`; the text when the attribute is missing). */
  keyAttribute?: string;
  /** Longest wait for new items after a scroll: a step that brings none within it is idle. */
  settleCapMs?: number;
  /** Reads the page's next-page token, if it exposes one: null/'' = no more pages, undefined = unknown. */
  readCursor?(page: Page): Promise<string | null | undefined>;
}

export const SCROLL_DEFAULTS = { maxSteps: 50, settleCapMs: 2_000, keyAttribute: 'href' } as const;

/**
 * Returns the keys of every item that appeared, in order. Ends deterministically: each step is bounded
 * by `settleCapMs` and there are at most `maxSteps` of them. The first observation waits (up to the
 * cap) for the first item, since a listing that fills itself from an API starts empty.
 */
export async function scrollToEnd(page: Page, options: ScrollOptions): Promise<PaginationResult<string>> {
  const { itemSelector } = options;
  const settleCapMs = options.settleCapMs ?? SCROLL_DEFAULTS.settleCapMs;
  const keyAttribute = options.keyAttribute ?? SCROLL_DEFAULTS.keyAttribute;
  const state = new PaginationState({ maxSteps: options.maxSteps ?? SCROLL_DEFAULTS.maxSteps, maxIdleSteps: options.maxIdleSteps });
  // Waits are a locator's and reads run in our own world (isolated-world.ts): Playwright's page.$$eval and
  // waitForSelector/waitForFunction run its script in the page's world, on the page's built-ins, and a page that
  // replaced Array.prototype.push hung its renderer there.
  const items = page.locator(itemSelector);
  await settle(items.first().waitFor({ state: 'attached', timeout: settleCapMs }), page);
  const readKeys = `Array.from(document.querySelectorAll(${JSON.stringify(itemSelector)}), (el) => el.getAttribute(${JSON.stringify(keyAttribute)}) ?? el.textContent?.trim() ?? '')`;
  let shown = 0;
  for (;;) {
    const keys = (await evaluateIsolated(page, readKeys)) as string[];
    // The token is a page attribute: unchanged after a scroll that loaded nothing, which is idleness, not a loop.
    const loaded = keys.length > shown;
    shown = keys.length;
    const rawCursor = loaded && options.readCursor ? await options.readCursor(page) : undefined;
    const decision = state.observe({ keys, cursor: rawCursor === '' ? null : rawCursor });
    if (decision.type === 'stop') return { items: state.keys, steps: state.stepCount, reason: decision.reason };
    // Expressions as strings: they run in the page, and this project compiles without the DOM library.
    // The explicit scroll event also reaches listeners when the list is still too short to scroll.
    await evaluateIsolated(page, `window.scrollTo(0, document.body.scrollHeight); window.dispatchEvent(new Event('scroll'))`);
    await settle(items.nth(shown).waitFor({ state: 'attached', timeout: settleCapMs }), page);
  }
}

/** A wait that may time out (that is an answer: nothing new came); a closed page is not. */
async function settle(wait: Promise<unknown>, page: Page): Promise<void> {
  await wait.catch((error: unknown) => {
    if (page.isClosed()) throw error;
  });
}
