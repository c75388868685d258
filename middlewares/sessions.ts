// Sessions middleware: a per-host session (cookie jar, pinned proxy) for every send; blocks retire it and the retry gets a fresh one.
import { accept, CONTINUE, type DownloaderMiddleware, type MiddlewareContext } from '../src/downloader/middleware';
import type { BlockRules } from '../src/downloader/block-rules';
import type { CrawlRequest } from '../src/core/request';
import { HostSessionPools } from '../src/sessions/host-session-pools';
import { PooledSession, type RetireReason } from '../src/sessions/pooled-session';
import { proxyEndpoints } from '../src/sessions/proxy-endpoints';
import type { Settings } from '../src/settings/schema';
import { startupDetailLevel } from '../src/log/startup-detail';
import type { OpenedSessionStore, SessionStore } from '../src/ports/session-store';

/** Requests whose last send was blocked, remembered until their retry comes back; bounded in case it never does. */
const MAX_REMEMBERED_BLOCKS = 10_000;

/**
 * Sits just above raw-capture, so on the way in it is the last decider (a request parked by robots.txt
 * or the breaker uses no session) and on the way back it sees every fetched response first. A block
 * page (the block-detection rules, or a status in `sessions.retireStatuses`) retires the session and the
 * request's retry is sent on a newly created session pinned to a different proxy when there is one.
 */
export class SessionsMiddleware implements DownloaderMiddleware {
  readonly name = 'sessions';
  private pools: HostSessionPools | null = null;
  private store: SessionStore | null = null;
  /** Request id → the proxy of the session its last send was blocked on. */
  private readonly blocked = new Map<string, { proxyId: string | null }>();

  constructor(
    private readonly config: Settings['sessions'],
    private readonly blocks: BlockRules | null,
    private readonly openStore: () => Promise<OpenedSessionStore>,
  ) {}

  async open(ctx: Omit<MiddlewareContext, 'hostKey'>): Promise<void> {
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
    });
    ctx.log[startupDetailLevel(ctx.settings)]({ proxies: proxies.map((p) => p.id), store: opened.kind, maxPoolSizePerHost: this.config.maxPoolSizePerHost }, 'sessions enabled');
  }

  processRequest: DownloaderMiddleware['processRequest'] = async (request, ctx) => {
    if (!this.pools) return CONTINUE;
    const key = requestKey(request);
    const avoid = this.blocked.get(key);
    this.blocked.delete(key);
    const session = await this.pools.acquire(ctx.hostKey, avoid);
    request.session = session;
    ctx.stats.inc(`sessions/proxy/${session.proxyId ?? 'direct'}`);
    return CONTINUE;
  };

  processResponse: DownloaderMiddleware['processResponse'] = (request, response, ctx) => {
    const session = request.session;
    if (!(session instanceof PooledSession)) return accept(response);
    const match = this.config.retireStatuses.includes(response.status) ? `status/${response.status}` : this.blocks?.detect(ctx.hostKey, response)?.rule;
    if (match) {
      session.retire();
      this.rememberBlock(request, session);
      this.retired(session, 'block', ctx, { url: request.url, status: response.status, rule: match });
    } else {
      const reason = session.markGood();
      if (reason) this.retired(session, reason, ctx, { url: request.url });
    }
    return accept(response);
  };

  processError: DownloaderMiddleware['processError'] = (request, _error, ctx) => {
    const session = request.session;
    if (session instanceof PooledSession) {
      const reason = session.markBad();
      if (reason) this.retired(session, reason, ctx, { url: request.url });
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

  private rememberBlock(request: CrawlRequest, session: PooledSession): void {
    if (this.blocked.size >= MAX_REMEMBERED_BLOCKS) this.blocked.delete(this.blocked.keys().next().value!);
    this.blocked.set(requestKey(request), { proxyId: session.proxyId });
  }

  private retired(session: PooledSession, reason: RetireReason, ctx: MiddlewareContext, detail: Record<string, unknown>): void {
    ctx.stats.inc(`sessions/retired/${reason}`);
    ctx.log.info({ sessionId: session.id, proxyId: session.proxyId, reason, ...detail }, 'session retired');
  }
}

function requestKey(request: CrawlRequest): string {
  return request.id ?? request.fingerprint;
}
