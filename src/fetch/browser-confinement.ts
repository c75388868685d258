// Keeps browser pages inside the spider's allowed hosts: every navigation (any frame, popups) is checked before it is sent.
import type { BrowserContext, Page, Request as PwRequest } from 'playwright-core';
import type { Stats } from '../engine/stats';
import type { Settings } from '../settings/schema';
import { ALLOW_ALL, type ConfinedLoad, type DocumentCheck, guardLoad, type NavigationSpacing, PARKED, type PageGuard } from './page-guard';
import { ParkedNetwork } from './parked-network';
import { guardRedirectHops } from './redirect-hops';
import { BLOCKED_PART, FRAME_REFUSED, RouteVerdicts, VERDICT_FAILED, verdictFailure } from './route-verdicts';
import { NO_SPECULATION_RULES } from './speculation-rules';
import { refuseTabIcons } from './tab-icons';
import { NO_UNROUTED_TRANSPORTS, unroutedInWorkers } from './unrouted-transports';
import { documentWorkerScript, workerPrelude } from './worker-confinement';

export type ConfinementSettings = Pick<Settings['browser'], 'blockResourceTypes' | 'blockUrlPatterns' | 'offsiteSubresources' | 'maxHostRequestsPerPage' | 'maxOtherHostRequestsPerPage' | 'maxPageBytes'>;

/**
 * One route handler per browser context decides for every request of its pages (route-verdicts.ts), by the
 * guard of the load each page is on (page-guard.ts). Redirect hops are not routed by Playwright: each page's
 * own CDP session judges them (redirect-hops.ts), the fetcher re-checks where the page ended up, and frames
 * that ended elsewhere are removed. A page nobody guards is a popup the site opened: closed.
 */
export class BrowserConfinement {
  private readonly guards = new WeakMap<Page, PageGuard>();
  /** Pages whose popups are closed: a reused page gets the listener once. */
  private readonly popupsClosed = new WeakSet<Page>();
  /** Pages whose documents' redirect hops (and sockets) are judged: a reused page keeps its CDP session. */
  private readonly loadsGuarded = new WeakMap<Page, Promise<void>>();
  private readonly verdicts: RouteVerdicts;
  private readonly parkedNetwork = new ParkedNetwork();

  constructor(
    private readonly settings: ConfinementSettings,
    private readonly stats?: Stats,
  ) {
    this.verdicts = new RouteVerdicts(settings, stats);
  }

  /** Routes every request of the context through the verdicts; call before its first page opens. */
  async install(context: BrowserContext): Promise<void> {
    await context.route('**/*', (route) => this.verdicts.decide(route, this.guardOf(route.request())));
    const browser = context.browser();
    if (browser) await refuseTabIcons(browser);
    // Under every setting: a prefetch passes robots.txt and the host's slot, not only the allowed hosts;
    // ICE and WebTransport's QUIC pass every route, ICE the proxy too (unrouted-transports.ts).
    await context.addInitScript(NO_SPECULATION_RULES);
    await context.addInitScript(NO_UNROUTED_TRANSPORTS);
    // A dedicated worker runs no init script: each starts from a script that takes them out first (worker-confinement.ts).
    await context.addInitScript(documentWorkerScript(unroutedInWorkers(this.settings.offsiteSubresources)));
  }

  /**
   * The page loads for one request: its navigations stay where `allows` says (everywhere when omitted),
   * and a window it opens is closed. `checkDocument` judges every document's hops and navigations too
   * (robots.txt); for the main frame its error is the refusal. `spacing` holds each main-frame navigation
   * after the load's first, and each redirect hop of the main frame's document, until its host's slot. See `guardLoad` for what the load is told.
   */
  watch(page: Page, allows: (url: string) => boolean = ALLOW_ALL.allows, checkDocument?: DocumentCheck, requestUrl?: string, spacing?: NavigationSpacing): ConfinedLoad {
    const { maxHostRequestsPerPage, maxOtherHostRequestsPerPage, maxPageBytes } = this.settings;
    const { guard, load } = guardLoad(page, allows, checkDocument, requestUrl, { maxHostRequestsPerPage, maxOtherHostRequestsPerPage, maxPageBytes, stats: this.stats }, spacing);
    this.guards.set(page, guard);
    if (!this.popupsClosed.has(page)) {
      this.popupsClosed.add(page);
      page.on('popup', (popup) => void popup.close().catch(() => undefined));
    }
    return load;
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
          // A parked page needs nothing (the route's verdict): a hop of a fetch it had started went on to the server before.
          if (guard === PARKED) return true;
          const verdict = this.verdicts.partVerdict(guard, () => from, to, resourceType);
          if (verdict !== null && verdict !== BLOCKED_PART) this.stats?.inc(verdict);
          return verdict !== null;
        },
        overCap: (to) => guard.cap?.admits(to) === false,
        beforeHop: (to) => guard.beforeRedirect?.(to) ?? Promise.resolve(),
        failed: (from, to, mainFrame, error) => {
          this.stats?.inc(VERDICT_FAILED);
          if (mainFrame) guard.refusedRedirect?.(from, to, verdictFailure(to, error));
        },
        received: (bytes) => guard.bytes?.add(bytes),
        admitsDeclared: (bytes) => guard.bytes?.admitsDeclared(bytes) !== false,
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
   * left it. Its network is also shut in Chromium (parked-network.ts): what its pagehide and unload handlers
   * send when it closes passes every route. Under every setting: under `allow` too that took no host slot and
   * no robots.txt verdict (before, a pagehide beacon reached the page's own host as it closed).
   */
  async park(page: Page): Promise<void> {
    this.guards.set(page, PARKED);
    await this.parkedNetwork.shut(page);
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
