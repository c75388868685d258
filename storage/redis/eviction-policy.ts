// Refuses a Redis that may evict keys: a crawl's queue and ledger there would vanish without an error.
import type { Redis } from 'ioredis';
import { PricecrawlError } from '../../src/core/errors';
import { redisAddress } from './redis-connect';

/** What the server says about eviction: its policy and how many keys it evicted since it started. */
export interface EvictionState {
  policy: string;
  evictedKeys: number;
}

/**
 * Under any policy but `noeviction` a full server deletes keys to make room (every key with `allkeys-*`,
 * those with a TTL with `volatile-*`: the run's `seen` set, the seeder's marker, sessions), and nothing tells
 * the client. A run that lost a host's queue ended `finished` with those requests never fetched, or its
 * ledger broke (exit 1) with no word on why. `maxmemory 0` does not make a policy safe: an operator can set a
 * limit on the running server. INFO, not CONFIG GET: managed services (ElastiCache, Memorystore) refuse CONFIG.
 */
export async function readEvictionState(redis: Redis): Promise<EvictionState> {
  const info = `${await redis.info('memory')}\n${await redis.info('stats')}`;
  const field = (name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(info)?.[1]?.trim();
  return { policy: field('maxmemory_policy') ?? 'unknown', evictedKeys: Number(field('evicted_keys') ?? 0) };
}

/** Throws FRONTIER_EVICTS unless the server at `url` evicts nothing; answers its state for the end-of-run check. */
export async function refuseEvictingServer(redis: Redis, url: string): Promise<EvictionState> {
  const state = await readEvictionState(redis);
  if (state.policy === 'noeviction') return state;
  throw new PricecrawlError(
    'FRONTIER_EVICTS',
    `redis at ${redisAddress(url)} evicts keys when it is full (maxmemory-policy ${state.policy}): a crawl's queue and ledger there could vanish without an error. Set maxmemory-policy noeviction on it (CONFIG SET maxmemory-policy noeviction, or the service's parameter group), or give the frontier a Redis of its own`,
  );
}

/**
 * Keys the server evicted since the run opened (the policy was `noeviction` then, which never evicts, so
 * someone changed it while the run ran, and some of those keys may have been the run's). evicted_keys is a
 * counter the server zeroes on CONFIG RESETSTAT (monitoring tools run it) and on a restart: read only at
 * the run's end, a reset hid every eviction before it and the run ended clean. So it is sampled on every
 * heartbeat and summed, a fall read as a reset (the count since it); only the time between the last sample
 * and a reset stays unseen.
 */
export class EvictionWatch {
  private lastCount: number;
  private evicted = 0;
  private policy: string;

  constructor(atOpen: EvictionState) {
    this.lastCount = atOpen.evictedKeys;
    this.policy = atOpen.policy;
  }

  async sample(redis: Redis): Promise<void> {
    const now = await readEvictionState(redis);
    this.evicted += now.evictedKeys >= this.lastCount ? now.evictedKeys - this.lastCount : now.evictedKeys;
    this.lastCount = now.evictedKeys;
    this.policy = now.policy;
  }

  /** At the run's end: its ledger cannot be trusted to say what was lost, so the run must not end clean. */
  async refuseIfEvicted(redis: Redis, url: string): Promise<void> {
    await this.sample(redis);
    const evicted = this.evicted;
    if (evicted <= 0) return;
    throw new PricecrawlError(
      'FRONTIER_EVICTS',
      `redis at ${redisAddress(url)} evicted ${evicted} key${evicted === 1 ? '' : 's'} while the run was running (maxmemory-policy is ${this.policy} now): the run's queue or ledger may have lost some, so it cannot say what was fetched. Set maxmemory-policy noeviction there`,
    );
  }
}
