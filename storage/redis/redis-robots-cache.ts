// RedisRobotsCache: each origin's robots.txt result in Redis, so the workers of a shared frontier fetch it once per run.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { closeRedis, redisClient } from './redis-connect';
import type { RobotsCache, RobotsEntry } from '../../src/ports/robots-cache';
import { runPrefix } from './redis-scripts';

/** Per run, beside the run's frontier keys (same Cluster slot): a new run fetches robots.txt afresh. */
const robotsKeyPrefix = (runId: string): string => `${runPrefix(runId)}robots:`;

/** Deletes the claim only while it still holds this worker's token (it may have run out and gone to another). */
const RELEASE_LUA = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** `…e:<origin>` holds the entry as JSON, `…c:<origin>` the fetch claim (the claiming worker's token); both expire on their own. */
export class RedisRobotsCache implements RobotsCache {
  private readonly prefix: string;
  /** This worker's claims; one look-up per origin at a time in a worker, so one token serves them all. */
  private readonly token = randomUUID();

  private constructor(
    private readonly redis: Redis,
    runId: string,
  ) {
    this.prefix = robotsKeyPrefix(runId);
  }

  /** Connects on first use: a crawl that never looks up robots.txt (robots.obey off) opens no connection. */
  static open(url: string, runId: string, commandTimeoutMs?: number): RedisRobotsCache {
    return new RedisRobotsCache(redisClient(url, { commandTimeoutMs }), runId);
  }

  async get(origin: string): Promise<RobotsEntry | null> {
    const value = await this.redis.get(`${this.prefix}e:${origin}`);
    return value === null ? null : (JSON.parse(value) as RobotsEntry);
  }

  async claim(origin: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}c:${origin}`, this.token, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async put(origin: string, entry: RobotsEntry, ttlMs: number): Promise<void> {
    const replies = await this.redis.multi().set(`${this.prefix}e:${origin}`, JSON.stringify(entry), 'PX', ttlMs).del(`${this.prefix}c:${origin}`).exec();
    const failed = replies?.find(([error]) => error !== null);
    if (failed) throw failed[0]!;
  }

  async release(origin: string): Promise<void> {
    await this.redis.eval(RELEASE_LUA, 1, `${this.prefix}c:${origin}`, this.token);
  }

  async close(): Promise<void> {
    await closeRedis(this.redis);
  }
}
