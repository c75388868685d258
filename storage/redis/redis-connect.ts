// Opens ioredis clients that refuse a run in one line (unreachable, password refused) and never print reconnect stack traces.
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { PricecrawlError } from '../../src/core/errors';

export interface RedisClientOptions {
  maxRetriesPerRequest?: number;
  /** Errors after the first connection (a restart, a network blip); the client reconnects meanwhile. Default: ignored, the failing calls report. */
  onError?: (error: Error) => void;
  /** A call with no answer after this long fails (default `DEFAULT_COMMAND_TIMEOUT_MS`). */
  commandTimeoutMs?: number;
}

/**
 * A server that holds the connection open but never answers (stopped with SIGSTOP, swapping, a network
 * path that drops packets without a reset) gives no error: without a bound every call waited for ever and
 * the crawl hung silently, its outage limit never reached. A call unanswered this long fails like a lost
 * connection, and the callers' outage handling takes over. Scripts answer in milliseconds; Redis itself
 * stops a script after 5 s (busy-reply-threshold).
 */
export const DEFAULT_COMMAND_TIMEOUT_MS = 30_000;

/** A crawl's calls wait at least this long for an answer, however short the lease (a loaded machine's script). */
const MIN_CRAWL_COMMAND_TIMEOUT_MS = 5_000;

/**
 * The time limit of a crawl's calls to its frontier's Redis (the frontier's own, its sessions' and its
 * robots cache's: one server): a lease's life, at least 5 s. Unanswered that long, this worker's leases are
 * being reaped by now and waiting longer gains nothing. The sessions and robots clients once had 30 s: a
 * session load or save on a stopped server held a request, then the run's end, for that long after the
 * frontier had given up.
 */
export function crawlCommandTimeoutMs(leaseTtlMs: number): number {
  return Math.max(leaseTtlMs, MIN_CRAWL_COMMAND_TIMEOUT_MS);
}

/** `host:port` of a redis:// URL: what messages name, never the password. */
export function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return 'the configured address';
  }
}

/**
 * A client that does not retry before its first connection (the caller refuses the run instead of
 * waiting for ever) and reconnects with a capped backoff after it. Its 'error' events always have a
 * listener: without one ioredis prints each failed reconnect with a stack trace.
 */
export function redisClient(url: string, options: RedisClientOptions = {}): Redis & { lastError: Error | null } {
  let connected = false;
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: options.maxRetriesPerRequest ?? 3,
    connectTimeout: 5_000,
    commandTimeout: options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
    retryStrategy: (times) => (connected ? Math.min(times * 200, 2_000) : null),
    reconnectOnError: demotedPrimary,
  }) as Redis & { lastError: Error | null };
  redis.lastError = null;
  redis.on('ready', () => (connected = true));
  redis.on('error', (error: Error) => {
    redis.lastError = error;
    if (connected) options.onError?.(error);
  });
  return redis;
}

/**
 * READONLY: the server this connection reached is a replica now, as after a failover (Sentinel, a managed
 * service) that moved the address to the new primary. The connection would stay with the old one for
 * ever, every write refused until frontier.outageMs stopped the run; a new one resolves the address
 * again. 1 = reconnect without sending the command again: its caller has its error (a refused write
 * changed nothing) and retries as after any failed call.
 */
function demotedPrimary(error: Error): 1 | false {
  return error.message.startsWith('READONLY') ? 1 : false;
}

/** Connection errors once running: one warning per 10 s (the client reconnects; failing calls log their own). */
export function quietly(log: Logger): (error: Error) => void {
  let lastMs = 0;
  return (error) => {
    if (Date.now() - lastMs < 10_000) return;
    lastMs = Date.now();
    log.warn({ error: error.message }, 'redis connection lost; reconnecting');
  };
}

/** Connects or throws one line saying what is wrong and what to fix (exit 2). */
export async function connectRedis(url: string, options: RedisClientOptions = {}): Promise<Redis> {
  const redis = redisClient(url, options);
  try {
    await redis.connect();
    return redis;
  } catch (error) {
    // Already ended after the failed first connect; disconnect() then would hold the process ~2 s.
    if (redis.status !== 'end') redis.disconnect();
    throw refusal(url, redis.lastError ?? (error as Error));
  }
}

/** How long a closing client waits for the server's answer to QUIT before it drops the socket. */
const QUIT_WAIT_MS = 2_000;

/**
 * Closes a client without waiting on a server that is gone: QUIT only on a ready connection (it lets
 * replies in flight arrive), otherwise drop the socket and stop reconnecting. A QUIT sent while the client
 * reconnects waits in its offline queue, and its reconnect timers keep the process alive meanwhile.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  // Ready, but with calls still unanswered: a QUIT would queue behind them on a server that may not be
  // answering at all (stopped, cut off): those the caller gave up on are dropped with the socket.
  if (redis.status !== 'ready' || redis.commandQueue.length > 0) {
    redis.disconnect();
    return;
  }
  // A server that holds the socket but does not answer would keep QUIT waiting for its command timeout.
  const giveUp = setTimeout(() => redis.disconnect(), QUIT_WAIT_MS);
  try {
    await redis.quit().catch(() => redis.disconnect());
  } finally {
    clearTimeout(giveUp);
  }
}

function refusal(url: string, error: Error): PricecrawlError {
  const where = `redis at ${redisAddress(url)}`;
  const authCode = /^(WRONGPASS|NOAUTH|ERR invalid password|ERR AUTH)/.exec(error.message)?.[1];
  if (authCode) return new PricecrawlError('FRONTIER_UNREACHABLE', `${where} refused the password (${authCode}): fix the password in frontier.url (redis://:password@host:port)`);
  const code = (error as NodeJS.ErrnoException).code ?? error.message;
  return new PricecrawlError('FRONTIER_UNREACHABLE', `${where} is unreachable (${code}): start redis-server there or fix frontier.url`);
}
