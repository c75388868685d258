// A Crawlee Session bound to its host and proxy, seen by the fetchers as a RequestSession.
import type { Session } from '@crawlee/core';
import type { RequestSession } from '../core/request-session';
import { cookieId, dropOverflow, jarCookies, storeSetCookies } from './cookie-limits';
import type { ProxyEndpoint } from './proxy-endpoints';
import type { ProxyHealth } from './proxy-health';

/** Why a session stopped being usable, as counted in stats (`sessions/retired/<reason>`). */
export type RetireReason = 'block' | 'max-uses' | 'errors' | 'expired' | 'proxy-retired';

export class PooledSession implements RequestSession {
  /**
   * False while the jar is known to be empty: made empty by the pool, nothing restored into it, no answer's
   * cookies stored since (only storeCookies writes the jar, which no one else is handed). Asking tough-cookie
   * for an empty jar's header still matched every domain and path of the URL: ~0.03 ms a request on the fast bench,
   * where no page sets a cookie.
   */
  private mayHoldCookies: boolean;

  constructor(
    readonly hostKey: string,
    private readonly session: Session,
    private readonly proxy: ProxyEndpoint | null,
    /** Called after anything that must be persisted changed (cookies, usage, retirement). */
    private readonly changed: (session: PooledSession) => void,
    /** The run's proxy health, told of this session's answers and of its proxy's own failures. */
    private readonly health: ProxyHealth,
    /** The pools' pick of a session of this host on another usable proxy (see RequestSession.elsewhere). */
    private readonly other: (from: PooledSession) => Promise<PooledSession | null> = async () => null,
  ) {
    this.mayHoldCookies = jarCookies(session.cookieJar).length > 0;
  }

  get id(): string {
    return this.session.id;
  }

  get proxyId(): string | null {
    return this.proxy?.id ?? null;
  }

  get proxyUrl(): string | null {
    return this.proxy?.url ?? null;
  }

  /** Answers served so far (Crawlee's usage count). */
  get uses(): number {
    return this.session.usageCount;
  }

  get usable(): boolean {
    return this.session.isUsable();
  }

  cookieHeader(url: string): string {
    return this.mayHoldCookies ? this.session.getCookieString(url) : '';
  }

  storeCookies(url: string, setCookie: readonly string[]): void {
    if (setCookie.length === 0) return;
    this.mayHoldCookies = true;
    const jar = this.session.cookieJar;
    const before = new Set(jarCookies(jar).map(cookieId));
    storeSetCookies(jar, url, setCookie);
    dropOverflow(jar, before);
    this.changed(this);
  }

  /** A good answer: one more use. Returns the reason when that use made the session unusable. */
  markGood(): RetireReason | null {
    this.session.markGood();
    if (this.proxy) this.health.answered(this.proxy.id);
    this.changed(this);
    if (this.session.isUsable()) return null;
    return this.session.isMaxUsageCountReached() ? 'max-uses' : 'expired';
  }

  /** A transport failure: Crawlee's error score goes up; three in a row retire the session. */
  markBad(): RetireReason | null {
    this.session.markBad();
    this.changed(this);
    if (this.session.isUsable()) return null;
    return this.session.isBlocked() ? 'errors' : 'max-uses';
  }

  elsewhere(): Promise<PooledSession | null> {
    return this.other(this);
  }

  proxyFailed(): void {
    if (this.proxy) this.health.failed(this.proxy.id);
  }

  retire(): void {
    this.session.retire();
    this.changed(this);
  }

  state(): ReturnType<Session['getState']> {
    return this.session.getState();
  }

  /** Never the proxy URL: a logged or serialized request shows only the ids. */
  toJSON(): { id: string; proxyId: string | null } {
    return { id: this.id, proxyId: this.proxyId };
  }
}
