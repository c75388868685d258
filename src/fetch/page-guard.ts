// What one page load may reach, and what it tried that was refused: the guard the confinement route asks, per page.
import type { Page } from 'playwright-core';
import { FetchError, OffsiteHopError } from '../core/errors';
import type { Stats } from '../engine/stats';
import { HostRequestCap, type RequestCaps } from './host-request-cap';
import { isWeb, removeOffsiteFrames } from './offsite-frames';
import { PageBytesCap } from './page-bytes-cap';

/**
 * The caller's own check of where a document of the page goes, once `allows` passed (robots.txt): a
 * redirect hop, or a navigation a script, meta refresh or form starts, of the main frame or of a frame.
 * Null lets it go; an error refuses it before it is sent. The main frame's refusal fails the request with
 * that error; a frame's leaves the frame without that document (robots.txt binds every page the crawler
 * fetches, and a frame's document is one, even though its HTML is not what the request stores).
 */
export type DocumentCheck = (from: string, to: string) => FetchError | null;

/** What one loading page may reach; `allows` is the spider's allowedDomains as a predicate. */
export interface PageGuard {
  allows(url: string): boolean;
  checkDocument?: DocumentCheck;
  /** Told of each refused navigation of the page's main frame (the fetcher names it when it fails the page). */
  refusedMainFrame?(url: string, reason: FetchError | null): void;
  /** Told of a refused redirect hop of the main frame's document (redirect-hops.ts). */
  refusedRedirect?(from: string, to: string, reason: FetchError | null): void;
  /** What the page load may still ask of its own host and of others. */
  cap?: HostRequestCap;
  /** What the page load may still receive, from any host. */
  bytes?: PageBytesCap;
  /**
   * Awaited before a navigation of the main frame that passed every check is sent: the request's own (its
   * `goto`, the load's first) at once, a later one (a reload, a meta refresh, `location` set by script) once
   * its host's slot lets it go. A FetchError refuses it.
   */
  beforeNavigation?(url: string): Promise<void>;
  /** Awaited before the main frame's document follows a redirect hop that passed every check: its host's slot. */
  beforeRedirect?(url: string): Promise<void>;
}

/** Waits for the slot of the host a navigation or redirect hop of the page goes to; a FetchError refuses it. */
export type NavigationSpacing = (url: string) => Promise<void>;

/** A redirect of the main frame's document refused before it was sent: off-site, or by the caller's check (`reason`). */
export interface RefusedHop {
  from: string;
  to: string;
  reason: FetchError | null;
}

export const ALLOW_ALL: PageGuard = { allows: () => true };
/** A page kept between requests (PagePool reuse) reaches nothing: a script or meta refresh left running can neither move it nor fetch. */
export const PARKED: PageGuard = { allows: () => false };

/** One load's view of its guard: what it was refused, told as it happens and read when the page is read. */
export interface ConfinedLoad {
  settle(requestUrl: string): Promise<string>;
  refusal(requestUrl: string): FetchError | null;
  hopRefused: Promise<RefusedHop>;
  /** The refusal of the first main-frame navigation refused: the page then shows Chromium's error page, not this document. */
  navigationRefused: Promise<FetchError>;
  overCap: Promise<FetchError>;
}

/** The limits a load's guard is made with. */
export interface GuardLimits extends RequestCaps {
  maxPageBytes: number;
  stats?: Stats;
}

/**
 * The guard of one load of `page` and the load's view of it. `settle`, once the page has loaded and waited,
 * returns where it ended, or throws OFFSITE_BROWSER_NAVIGATION when its main frame tried to leave or ended
 * elsewhere (a redirect hop, which no route sees): what the callback gets must come from an allowed host.
 * Given `requestUrl`, the parts and frames the load asks of its host, and of other hosts, are capped (host-request-cap.ts),
 * and so are the bytes it receives (page-bytes-cap.ts): a refusal past either.
 */
export function guardLoad(
  page: Page,
  allows: (url: string) => boolean,
  checkDocument: DocumentCheck | undefined,
  requestUrl: string | undefined,
  limits: GuardLimits,
  spacing?: NavigationSpacing,
): { guard: PageGuard; load: ConfinedLoad } {
  let refused: string | null = null;
  let refusedWhy: FetchError | null = null;
  const refuse = (url: string, reason: FetchError | null) => {
    if (refused !== null) return;
    refused = url;
    refusedWhy = reason;
  };
  let hopRefused: (hop: RefusedHop) => void = () => undefined;
  let navigationRefused: (error: FetchError) => void = () => undefined;
  const guard: PageGuard = {
    allows,
    checkDocument,
    // The load's waits end at once: a selector the page would have shown never comes on the error page.
    refusedMainFrame: (url, reason) => {
      refuse(url, reason);
      navigationRefused(refusal(requestUrl ?? url) as FetchError);
    },
    // A refused hop commits an error page but may never end the load (Playwright waits on): it is told at once.
    refusedRedirect: (from, to, reason) => {
      refuse(to, reason);
      hopRefused({ from, to, reason });
    },
  };
  if (spacing) {
    let first = true;
    guard.beforeNavigation = (url) => (first ? ((first = false), Promise.resolve()) : spacing(url));
    guard.beforeRedirect = spacing;
  }
  let overCap: (error: FetchError) => void = () => undefined;
  if (requestUrl !== undefined) {
    const overBudget = (error: FetchError) => (refuse(requestUrl, error), overCap(error));
    guard.cap = new HostRequestCap(requestUrl, limits, overBudget, limits.stats);
    guard.bytes = new PageBytesCap(requestUrl, limits.maxPageBytes, overBudget, limits.stats);
  }
  const refusal = (requestUrl: string): FetchError | null =>
    refused === null ? null : (refusedWhy ?? new OffsiteHopError('OFFSITE_BROWSER_NAVIGATION', requestUrl, refused, `the page of ${requestUrl} tried to navigate to ${refused}, outside allowedDomains`));
  const load: ConfinedLoad = {
    // Read again after the page was read and while a callback drives it (DocumentWatch): a refusal then still fails the request.
    refusal,
    hopRefused: new Promise<RefusedHop>((resolve) => (hopRefused = resolve)),
    navigationRefused: new Promise<FetchError>((resolve) => (navigationRefused = resolve)),
    // The page's waits end at once: what it waits for may be the part not sent.
    overCap: new Promise<FetchError>((resolve) => (overCap = resolve)),
    settle: async (requestUrl) => {
      const finalUrl = page.url();
      const refusedError = refusal(requestUrl);
      if (refusedError) throw refusedError;
      // Chromium's error page of a navigation that failed (chrome-error://) went nowhere: read-document.ts names that failure.
      if (isWeb(finalUrl) && !allows(finalUrl)) throw new OffsiteHopError('OFFSITE_BROWSER_NAVIGATION', requestUrl, finalUrl, `the page of ${requestUrl} ended on ${finalUrl}, outside allowedDomains`);
      await removeOffsiteFrames(page, allows, limits.stats);
      return finalUrl;
    },
  };
  return { guard, load };
}
