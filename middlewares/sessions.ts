// Sessions middleware: a per-host session (cookie jar, pinned proxy) for every send; blocks retire it and the retry gets a fresh one.
import { accept, CONTINUE, fail, type Defer, type DownloaderMiddleware, type MiddlewareContext, type MiddlewareOpenContext } from '../src/downloader/middleware';
import { reasonForError } from '../src/downloader/downloader-chain';
import type { FetchError } from '../src/core/errors';
import { noteProxied } from '../src/engine/lost-hosts';
import { isProxyFailure, mayBeProxyFailure } from '../src/core/request-session';
import type { BlockRules } from '../src/downloader/block-rules';
import type { CrawlRequest } from '../src/core/request';
import { HostSessionPools, type AvoidProxy } from '../src/sessions/host-session-pools';
import { PooledSession, type RetireReason } from '../src/sessions/pooled-session';
import { proxyEndpoints } from '../src/sessions/proxy-endpoints';
import type { Settings } from '../src/settings/schema';
import { startupDetailLevel } from '../src/log/startup-detail';
import type { OpenedSessionStore, SessionStore } from '../src/ports/session-store';

/** Requests whose last send was blocked or failed at its proxy, remembered until they come back; bounded in case they never do. */
const MAX_REMEMBERED_BLOCKS = 10_000;

/**
 * Sits just above raw-capture, so on the way in it is the last decider (a request parked by robots.txt
 * or the breaker uses no session) and on the way back it sees every fetched response first. A block
 * page (the block-detection rules, or a status in `sessions.retireStatuses`) retires the session and the
 * request's retry is sent on a newly created session pinned to a different proxy when there is one.
 * A failure of the proxy itself (unreachable, 407) is no answer of the site: the request goes again at
 * once on a session of another proxy, counting a deferral but no attempt, and the breaker and retry above
 * never see it; with no other usable proxy it goes on up the chain as a transport error.
 */
export class SessionsMiddleware implements DownloaderMiddleware {
  readonly name = 'sessions';
  private pools: HostSessionPools | null = null;
  private store: SessionStore | null = null;
  /** Request id → the proxy its next send must avoid: its last send was blocked there, or failed there. */
  private readonly blocked = new Map<string, AvoidProxy>();

  constructor(
    private readonly config: Settings['sessions'],
    private readonly blocks: BlockRules | null,
    private readonly openStore: () => Promise<OpenedSessionStore>,
  ) {}

  async open(ctx: MiddlewareOpenContext): Promise<void> {
    if (!this.config.enabled) return;
    const opened = await this.openStore();
    this.store = opened.store;
    const proxies = proxyEndpoints(this.config.proxyUrls);
    this.pools = new HostSessionPools({
      config: this.config,
      proxies,
      store: this.store,
      onSession: (session, how) => ctx.stats.inc(`sessions/${how}`),
      onWriteError: (error) => ctx.log.warn({ err: error, store: opened.kind }, 'sessions not saved'),
      onSaveUnanswered: (waitedMs) => ctx.log.warn({ store: opened.kind, waitedMs }, 'sessions not saved: the session store did not answer at close; the run ends without waiting for it (cookies and use counts since its last answered save are lost, no request or item)'),
      onLoadError: (hostKey, error) => ctx.log.warn({ err: error, store: opened.kind, host: hostKey }, 'sessions not loaded: the host starts with fresh sessions'),
      onProxyRetired: (proxyId, failures) => {
        ctx.stats.inc('sessions/proxy-retired');
        ctx.log.warn({ proxyId, failures }, 'proxy retired: its own failures in a row');
      },
      onRetired: (session, reason) => this.retired(session, reason, ctx, {}),
    });
    ctx.log[startupDetailLevel(ctx.settings)]({ proxies: proxies.map((p) => p.id), store: opened.kind, maxPoolSizePerHost: this.config.maxPoolSizePerHost }, 'sessions enabled');
  }

  processRequest: DownloaderMiddleware['processRequest'] = async (request, ctx) => {
    if (!this.pools) return CONTINUE;
    const key = requestKey(request);
    const avoid = this.blocked.get(key);
    this.blocked.delete(key);
    const session = await this.pools.tryAcquire(ctx.hostKey, avoid);
    if (!session) return fail('proxy/unavailable', `every proxy of sessions.proxyUrls was retired (unreachable or refusing our credentials); ${request.url} not sent`);
    request.session = session;
    ctx.stats.inc(`sessions/proxy/${session.proxyId ?? 'direct'}`);
    if (session.proxyId !== null) noteProxied(ctx.stats, ctx.hostKey, session.proxyId);
    return CONTINUE;
  };

  processResponse: DownloaderMiddleware['processResponse'] = (request, response, ctx) => {
    const session = request.session;
    if (!(session instanceof PooledSession)) return accept(response);
    const match = this.config.retireStatuses.includes(response.status) ? `status/${response.status}` : this.blocks?.detect(ctx.hostKey, response)?.rule;
    if (match) {
      session.retire();
      this.rememberAvoid(request, session, true);
      this.retired(session, 'block', ctx, { url: request.url, status: response.status, rule: match });
      return accept(response);
    }
    const reason = session.markGood();
    if (reason) this.retired(session, reason, ctx, { url: request.url });
    // A 5xx through a proxy may be the proxy's own (its exit or upstream failing): the retry goes through
    // another one, or one bad proxy spent every attempt of the page (and the site's breaker took the blame).
    if (response.status >= 500) this.avoidOnRetry(request, session);
    return accept(response);
  };

  processError: DownloaderMiddleware['processError'] = (request, error, ctx) => {
    const session = request.session;
    if (session instanceof PooledSession && isProxyFailure(error.code)) return this.failOver(request, session, error, ctx);
    // A hop to a wall is a block, as a block page is: the session that met it is done.
    const wall = session instanceof PooledSession ? this.blocks?.detectWallHop(ctx.hostKey, request.url, error) : null;
    if (session instanceof PooledSession && wall) {
      session.retire();
      this.rememberAvoid(request, session, true);
      this.retired(session, 'block', ctx, { url: request.url, rule: wall.rule });
    } else if (session instanceof PooledSession) {
      const reason = session.markBad();
      if (reason) this.retired(session, reason, ctx, { url: request.url });
      // A timeout or reset through a proxy is the proxy's as often as the site's: the retry tries another.
      if (mayBeProxyFailure(error.code)) this.avoidOnRetry(request, session);
    }
    return CONTINUE;
  };

  async close(): Promise<void> {
    const { pools, store } = this;
    this.store = null;
    this.pools = null;
    await pools?.close();
    await store?.close();
  }

  /** The fetcher told the proxy's health already (RequestSession.proxyFailed); here the request moves on. */
  private failOver(request: CrawlRequest, session: PooledSession, error: FetchError, ctx: MiddlewareContext): Defer | typeof CONTINUE {
    if (!this.pools?.hasUsableProxy(session.proxyId)) return CONTINUE;
    this.rememberAvoid(request, session, true);
    ctx.stats.inc('sessions/proxy-failover');
    // Counted as a deferral: proxies failing in turn cannot keep one request going round for ever.
    return { type: 'defer', reason: reasonForError(error), untilMs: ctx.nowMs(), serverWait: true };
  }

  private rememberAvoid(request: CrawlRequest, session: PooledSession, fresh: boolean): void {
    if (this.blocked.size >= MAX_REMEMBERED_BLOCKS) this.blocked.delete(this.blocked.keys().next().value!);
    this.blocked.set(requestKey(request), { proxyId: session.proxyId, fresh });
  }

  /** The request's next send (if it gets one) goes on a session of another proxy, keeping that session's cookies. */
  private avoidOnRetry(request: CrawlRequest, session: PooledSession): void {
    if (session.proxyId !== null && this.pools?.hasUsableProxy(session.proxyId)) this.rememberAvoid(request, session, false);
  }

  private retired(session: PooledSession, reason: RetireReason, ctx: MiddlewareOpenContext, detail: Record<string, unknown>): void {
    ctx.stats.inc(`sessions/retired/${reason}`);
    ctx.log.info({ sessionId: session.id, proxyId: session.proxyId, reason, ...detail }, 'session retired');
  }
}

function requestKey(request: CrawlRequest): string {
  return request.id ?? request.fingerprint;
}
