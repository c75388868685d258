// RedisSessionStore: live sessions per spider and host in Redis, shared by every worker of a shared frontier.
import type { ChainableCommander, Redis } from 'ioredis';
import { closeRedis, redisClient } from './redis-connect';
import type { SessionStore, StoredSession } from '../../src/ports/session-store';

/**
 * Run-independent: the keys name the spider, not the run, so the next run (or a recycled worker)
 * resumes the sessions. The `{spider}` hash tag keeps them in one Cluster slot.
 */
export const sessionKeyPrefix = (spider: string): string => `pricecrawl:sessions:{${spider}}:`;

/**
 * Per session one string key `…s:<host>:<id>` holding `{ proxyId, state }`, expiring when the session
 * does (its `expiresAt`, never later than `maxAgeMs` from the write); per host one sorted set `…i:<host>`
 * of its session ids scored by `expiresAt`, itself expiring `maxAgeMs` after its last write. A flush is
 * one MULTI/EXEC, so other workers see all of it or none of it.
 */
export class RedisSessionStore implements SessionStore {
  private readonly prefix: string;

  private constructor(
    private readonly redis: Redis,
    spider: string,
    private readonly maxAgeMs: number,
  ) {
    this.prefix = sessionKeyPrefix(spider);
  }

  /** Commands queue until the connection is up, so a crawl does not wait for it here. */
  static open(url: string, spider: string, maxAgeMs: number, commandTimeoutMs?: number): RedisSessionStore {
    // Lazy: the first command connects (the frontier on the same Redis has refused the run already if it is not there).
    return new RedisSessionStore(redisClient(url, { commandTimeoutMs }), spider, maxAgeMs);
  }

  async load(host: string): Promise<StoredSession[]> {
    const index = this.indexKey(host);
    const now = Date.now();
    const replies = await execTransaction(this.redis.multi().zremrangebyscore(index, '-inf', now).zrangebyscore(index, `(${now}`, '+inf'));
    const ids = (replies?.[1]?.[1] ?? []) as string[];
    if (ids.length === 0) return [];
    // A key that lapsed between the two reads comes back null and is skipped.
    const values = await this.redis.mget(ids.map((id) => this.sessionKey(host, id)));
    return values.flatMap((value) => {
      if (value === null) return [];
      const { proxyId, state } = JSON.parse(value) as Omit<StoredSession, 'host'>;
      return [{ host, proxyId, state }];
    });
  }

  async write(live: readonly StoredSession[], retired: ReadonlyArray<{ host: string; id: string }>, nowMs: number): Promise<void> {
    const tx = this.redis.multi();
    const gone = [...retired];
    for (const session of live) {
      const expiresAtMs = new Date(session.state.expiresAt).getTime();
      const ttlMs = Math.min(expiresAtMs - nowMs, this.maxAgeMs);
      if (ttlMs <= 0) {
        gone.push({ host: session.host, id: session.state.id });
        continue;
      }
      const index = this.indexKey(session.host);
      tx.set(this.sessionKey(session.host, session.state.id), JSON.stringify({ proxyId: session.proxyId, state: session.state }), 'PX', ttlMs);
      tx.zadd(index, expiresAtMs, session.state.id);
      tx.pexpire(index, this.maxAgeMs);
    }
    for (const { host, id } of gone) tx.del(this.sessionKey(host, id)).zrem(this.indexKey(host), id);
    const replies = await execTransaction(tx);
    const failed = replies?.find(([error]) => error !== null);
    if (failed) throw failed[0]!;
  }

  async close(): Promise<void> {
    await closeRedis(this.redis);
  }

  private indexKey(host: string): string {
    return `${this.prefix}i:${host}`;
  }

  private sessionKey(host: string, id: string): string {
    return `${this.prefix}s:${host}:${id}`;
  }
}

/**
 * EXEC, failing with the server's own reason: a command the server refused while queueing (NOPERM from an
 * ACL, OOM, READONLY) aborts the transaction, and the driver's EXECABORT says only "discarded because of
 * previous errors", which is all the warnings showed.
 */
async function execTransaction(tx: ChainableCommander): ReturnType<ChainableCommander['exec']> {
  try {
    return await tx.exec();
  } catch (error) {
    const first = (error as { previousErrors?: unknown[] }).previousErrors?.[0];
    throw first instanceof Error ? first : error;
  }
}
