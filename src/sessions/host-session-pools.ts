// One Crawlee SessionPool per host key: sessions pinned to a proxy at creation, restored from and saved to a SessionStore.
import { randomBytes } from 'node:crypto';
import type { Session, SessionPool, SessionOptions } from '@crawlee/core';
import { crawleeCore } from '../core/crawlee';
import type { StoredSession } from '../ports/session-store';
import { PooledSession } from './pooled-session';
import { pickProxy, type ProxyEndpoint } from './proxy-endpoints';
import { ProxyHealth } from './proxy-health';
import type { AvoidProxy, HostSessionPoolsOptions } from './host-session-pools-options';

export type { AvoidProxy, HostSessionPoolsOptions } from './host-session-pools-options';

/**
 * Every answer changes a session (its use count), so writes are batched: at most one transaction per
 * interval, plus the final flush at close. A kill -9 loses at most this much of cookie and usage updates.
 * Measured (20k requests over 20 hosts, loaded machine): writing every event-loop turn cost ~400 µs per
 * request against ~150 µs in memory.
 */
const FLUSH_INTERVAL_MS = 1_000;

/**
 * Longest the close waits for the store to answer its saves. Sessions are cookies and use counts, no
 * request or item: a store that does not answer (a Redis stopped or cut off, whose command timeout is
 * the lease's life or more) must not hold the run's end, whose exit code and reason are waiting.
 */
export const FINAL_SAVE_WAIT_MS = 2_000;

/**
 * Crawlee keeps one pool per crawler; a shop's cookies belong to that shop, so we keep one per host
 * key. Crawlee's pool does the picking (new sessions until full, then a random usable one) and the
 * retiring; we decide the proxy each new session is pinned to and persist sessions ourselves (its own
 * persistence goes through a key-value store we do not run).
 */
export class HostSessionPools {
  private readonly pools = new Map<string, Promise<SessionPool>>();
  private readonly cursors = new Map<string, number>();
  private readonly wrapped = new WeakMap<Session, PooledSession>();
  /** Each host's sessions as wrapped (retired ones are dropped when next looked through), for a pick on another proxy. */
  private readonly byHost = new Map<string, Set<PooledSession>>();
  private readonly dirty = new Map<string, PooledSession>();
  private readonly stale: Array<{ host: string; id: string }> = [];
  private flushScheduled = false;
  /** The flushes in flight, in order (one connection keeps them ordered); close waits for them. */
  private writing: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly crawleeConfig = new crawleeCore.Configuration({ persistStorage: false, purgeOnStart: false });
  private readonly byId: Map<string, ProxyEndpoint>;
  private readonly health: ProxyHealth;

  constructor(private readonly options: HostSessionPoolsOptions) {
    this.byId = new Map(options.proxies.map((proxy) => [proxy.id, proxy]));
    this.health = new ProxyHealth(options.config.proxyMaxFailures, options.onProxyRetired);
  }

  /** `tryAcquire` for callers that know a proxy is usable (tests, a one-off fetch). */
  async acquire(hostKey: string, avoid?: AvoidProxy): Promise<PooledSession> {
    const session = await this.tryAcquire(hostKey, avoid);
    if (!session) throw new Error(`every proxy is retired; no session for ${hostKey}`);
    return session;
  }

  /**
   * A session for the next request to `hostKey`; one on another proxy when `avoid` names the proxy of its
   * last send (fresh, with an empty jar, after a block or a failure of the proxy itself; after a transient
   * failure, a live session of another proxy first, cookies and all). Null when proxies are configured and
   * every one was retired, also while this waited: a session without a proxy would send the request from
   * our own address.
   */
  async tryAcquire(hostKey: string, avoid?: AvoidProxy): Promise<PooledSession | null> {
    const pool = await this.poolFor(hostKey);
    // A picked session whose proxy was retired is retired in turn; the pool replaces it with one pinned to
    // a usable proxy, so this ends within one pick per live session.
    while (this.hasUsableProxy()) {
      const pooled = await this.pick(pool, hostKey, avoid);
      if (pooled.proxyId === null ? this.options.proxies.length === 0 : this.health.usable(pooled.proxyId)) return pooled;
      pooled.retire();
      this.options.onRetired?.(pooled, 'proxy-retired');
    }
    return null;
  }

  /**
   * A usable session of `hostKey` on a usable proxy other than `proxyId` (a live one first, else a fresh one),
   * or null when no other proxy is usable: what a fetch that failed through `proxyId` for a reason the site
   * may not have given (a timeout, a reset, a 5xx) tries next, so one bad proxy does not spend the budget.
   */
  async elsewhere(hostKey: string, proxyId: string | null): Promise<PooledSession | null> {
    if (proxyId === null || !this.hasUsableProxy(proxyId)) return null;
    return this.tryAcquire(hostKey, { proxyId, fresh: false });
  }

  /** Whether a proxy other than `besides` is still usable (always true when sessions go direct). */
  hasUsableProxy(besides: string | null = null): boolean {
    if (this.options.proxies.length === 0) return true;
    return this.options.proxies.some((proxy) => proxy.id !== besides && this.health.usable(proxy.id));
  }

  /** Writes what changed since the last flush (also runs on its own, FLUSH_INTERVAL_MS after a change). */
  flush(): void {
    this.flushScheduled = false;
    const store = this.options.store;
    if (!store || this.closed || (this.dirty.size === 0 && this.stale.length === 0)) return;
    const live: StoredSession[] = [];
    const retired = this.stale.splice(0);
    for (const session of this.dirty.values()) {
      if (session.usable) live.push({ host: session.hostKey, proxyId: session.proxyId, state: session.state() });
      else retired.push({ host: session.hostKey, id: session.id });
    }
    this.dirty.clear();
    const write = store.write(live, retired, Date.now()).catch((error: unknown) => this.options.onWriteError?.(error));
    this.writing = this.writing.then(() => write);
  }

  /**
   * Final flush, written when this resolves; later changes (answers still arriving) are not. Closing the
   * store is the owner's. Earlier saves still unanswered mean a store that does not answer: the final one
   * would queue behind them, so it is not sent. Either wait ends at FINAL_SAVE_WAIT_MS, reported.
   */
  async close(): Promise<void> {
    const deadline = new Deadline(FINAL_SAVE_WAIT_MS);
    try {
      if (await deadline.met(this.writing)) {
        this.flush();
        this.closed = true;
        if (await deadline.met(this.writing)) return;
      }
      this.options.onSaveUnanswered?.(FINAL_SAVE_WAIT_MS);
    } finally {
      this.closed = true;
      deadline.clear();
    }
  }

  private changed = (session: PooledSession): void => {
    if (this.closed) return;
    this.dirty.set(session.id, session);
    if (this.options.store && !this.flushScheduled) {
      this.flushScheduled = true;
      setTimeout(() => this.flush(), FLUSH_INTERVAL_MS).unref();
    }
  };

  private poolFor(hostKey: string): Promise<SessionPool> {
    let pool = this.pools.get(hostKey);
    if (!pool) {
      pool = this.openPool(hostKey);
      this.pools.set(hostKey, pool);
    }
    return pool;
  }

  private async openPool(hostKey: string): Promise<SessionPool> {
    const { config } = this.options;
    const pool = new crawleeCore.SessionPool(
      {
        maxPoolSize: config.maxPoolSizePerHost,
        persistenceOptions: { enable: false },
        blockedStatusCodes: [], // the sessions middleware decides what retires a session
        createSessionFunction: (owner, options) => this.createSession(hostKey, owner, options?.sessionOptions ?? {}),
      },
      this.crawleeConfig,
    );
    await pool.initialize();
    for (const stored of await this.loadStored(hostKey)) {
      if (!this.restorable(stored)) {
        this.stale.push({ host: hostKey, id: stored.state.id });
        continue;
      }
      const { state } = stored;
      // Session's constructor rebuilds a serialized jar itself (Crawlee's own restore passes it the same way).
      const cookieJar = state.cookieJar as unknown as SessionOptions['cookieJar'];
      await pool.addSession({ ...state, cookieJar, maxUsageCount: config.maxUsesPerSession, createdAt: new Date(state.createdAt), expiresAt: new Date(state.expiresAt) });
      const session = await pool.getSession(state.id);
      if (session) this.wrap(hostKey, session, 'restored');
      this.cursors.set(hostKey, (this.cursors.get(hostKey) ?? 0) + 1);
    }
    return pool;
  }

  /**
   * A store that cannot be read (a Redis away, refusing, or denying the keys) costs the host its saved
   * cookies, not its requests: thrown, it failed every request of the host as the sessions middleware's
   * error (engine/middleware-error, a permanent failure counted as a bug in our code).
   */
  private async loadStored(hostKey: string): Promise<StoredSession[]> {
    try {
      return (await this.options.store?.load(hostKey)) ?? [];
    } catch (error) {
      this.options.onLoadError?.(hostKey, error);
      return [];
    }
  }

  /** A stored session comes back only if it is still usable and its proxy is still configured. */
  private restorable({ proxyId, state }: StoredSession): boolean {
    if (new Date(state.expiresAt).getTime() <= Date.now()) return false;
    if (state.usageCount >= this.options.config.maxUsesPerSession || state.errorScore >= state.maxErrorScore) return false;
    return proxyId === null ? this.options.proxies.length === 0 : this.byId.has(proxyId);
  }

  private createSession(hostKey: string, pool: SessionPool, given: SessionOptions): Session {
    const userData = { ...given.userData };
    if (!('proxyId' in userData)) userData.proxyId = this.nextProxy(hostKey)?.id ?? null;
    const { config } = this.options;
    return new crawleeCore.Session({ maxUsageCount: config.maxUsesPerSession, maxAgeSecs: config.maxAgeMs / 1000, ...given, userData, sessionPool: pool });
  }

  private async pick(pool: SessionPool, hostKey: string, avoid: AvoidProxy | undefined): Promise<PooledSession> {
    if (avoid?.fresh === false) {
      const live = this.liveElsewhere(hostKey, avoid.proxyId);
      if (live) return live;
    }
    const session = avoid ? await this.freshSession(pool, hostKey, avoid.proxyId) : await pool.getSession();
    if (!session) throw new Error(`session pool of ${hostKey} returned no session`);
    return this.wrap(hostKey, session, 'created');
  }

  /** A live session of the host on a usable proxy other than `proxyId`, the least used first (it has the most uses left). */
  private liveElsewhere(hostKey: string, proxyId: string | null): PooledSession | null {
    const sessions = this.byHost.get(hostKey);
    let best: PooledSession | null = null;
    for (const session of sessions ?? []) {
      if (!session.usable) sessions?.delete(session);
      else if (session.proxyId !== null && session.proxyId !== proxyId && this.health.usable(session.proxyId) && (!best || session.uses < best.uses)) best = session;
    }
    return best;
  }

  private async freshSession(pool: SessionPool, hostKey: string, avoidId: string | null): Promise<Session | undefined> {
    const id = `session_${randomBytes(6).toString('hex')}`;
    await pool.addSession({ id, userData: { proxyId: this.nextProxy(hostKey, avoidId)?.id ?? null } });
    return pool.getSession(id);
  }

  private nextProxy(hostKey: string, avoidId: string | null = null): ProxyEndpoint | null {
    const usable = this.options.proxies.filter((proxy) => this.health.usable(proxy.id));
    const { proxy, cursor } = pickProxy(usable, this.cursors.get(hostKey) ?? 0, avoidId);
    this.cursors.set(hostKey, cursor);
    return proxy;
  }

  private wrap(hostKey: string, session: Session, how: 'created' | 'restored'): PooledSession {
    let pooled = this.wrapped.get(session);
    if (!pooled) {
      const proxyId = (session.userData as { proxyId?: string | null }).proxyId ?? null;
      pooled = new PooledSession(hostKey, session, proxyId === null ? null : (this.byId.get(proxyId) ?? null), this.changed, this.health, (from) => this.elsewhere(hostKey, from.proxyId));
      this.wrapped.set(session, pooled);
      // Retired ones go as new ones come, so a long run does not keep every session (and its jar) it ever had.
      const sessions = this.byHost.get(hostKey) ?? new Set<PooledSession>();
      for (const old of sessions) if (!old.usable) sessions.delete(old);
      this.byHost.set(hostKey, sessions.add(pooled));
      this.options.onSession?.(pooled, how);
      this.changed(pooled);
    }
    return pooled;
  }
}

/** One time limit shared by several waits. */
class Deadline {
  private timer: NodeJS.Timeout | null = null;
  private readonly passed: Promise<false>;

  constructor(ms: number) {
    this.passed = new Promise((resolve) => (this.timer = setTimeout(() => resolve(false), ms)));
  }

  /** True when `work` settled before the limit. */
  met(work: Promise<unknown>): Promise<boolean> {
    return Promise.race([work.then(() => true, () => true), this.passed]);
  }

  clear(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}
