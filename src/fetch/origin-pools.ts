// One keep-alive undici Pool per origin, kept for the fetcher's lifetime.
import { Pool } from 'undici';

/**
 * Replaces undici's Agent on purpose: Agent 7.x counts connections per origin key, and the disconnect
 * of a pool it already closed decrements the count of its replacement, so after one closed socket
 * (e.g. undici's close-after-HEAD) every later sequential request got a fresh connection. Measured:
 * GET, HEAD, then 5 GETs = 6 connections with Agent, 2 with a Pool kept per origin.
 */
export class OriginPools {
  private readonly pools = new Map<string, Pool>();

  constructor(private readonly options: Pool.Options) {}

  get(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, this.options);
      this.pools.set(origin, pool);
    }
    return pool;
  }

  /** Aborts in-flight requests and closes every socket. */
  async destroy(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.destroy()));
  }
}
