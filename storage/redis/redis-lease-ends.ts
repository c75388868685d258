// How a lease this worker holds ends in Redis: settled (handled, failed) or deferred, or found lost to another worker.
import type { Logger } from 'pino';
import type { CrawlRequest } from '../../src/core/request';
import { steadyNowMs } from '../../src/politeness/clock';
import type { DeferOptions } from '../../src/ports/frontier';
import { storedForDefer } from '../../src/frontier/deferred-row';
import type { RedisBatch } from './redis-batch';
import type { FrontierScripts } from './redis-scripts';

export interface LeaseEndParts {
  scripts: FrontierScripts;
  prefix: string;
  workerId: string;
  batch: RedisBatch;
  /** Every lease this worker holds, with its host as the pick gave it and its token (ended here). */
  leases: Map<string, HeldLease>;
  log: Logger;
}

/**
 * A lease as its worker keeps it, by request id. The token tells two leases of one id apart: a server gone back to
 * an older snapshot gives a lease's id to a request added since, which this worker may lease while the stale one is
 * still out; the stale one's end must leave the newer one held (renewed, handed back at exit).
 */
export interface HeldLease {
  hostKey: string;
  token: string;
}

/** The request's id in the run's queues; a request never added has none. */
export function leaseIdOf(request: CrawlRequest): string {
  if (request.id === null) throw new Error(`request ${request.url} has no frontier id: it was never added`);
  return request.id;
}

/** The lease's fencing token, so the script ends this lease and no other of the same id ('' = not checked). */
export function leaseTokenOf(request: CrawlRequest): string {
  return request.leaseFence === null ? '' : String(request.leaseFence);
}

export class RedisLeaseEnds {
  /** Requests this worker gave up because their lease had expired and another worker took them over. */
  lost = 0;

  constructor(private readonly parts: LeaseEndParts) {}

  async defer(request: CrawlRequest, untilMs: number, options: DeferOptions = {}): Promise<void> {
    const id = leaseIdOf(request);
    const bump = options.countAttempt ? 1 : 0;
    // The deferral count and a redirect's resume point live in the stored request, rewritten only then.
    const stored = storedForDefer(request, options);
    const json = stored === null ? '' : JSON.stringify(stored);
    this.parts.batch.flush(); // its queued send, release or cancel go first
    const done = await this.endLease(request, this.parts.scripts.defer(this.parts.prefix, this.parts.workerId, id, Math.max(0, untilMs - steadyNowMs()), bump, json, leaseTokenOf(request)));
    if (done !== 1) return this.leaseLost(request, 'defer');
    request.attempt += bump;
    if (options.countDeferral) request.deferrals += 1;
  }

  async settle(request: CrawlRequest, outcome: 'succeeded' | 'failed', reason: string, status: number | null): Promise<void> {
    const id = leaseIdOf(request);
    // The host as this worker's pick gave it; a request it never picked ('') has the script read it.
    // A success stands for the items stored under its lease: a resume finds them in the item store, or fetches the page again.
    const itemsFence = outcome === 'succeeded' && request.itemsStored > 0 ? (request.leaseFence ?? '') : '';
    const done = await this.endLease(request, this.parts.batch.call(['H', id, this.parts.leases.get(id)?.hostKey ?? '', outcome, reason, status ?? '', itemsFence, leaseTokenOf(request)]));
    if (done !== 1) this.leaseLost(request, outcome);
  }

  /**
   * The call that ends a lease (settle, defer): whatever its answer, the lease is no longer ours to renew.
   * When the call failed (the server away), the lease runs out and the request returns to its queue to be
   * fetched again; renewing it would keep it leased for ever and the run would never end.
   */
  private async endLease<T>(request: CrawlRequest, call: Promise<T>): Promise<T> {
    try {
      return await call;
    } finally {
      // Unless this worker holds a later lease of the id (HeldLease); a request it holds no token for ends what it holds.
      const held = this.parts.leases.get(leaseIdOf(request));
      const token = leaseTokenOf(request);
      if (held !== undefined && (token === '' || held.token === token)) this.parts.leases.delete(leaseIdOf(request));
    }
  }

  /** Our lease expired and another worker holds the request (or settled it): its outcome stands, not ours. */
  private leaseLost(request: CrawlRequest, action: string): void {
    this.lost++;
    this.parts.log.warn({ url: request.url, requestId: request.id, action }, 'lease expired meanwhile; another worker has the request');
  }
}
