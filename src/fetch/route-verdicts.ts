// What the confinement route does with one request of a page: let it go, or abort it (counted), by its guard and the settings.
import type { Request as PwRequest, Route } from 'playwright-core';
import { urlMatches } from '../core/browser-options';
import { FetchError, HopTargetError, type ErrorCode } from '../core/errors';
import type { Stats } from '../engine/stats';
import type { Settings } from '../settings/schema';
import { isWeb } from './offsite-frames';
import { ALLOW_ALL, PARKED, type PageGuard } from './page-guard';
import { POST_NAVIGATION_BLOCKED, postedDocument } from './posted-documents';
import { isPrefetch } from './speculation-rules';
import { isTabIcon, TAB_ICON_BLOCKED } from './tab-icons';

export type VerdictSettings = Pick<Settings['browser'], 'blockResourceTypes' | 'blockUrlPatterns' | 'offsiteSubresources'>;

/** A frame's navigation or redirect hop that the caller's check (robots.txt) refused. */
export const FRAME_REFUSED = 'browser/frame/refused';
/**
 * A fetch, script or image of the page that robots.txt keeps out, by what the caller's check refused it for.
 * The file binds what the crawler fetches to render a page too (Google's renderer fetches no disallowed
 * resource): a price API under `Disallow: /api/` was called and its price stored. Its visiting hours too
 * (Visit-time): checked at each request, so a script that goes on polling after the hours close sends
 * nothing, nor does a part on another origin whose hours are closed; and an origin it refuses whole (a
 * Crawl-delay too long or unreadable) gets no part either, nor does one whose file could not be read (a 5xx, a
 * refused connection: a complete disallow, RFC 9309 §2.3.1.4; as "not known" its parts went). Only a verdict
 * the check can give now (the origin's file fetched: the page's own origin always is); an origin whose file is not known (ROBOTS_PENDING),
 * or one the offsite rule refuses (a CDN under `offsiteSubresources: allow`), goes as before.
 */
const ROBOTS_PART_VERDICTS: Partial<Record<ErrorCode, string>> = {
  ROBOTS_DISALLOWED: 'browser/robots/subresource-blocked',
  ROBOTS_VISIT_TIME: 'browser/robots/subresource-visit-time',
  ROBOTS_CRAWL_DELAY_TOO_LONG: 'browser/robots/subresource-refused',
  ROBOTS_CRAWL_DELAY_UNREADABLE: 'browser/robots/subresource-refused',
  ROBOTS_UNAVAILABLE: 'browser/robots/subresource-unreachable',
  // Its file ran out and is being read again: held for the new file when this process reads it, else refused
  // (as "not known" it went unjudged, on a file past its day).
  ROBOTS_REFETCHING: 'browser/robots/subresource-refetching',
};

/** A part refused by `blockResourceTypes` or `blockUrlPatterns`: aborted as blocked by the client, not counted. */
export const BLOCKED_PART = 'blocked';

/**
 * Page code can leave a page by `location.href`, a meta refresh, a form, an iframe or `window.open`: each
 * is a navigation request, and one to a host outside the page's guard is aborted before it leaves Chromium.
 * In a frame it is aborted quietly (the frame stays blank, the page intact). In the main frame it is
 * aborted as `blockedbyclient`: Chromium commits an error page, so the page's load ends at once (a quiet
 * abort during parsing leaves Playwright waiting for a load event that never comes) and the fetcher fails
 * the request as `offsite/browser-navigation` rather than guess which document the spider wanted. A page
 * nobody guards is a popup the site opened: no navigation.
 * Off-site subresources (fetch/XHR, scripts, images) are allowed by default, because shops load
 * their scripts and prices from CDNs; `browser.offsiteSubresources: block` stops them too.
 */
export class RouteVerdicts {
  private readonly blockedTypes: Set<string>;

  constructor(
    private readonly settings: VerdictSettings,
    private readonly stats?: Stats,
  ) {
    this.blockedTypes = new Set(settings.blockResourceTypes);
  }

  /**
   * Ends the request one way or another. A verdict that throws (a guard's bug, a check that fails on a URL it
   * cannot read) left the request paused in Chromium until the page's deadline (`fetch/timeout`, on every try),
   * and its rejection went unhandled in the crawl's process: it is refused and counted (`browser/route/failed`),
   * and the main frame's document fails the request with what went wrong.
   */
  decide(route: Route, guard: PageGuard | undefined): Promise<void> {
    try {
      return this.judge(route, guard).catch((error: unknown) => this.failed(route, guard, error));
    } catch (error) {
      return this.failed(route, guard, error);
    }
  }

  private failed(route: Route, guard: PageGuard | undefined, error: unknown): Promise<void> {
    const req = route.request();
    this.stats?.inc(VERDICT_FAILED);
    const main = req.isNavigationRequest() && isMainFrameSafe(req);
    if (main) guard?.refusedMainFrame?.(req.url(), verdictFailure(req.url(), error));
    return route.abort(main ? 'blockedbyclient' : 'aborted').catch(() => undefined);
  }

  /** `again`: judged once more after the file it waited for became known (never waits twice). */
  private judge(route: Route, guard: PageGuard | undefined, again = false): Promise<void> {
    const req = route.request();
    const url = req.url();
    let verdict: string | null = null;
    if (guard === PARKED) {
      // A parked page needs nothing. Quietly: an error page committing would interrupt the next request's load there.
      if (req.isNavigationRequest()) this.stats?.inc('browser/parked/navigation-blocked');
      return route.abort('aborted').catch(() => undefined);
    }
    if (isPrefetch(req.headers())) {
      // A page it may visit next (speculation-rules.ts): never needed to render this one, and not judged by robots.txt here.
      this.stats?.inc('browser/prefetch-blocked');
      return route.abort('aborted').catch(() => undefined);
    }
    if (isTabIcon(req.resourceType(), req.headers())) {
      this.stats?.inc(TAB_ICON_BLOCKED);
      return route.abort('aborted').catch(() => undefined);
    }
    if (req.isNavigationRequest()) {
      if (!guard) verdict = 'browser/offsite/popup-blocked';
      else if (!guard.allows(url)) verdict = 'browser/offsite/navigation-blocked';
      if (verdict !== null && guard && isMainFrame(req)) {
        this.stats?.inc(verdict);
        guard.refusedMainFrame?.(url, null);
        return route.abort('blockedbyclient').catch(() => undefined);
      }
      // A script's, meta refresh's or form's navigation of the main document is a redirect done by the page:
      // judged as one (robots.txt) before it is sent. The request's own `goto` passes here too, already judged.
      // A frame's document is a page fetched too: one robots.txt refuses stays blank, quietly, as an off-site one.
      // A form the page submits by POST is sent by neither (posted-documents.ts).
      const posted = verdict === null ? postedDocument(req) : null;
      const reason = posted ?? (verdict === null && guard?.checkDocument ? guard.checkDocument(req.frame().url(), url) : null);
      if (reason && isMainFrame(req)) {
        if (posted) this.stats?.inc(POST_NAVIGATION_BLOCKED);
        guard?.refusedMainFrame?.(url, reason);
        return route.abort('blockedbyclient').catch(() => undefined);
      }
      if (reason) verdict = posted ? POST_NAVIGATION_BLOCKED : FRAME_REFUSED;
      // Guarded first: a popup's request has no frame yet (Playwright throws), and no guard.
      else if (guard?.beforeNavigation && isMainFrame(req)) return spaced(route, guard, guard.beforeNavigation(url));
    } else {
      const check = this.partCheck(guard, () => req.frame().url(), url, req.resourceType());
      if (check.whenKnown && !again) {
        const judgeAgain = () => this.judge(route, guard, true);
        return check.whenKnown.then(judgeAgain, judgeAgain);
      }
      verdict = check.verdict;
      if (verdict === BLOCKED_PART) return route.abort('blockedbyclient').catch(() => undefined);
    }
    // The request's own document (and a script's move of it) is the host slot's; every other request of the page is capped.
    const capped = verdict === null && !(req.isNavigationRequest() && isMainFrame(req)) && guard?.cap?.admits(url) === false;
    if (capped) return route.abort('blockedbyclient').catch(() => undefined);
    if (verdict === null) return route.continue().catch(() => undefined);
    this.stats?.inc(verdict);
    return route.abort('aborted').catch(() => undefined);
  }

  /**
   * What a page's request for one of its parts (anything but a document) to `url` gets: null lets it go;
   * BLOCKED_PART is a blocked type or URL pattern, not counted; else the verdict counted as it is aborted.
   * Asked of the first request (the route) and of each redirect hop (redirect-hops.ts), which no route sees.
   */
  partVerdict(guard: PageGuard | undefined, from: () => string, url: string, resourceType: string): string | null {
    return this.partCheck(guard, from, url, resourceType).verdict;
  }

  /** The verdict, and what a route may wait for before it is judged again (an origin's file being read again). */
  private partCheck(guard: PageGuard | undefined, from: () => string, url: string, resourceType: string): { verdict: string | null; whenKnown?: Promise<void> } {
    if (this.blockedTypes.has(resourceType) || this.settings.blockUrlPatterns.some((pattern) => urlMatches(url, pattern))) return { verdict: BLOCKED_PART };
    if (this.settings.offsiteSubresources === 'block' && !(guard ?? ALLOW_ALL).allows(url)) return { verdict: 'browser/offsite/subresource-blocked' };
    const refusal = guard?.checkDocument && isWeb(url) ? guard.checkDocument(from(), url) : null;
    const whenKnown = refusal instanceof HopTargetError ? refusal.whenKnown : undefined;
    return { verdict: (refusal && ROBOTS_PART_VERDICTS[refusal.code]) ?? null, ...(whenKnown ? { whenKnown } : {}) };
  }
}

/**
 * A main-frame navigation let go once its host's slot came. A page that reloads itself, or sets `location` on
 * every load, sent the shop one document request after another as fast as each loaded (14 in 8 s at a 1 s
 * interval) until the read gave up on it: Chromium sends them past every host slot. Refused with the wait's
 * error (a deferral when the slot is too far off), or quietly when the fetch was cut off meanwhile.
 */
function spaced(route: Route, guard: PageGuard, turn: Promise<void>): Promise<void> {
  return turn.then(
    () => route.continue().catch(() => undefined),
    (error: unknown) => {
      if (error instanceof FetchError) guard.refusedMainFrame?.(route.request().url(), error);
      return route.abort(error instanceof FetchError ? 'blockedbyclient' : 'aborted').catch(() => undefined);
    },
  );
}

/** A request whose verdict threw: refused, counted. */
export const VERDICT_FAILED = 'browser/route/failed';

/** Why a page whose own document's verdict threw fails (transient: what threw may not throw again). */
export function verdictFailure(url: string, error: unknown): FetchError {
  return new FetchError('FETCH_FAILED', `the browser's verdict on ${url} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}

/** Whether the request is the main frame's, false when Playwright cannot tell (a service worker's has no frame). */
function isMainFrameSafe(req: PwRequest): boolean {
  try {
    return isMainFrame(req);
  } catch {
    return false;
  }
}

function isMainFrame(req: PwRequest): boolean {
  const frame = req.frame();
  return frame.parentFrame() === null;
}
