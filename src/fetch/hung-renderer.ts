// Tells a page whose renderer stopped running tasks (a script that never yields) or died from one that is only slow to load.
import type { Page } from 'playwright-core';
import { TimeBoundExceeded, withinTime } from './time-bound';

/**
 * How long a page's renderer may take to run a no-op before it is taken as hung. Same-site pages of a
 * context share renderer processes (`rendererLimitArg`), so a script that never yields (`for(;;){}`) or
 * a page thrashing toward its heap limit holds every page of that renderer, and closing its own page
 * does not end it: the renderer lives on for its other pages, idle kept tabs included, and kept a core
 * busy. Measured with Chromium 156, four tabs of one site: all four stuck, still stuck after the
 * looping one closed, and the crawl's other pages of that host timed out on every try with it.
 */
export const RENDERER_ANSWER_MS = 1_000;

/**
 * `answers` when the page ran a no-op (or closed, or moved on: nothing to judge); `crashed` when its
 * renderer died (Playwright fails the call as the target crashed); `hung` when nothing came in time.
 */
export async function rendererState(page: Page, withinMs = RENDERER_ANSWER_MS): Promise<'answers' | 'crashed' | 'hung'> {
  if (page.isClosed()) return 'answers';
  return withinTime(page.evaluate('0'), withinMs, 'running a no-op in the page').then(
    () => 'answers',
    (error: unknown) => {
      if (error instanceof TimeBoundExceeded) return 'hung';
      return error instanceof Error && /crash/i.test(error.message) ? 'crashed' : 'answers';
    },
  );
}
