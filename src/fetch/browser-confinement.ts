// Keeps browser pages inside the spider's allowed hosts: every navigation (any frame, popups) is checked before it is sent.
import type { BrowserContext, Page, Request as PwRequest, Route } from 'playwright-core';
import { urlMatches } from '../core/browser-options';
import { FetchError, OffsiteHopError } from '../core/errors';
import type { Stats } from '../engine/stats';
import type { Settings } from '../settings/schema';
import { HostRequestCap } from './host-request-cap';
import { isWeb, removeOffsiteFrames } from './offsite-frames';
import { ParkedNetwork } from './parked-network';
import { POST_NAVIGATION_BLOCKED, postedDocument } from './posted-documents';
import { guardRedirectHops } from './redirect-hops';
import { isPrefetch, NO_SPECULATION_RULES } from './speculation-rules';
import { NO_UNROUTED_TRANSPORTS, unroutedInWorkers } from './unrouted-transports';
import { documentWorkerScript, workerPrelude } from './worker-confinement';

export type ConfinementSettings = Pick<Settings['browser'], 'blockResourceTypes' | 'blockUrlPatterns' | 'offsiteSubresources' | 'maxHostRequestsPerPage'>;

/**
 * The caller's own check of where a document of the page goes, once `allows` passed (robots.txt): a
 * redirect hop, or a navigation a script, meta refresh or form starts, of the main frame or of a frame.
 * Null lets it go; an error refuses it before it is sent. The main frame's refusal fails the request with
 * that error; a frame's leaves the frame without that document (robots.txt binds every page the crawler
 * fetches, and a frame's document is one, even though its HTML is not what the request stores).
 */
export type DocumentCheck = (from: string, to: string) => FetchError | null;

/** What one loading page may reach; `allows` is the spider's allowedDomains as a predicate. */
interface PageGuard {
  allows(url: string): boolean;
  checkDocument?: DocumentCheck;
  /** Told of each refused navigation of the page's main frame (the fetcher names it when it fails the page). */
  refusedMainFrame?(url: string, reason: FetchError | null): void;
  /** Told of a refused redirect hop of the main frame's document (redirect-hops.ts). */
  refusedRedirect?(from: string, to: string, reason: FetchError | null): void;
  /** What the page load may still ask of its own host. */
  cap?: HostRequestCap;
}

/** A redirect of the main frame's document refused before it was sent: off-site, or by the caller's check (`reason`). */
export interface RefusedHop {
  from: string;
  to: string;
  reason: FetchError | null;
}

/** A frame's navigation or redirect hop that the caller's check (robots.txt) refused. */
const FRAME_REFUSED = 'browser/frame/refused';
/**
 * A fetch, script or image of the page on a path robots.txt disallows. The file binds what the crawler
 * fetches to render a page too (Google's renderer fetches no disallowed resource): a price API under
 * `Disallow: /api/` was called and its price stored. Only a verdict the caller's check can give now (the
 * origin's file known: the page's own origin always is); an origin whose file is not known, or one the
 * offsite rule refuses (a CDN under `offsiteSubresources: allow`), goes as before.
 */
const ROBOTS_SUBRESOURCE = 'browser/robots/subresource-blocked';

/** A part refused by `blockResourceTypes` or `blockUrlPatterns`: aborted as blocked by the client, not counted. */
const BLOCKED_PART = 'blocked';
const ALLOW_ALL: PageGuard = { allows: () => true };
/** A page kept between requests (PagePool reuse) reaches nothing: a script or meta refresh left running can neither move it nor fetch. */
const PARKED: PageGuard = { allows: () => false };

/**
 * One route handler per browser context decides for every request of its pages. Page code can leave a
 * page by `location.href`, a meta refresh, a form, an iframe or `window.open`: each is a navigation
 * request, and one to a host outside the page's guard is aborted before it leaves Chromium. In a
 * frame it is aborted quietly (the frame stays blank, the page intact). In the main frame it is
 * aborted as `blockedbyclient`: Chromium commits an error page, so the page's load ends at once
 * (a quiet abort during parsing leaves Playwright waiting for a load event that never comes) and the
 * fetcher fails the request as `offsite/browser-navigation` rather than guess which document the
 * spider wanted. A page nobody guards is a popup the site opened: no navigation.
 * Off-site subresources (fetch/XHR, scripts, images) are allowed by default, because shops load
 * their scripts and prices from CDNs; `browser.offsiteSubresources: block` stops them too.
 * Redirect hops are not routed by Playwright: the fetcher re-checks where the page ended up, and
 * frames that ended elsewhere are removed.
 */
export class BrowserConfinement {
  private readonly guards = new WeakMap<Page, PageGuard>();
  /** Pages whose popups are closed: a reused page gets the listener once. */
  private readonly popupsClosed = new WeakSet<Page>();
  /** Pages whose documents' redirect hops (and sockets) are judged: a reused page keeps its CDP session. */
  private readonly loadsGuarded = new WeakMap<Page, Promise<void>>();
  private readonly blockedTypes: Set<string>;
  private readonly parkedNetwork = new ParkedNetwork();

  constructor(
    private readonly settings: ConfinementSettings,
    private readonly stats?: Stats,
  ) {
    this.blockedTypes = new Set(settings.blockResourceTypes);
  }

  /** Routes every request of the context through `decide`; call before its first page opens. */
  async install(context: BrowserContext): Promise<void> {
    await context.route('**/*', (route) => this.decide(route));
    // Under every setting: a prefetch passes robots.txt and the host's slot, not only the allowed hosts;
    // ICE and WebTransport's QUIC pass every route, ICE the proxy too (unrouted-transports.ts).
    await context.addInitScript(NO_SPECULATION_RULES);
    await context.addInitScript(NO_UNROUTED_TRANSPORTS);
    // A dedicated worker runs no init script: each starts from a script that takes them out first (worker-confinement.ts).
    await context.addInitScript(documentWorkerScript(unroutedInWorkers(this.settings.offsiteSubresources)));
  }

  /**
   * The page loads for one request: its navigations stay where `allows` says (everywhere when omitted),
   * and a window it opens is closed. `settle`, once the page has loaded and waited, returns where it
   * ended, or throws OFFSITE_BROWSER_NAVIGATION when its main frame tried to leave or ended elsewhere
   * (a redirect hop, which no route sees): what the callback gets must come from an allowed host.
   * `checkDocument` judges every document's hops and navigations too (robots.txt); for the main frame its error is the refusal.
   * Given `requestUrl`, the parts and frames the load asks of its host are capped (host-request-cap.ts), a refusal past it.
   */
  watch(
    page: Page,
    allows: (url: string) => boolean = ALLOW_ALL.allows,
    checkDocument?: DocumentCheck,
    requestUrl?: string,
  ): { settle(requestUrl: string): Promise<string>; refusal(requestUrl: string): FetchError | null; hopRefused: Promise<RefusedHop>; overCap: Promise<FetchError> } {
    let refused: string | null = null;
    let refusedWhy: FetchError | null = null;
    const refuse = (url: string, reason: FetchError | null) => {
      if (refused !== null) return;
      refused = url;
      refusedWhy = reason;
    };
    let hopRefused: (hop: RefusedHop) => void = () => undefined;
    const guard: PageGuard = {
      allows,
      checkDocument,
      refusedMainFrame: refuse,
      // A refused hop commits an error page but may never end the load (Playwright waits on): it is told at once.
      refusedRedirect: (from, to, reason) => {
        refuse(to, reason);
        hopRefused({ from, to, reason });
      },
    };
    let overCap: (error: FetchError) => void = () => undefined;
    if (requestUrl !== undefined) {
      guard.cap = new HostRequestCap(requestUrl, this.settings.maxHostRequestsPerPage, (error) => (refuse(requestUrl, error), overCap(error)), this.stats);
    }
    const refusal = (requestUrl: string): FetchError | null =>
      refused === null ? null : (refusedWhy ?? new OffsiteHopError('OFFSITE_BROWSER_NAVIGATION', requestUrl, refused, `the page of ${requestUrl} tried to navigate to ${refused}, outside allowedDomains`));
    this.guards.set(page, guard);
    if (!this.popupsClosed.has(page)) {
      this.popupsClosed.add(page);
      page.on('popup', (popup) => void popup.close().catch(() => undefined));
    }
    return {
      // Read again after the page was read and while a callback drives it (DocumentWatch): a refusal then still fails the request.
      refusal,
      hopRefused: new Promise<RefusedHop>((resolve) => (hopRefused = resolve)),
      // The page's waits end at once: what it waits for may be the part not sent.
      overCap: new Promise<FetchError>((resolve) => (overCap = resolve)),
      settle: async (requestUrl) => {
        const finalUrl = page.url();
        const refusedError = refusal(requestUrl);
        if (refusedError) throw refusedError;
        // Chromium's error page of a navigation that failed (chrome-error://) went nowhere: read-document.ts names that failure.
        if (isWeb(finalUrl) && !allows(finalUrl)) throw new OffsiteHopError('OFFSITE_BROWSER_NAVIGATION', requestUrl, finalUrl, `the page of ${requestUrl} ended on ${finalUrl}, outside allowedDomains`);
        await removeOffsiteFrames(page, allows, this.stats);
        return finalUrl;
      },
    };
  }

  /**
   * Before each load: its documents' redirect hops are judged by whatever guard it has then (set up on
   * the first), with offsite subresources blocked so are its WebSockets, and a parked page's network opens.
   */
  async guardLoads(page: Page): Promise<void> {
    let guarded = this.loadsGuarded.get(page);
    if (!guarded) {
      guarded = Promise.all([this.guardRedirects(page), this.guardSockets(page)]).then(() => undefined);
      this.loadsGuarded.set(page, guarded);
    }
    await Promise.all([guarded, this.parkedNetwork.open(page)]);
  }

  private guardRedirects(page: Page): Promise<void> {
    const prelude = workerPrelude(unroutedInWorkers(this.settings.offsiteSubresources));
    return guardRedirectHops(page, () => {
      const guard = this.guards.get(page);
      if (!guard) return null;
      return {
        allows: (url) => guard.allows(url),
        checkDocument: (from, to) => guard.checkDocument?.(from, to) ?? null,
        refused: (from, to, mainFrame, reason) => {
          if (reason === null) this.stats?.inc('browser/offsite/redirect-blocked');
          if (mainFrame) guard.refusedRedirect?.(from, to, reason);
          else if (reason !== null) this.stats?.inc(FRAME_REFUSED);
        },
        refusesPart: (from, to, resourceType) => {
          // A parked page needs nothing (decide): a hop of a fetch it had started went on to the server before.
          if (guard === PARKED) return true;
          const verdict = this.partVerdict(guard, () => from, to, resourceType);
          if (verdict !== null && verdict !== BLOCKED_PART) this.stats?.inc(verdict);
          return verdict !== null;
        },
        overCap: (to) => guard.cap?.admits(to) === false,
      };
    }, prelude);
  }

  /**
   * A WebSocket handshake is no request the context's route sees: a page could reach any host through one
   * under `offsiteSubresources: block`. Playwright routes a page's sockets only through `routeWebSocket`,
   * which replaces the page's WebSocket class, so it is installed only where it is needed.
   */
  private guardSockets(page: Page): Promise<void> {
    if (this.settings.offsiteSubresources !== 'block') return Promise.resolve();
    return page.routeWebSocket(/.*/, (socket) => {
      const guard = this.guards.get(page);
      if (guard && guard.allows(socket.url().replace(/^ws(s?):/i, 'http$1:'))) return void socket.connectToServer();
      this.stats?.inc('browser/offsite/websocket-blocked');
      socket.close({ code: 1008, reason: 'outside allowedDomains' }).catch(() => undefined);
    });
  }

  /**
   * Until its next load, the page may not navigate or fetch at all: its document stays as the last request
   * left it. Under `block` its network is also shut in Chromium (parked-network.ts): what its pagehide and
   * unload handlers send when it closes passes every route.
   */
  async park(page: Page): Promise<void> {
    this.guards.set(page, PARKED);
    if (this.settings.offsiteSubresources === 'block') await this.parkedNetwork.shut(page);
  }

  private decide(route: Route): Promise<void> {
    const req = route.request();
    const url = req.url();
    const guard = this.guardOf(req);
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
    } else {
      verdict = this.partVerdict(guard, () => req.frame().url(), url, req.resourceType());
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
  private partVerdict(guard: PageGuard | undefined, from: () => string, url: string, resourceType: string): string | null {
    if (this.blockedTypes.has(resourceType) || this.settings.blockUrlPatterns.some((pattern) => urlMatches(url, pattern))) return BLOCKED_PART;
    if (this.settings.offsiteSubresources === 'block' && !(guard ?? ALLOW_ALL).allows(url)) return 'browser/offsite/subresource-blocked';
    if (guard?.checkDocument && isWeb(url) && guard.checkDocument(from(), url)?.code === 'ROBOTS_DISALLOWED') return ROBOTS_SUBRESOURCE;
    return null;
  }

  /** A service worker's requests have no frame (Playwright throws): they are judged as subresources of no page. */
  private guardOf(req: PwRequest): PageGuard | undefined {
    try {
      return this.guards.get(req.frame().page());
    } catch {
      return undefined;
    }
  }
}

function isMainFrame(req: PwRequest): boolean {
  const frame = req.frame();
  return frame.parentFrame() === null;
}
