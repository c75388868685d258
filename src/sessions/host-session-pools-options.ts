// What HostSessionPools is told and asked: its options, and the proxy a next session must avoid.
import type { Settings } from '../settings/schema';
import type { SessionStore } from '../ports/session-store';
import type { PooledSession, RetireReason } from './pooled-session';
import type { ProxyEndpoint } from './proxy-endpoints';

/**
 * The proxy a request's next session must not be on. `fresh` (the default): a new session (empty jar), for
 * a block (the jar is burnt) or the proxy's own failure (a session's cookies never change proxy); false: a
 * live session of another proxy may serve.
 */
export interface AvoidProxy {
  proxyId: string | null;
  fresh?: boolean;
}

export interface HostSessionPoolsOptions {
  config: Settings['sessions'];
  proxies: readonly ProxyEndpoint[];
  /** Null: sessions live in memory only. */
  store: SessionStore | null;
  /** Told about every session that enters a pool (stats). */
  onSession?: (session: PooledSession, how: 'created' | 'restored') => void;
  /** Told when a flush failed (the next flush writes the sessions changed since; these changes are lost). */
  onWriteError?: (error: unknown) => void;
  /** Told when the store had not answered the saves within FINAL_SAVE_WAIT_MS at close: the close went on without them. */
  onSaveUnanswered?: (waitedMs: number) => void;
  /** Told when a host's stored sessions could not be read: the host starts with fresh sessions. */
  onLoadError?: (hostKey: string, error: unknown) => void;
  /** Told when a proxy is retired (`sessions.proxyMaxFailures` failures of its own in a row). */
  onProxyRetired?: (proxyId: string, failures: number) => void;
  /** Told when the pools retire a session themselves (its proxy was retired). */
  onRetired?: (session: PooledSession, reason: RetireReason) => void;
}
