// Waits, after the load, until a page has stopped changing: no request of its own in flight and its DOM unchanged for a while.
import type { Page, Request as PwRequest } from 'playwright-core';
import { evaluateIsolated } from './isolated-world';

/**
 * The load event is no promise that the page shows its last word. A shop renders the list price, then its
 * script asks an API for the sale price (or the shopper's currency, or an A/B variant) and writes it over the
 * first: read at the load, the "was" price was stored as the price, silently. So the fetcher reads once the
 * page is quiet: none of its requests in flight, and no change to its DOM for `quietMs` (the same half
 * second Playwright's and Puppeteer's network idle count). A page that never gets there (a ticker, a
 * long poll) is read when `capMs` has passed, as it is then. A change made by a timer after a longer silence
 * than `quietMs` is not waited for: nothing in the page says it is coming.
 */
export interface QuietOptions {
  quietMs: number;
  capMs: number;
}

/**
 * The wait's bounds for a page whose load started at `startedAtMs`: at most half of the page's time left, so
 * a page whose API never answers is read as it is rather than timed out.
 */
export function quietOptions(settings: { quietMs: number; quietCapMs: number; timeoutMs: number }, startedAtMs: number): QuietOptions {
  const leftMs = settings.timeoutMs > 0 ? settings.timeoutMs - (Date.now() - startedAtMs) : Number.POSITIVE_INFINITY;
  return { quietMs: settings.quietMs, capMs: Math.max(0, Math.min(settings.quietCapMs, leftMs / 2)) };
}

/** Requests that stay open by design: counted, they would hold every page of a shop that uses them to the cap. */
const LONG_LIVED = new Set(['eventsource', 'websocket', 'media']);

/** Requests a page's script makes for data: the load never waits for them. */
const FETCHES = new Set(['fetch', 'xhr']);

/** The page's requests in flight, from the moment it is made (before the load, so none is missed). */
export class PageTraffic {
  private readonly open = new Set<PwRequest>();
  /** Requests started so far: one started during a quiet window means the window proved nothing. */
  started = 0;

  private readonly onRequest = (req: PwRequest) => {
    if (LONG_LIVED.has(req.resourceType())) return;
    this.open.add(req);
    this.started++;
  };

  private readonly onEnd = (req: PwRequest) => {
    this.open.delete(req);
    if (this.open.size === 0) this.wake();
  };

  private waiters: Array<() => void> = [];

  constructor(private readonly page: Page) {
    page.on('request', this.onRequest);
    page.on('requestfinished', this.onEnd);
    page.on('requestfailed', this.onEnd);
  }

  /**
   * The load was given up on (load-wait.ts): the parts still on their way are what held it, waited for as
   * long as the page allows. The quiet wait would wait its whole cap for them again; it waits for the page's
   * other requests only. A fetch or XHR (a price API) holds no load: it is still waited for.
   */
  forgetLoadBlockers(): void {
    for (const req of this.open) if (!FETCHES.has(req.resourceType())) this.open.delete(req);
    if (this.open.size === 0) this.wake();
  }

  get inFlight(): number {
    return this.open.size;
  }

  /** Resolves once nothing is in flight, or after `ms`. */
  drained(ms: number): Promise<void> {
    if (this.open.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== done);
        resolve();
      }, ms);
      this.waiters.push(done);
    });
  }

  stop(): void {
    this.page.off('request', this.onRequest);
    this.page.off('requestfinished', this.onEnd);
    this.page.off('requestfailed', this.onEnd);
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/**
 * Resolves true once the document went `quietMs` without a change (a style attribute aside: animations
 * write one every frame and carry no price), false at `capMs`. Run in our own world of the page
 * (isolated-world.ts: its timers and observers are not the page's to replace); a string, as the DOM types
 * are not in this project's TypeScript lib.
 */
const DOM_QUIET = `([quietMs, capMs]) => new Promise((resolve) => {
  const start = performance.now();
  let last = start;
  const observer = new MutationObserver((records) => {
    if (records.some((record) => record.type !== 'attributes' || record.attributeName !== 'style')) last = performance.now();
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  const check = () => {
    const now = performance.now();
    const quiet = now - last >= quietMs;
    if (quiet || now - start >= capMs) {
      observer.disconnect();
      resolve(quiet);
    } else setTimeout(check, Math.max(1, Math.min(last + quietMs, start + capMs) - now));
  };
  setTimeout(check, quietMs);
})`;

/**
 * Waits until the page is quiet (see above); true when it got there, false when the cap ran out. A page that
 * navigates meanwhile ends the wait (the document read next is DocumentWatch's to judge); a closed one throws.
 */
export async function waitForQuietPage(page: Page, traffic: PageTraffic, options: QuietOptions): Promise<boolean> {
  if (options.quietMs <= 0) return true;
  const endsAt = Date.now() + options.capMs;
  for (;;) {
    const left = endsAt - Date.now();
    if (left <= 0) return false;
    await traffic.drained(left);
    const startedBefore = traffic.started;
    // An expression: the numbers go into it.
    const call = `(${DOM_QUIET})([${options.quietMs}, ${Math.max(endsAt - Date.now(), 0)}])`;
    const quiet = await boundedByNode(
      evaluateIsolated(page, call).catch((error: unknown) => {
        if (page.isClosed()) throw error;
        return 'navigated' as const; // its context went with the document
      }),
      endsAt - Date.now() + options.quietMs,
    );
    if (quiet === 'navigated') return true;
    if (quiet === 'unanswered') return false;
    if (quiet === true && traffic.inFlight === 0 && traffic.started === startedBefore) return true;
  }
}

/**
 * The in-page wait runs on the renderer's timers: a page whose renderer is busy (or, in its main world, a
 * page that replaced `setTimeout` with a no-op) would never answer, and the fetch would wait for its deadline.
 * Node's clock ends it at the cap as for any other page.
 */
async function boundedByNode<T>(work: Promise<T>, ms: number): Promise<T | 'unanswered'> {
  let timer: NodeJS.Timeout | undefined;
  const unanswered = new Promise<'unanswered'>((resolve) => (timer = setTimeout(() => resolve('unanswered'), Math.max(ms, 0))));
  try {
    return await Promise.race([work, unanswered]);
  } finally {
    clearTimeout(timer);
  }
}
