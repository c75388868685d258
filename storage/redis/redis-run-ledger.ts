// RunLedgerReader over a Redis frontier: a run's failed requests (kept by the settle script) and whether a page succeeded.
import type { Redis } from 'ioredis';
import { CrawlRequest, type SerializedRequest } from '../../src/core/request';
import type { FailedRequest, RunLedgerReader } from '../../src/ports/run-ledger';
import { closeRedis, connectRedis } from './redis-connect';
import { runPrefix } from './redis-scripts';

/** A failure as SETTLE (lua-ops.ts) stores it in the run's `fail` hash. */
interface StoredFailure {
  req?: string;
  reason: string;
  status?: number;
  attempt?: number;
  at?: number;
}

export class RedisRunLedger implements RunLedgerReader {
  private constructor(private readonly redis: Redis) {}

  /** Connects at once: an unreachable frontier is refused in one line, not read as a run without failures. */
  static async open(url: string): Promise<RedisRunLedger> {
    return new RedisRunLedger(await connectRedis(url));
  }

  /** Pages along the `fails` set (scored by request id, the planned order) from the last id read. */
  async *failedRequests(runId: string, pageSize = 500): AsyncIterable<FailedRequest[]> {
    const prefix = runPrefix(runId);
    for (let after = '0'; ; ) {
      const ids = await this.redis.zrangebyscore(`${prefix}fails`, `(${after}`, '+inf', 'LIMIT', 0, pageSize);
      if (ids.length === 0) return;
      after = ids[ids.length - 1];
      const stored = await this.redis.hmget(`${prefix}fail`, ...ids);
      yield stored.map((json, i) => toFailedRequest(json, ids[i]));
    }
  }

  /** By fingerprint through the run's `fid` map (kept for frontier.seenTtlMs), then the request's state. */
  async succeeded(runId: string, url: string): Promise<boolean> {
    const prefix = runPrefix(runId);
    const id = await this.redis.hget(`${prefix}fid`, new CrawlRequest({ url }).fingerprint);
    return id !== null && (await this.redis.hget(`${prefix}st`, id)) === 's';
  }

  async succeededAmong(runId: string, urls: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    if (urls.length === 0) return found;
    const prefix = runPrefix(runId);
    const ids = await this.redis.hmget(`${prefix}fid`, ...urls.map((url) => new CrawlRequest({ url }).fingerprint));
    const known = ids.flatMap((id, i) => (id === null ? [] : [{ id, url: urls[i] }]));
    if (known.length === 0) return found;
    const states = await this.redis.hmget(`${prefix}st`, ...known.map((k) => k.id));
    states.forEach((state, i) => state === 's' && found.add(known[i].url));
    return found;
  }

  async close(): Promise<void> {
    await closeRedis(this.redis);
  }
}

/** Both keys are written by one script, so a gap is damage: refused, never skipped (a lost failure would read as clean). */
function toFailedRequest(json: string | null, id: string): FailedRequest {
  const failure = json === null ? null : (JSON.parse(json) as StoredFailure);
  if (failure?.req === undefined) throw new Error(`failed request ${id} of the run has no stored record`);
  const request = JSON.parse(failure.req) as SerializedRequest;
  return {
    url: request.url,
    reason: failure.reason,
    retries: failure.attempt ?? 0,
    status: failure.status ?? null,
    failedAtMs: failure.at ?? null,
    callback: request.callback,
    meta: request.meta,
  };
}
