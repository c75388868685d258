// Opens SqliteFrontiers on a temp dir with a manual clock and fixed host policies, and Redis workers of one run, for the frontier tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CrawlRequest, type CrawlRequestInit } from '../../src/core/request';
import { ManualClock } from '../../src/politeness/clock';
import { hostKeyOf } from '../../src/politeness/host-key';
import { HostSlots, type HostPolicy } from '../../src/politeness/host-slots';
import { SqliteFrontier, type SqliteFrontierOptions } from '../../storage/sqlite/sqlite-frontier';
import type { Lease, Pick } from '../../src/ports/frontier';
import pino from 'pino';
import type { BreakerOptions } from '../../src/politeness/breaker-board';
import { settingsSchema } from '../../src/settings/schema';
import { RedisFrontier } from '../../storage/redis/redis-frontier';

export function tempDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'pricecrawl-frontier-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function openFrontier(
  dir: string,
  policy: Partial<HostPolicy> = {},
  overrides: Partial<SqliteFrontierOptions> = {},
): { frontier: SqliteFrontier; clock: ManualClock; slots: HostSlots } {
  const clock = new ManualClock(1_000_000);
  const full: HostPolicy = { maxConcurrency: 1, minIntervalMs: 0, jitterMs: 0, ...policy };
  const slots = new HostSlots({ policyFor: () => full });
  const frontier = SqliteFrontier.open({
    dir,
    spider: 'shop',
    runId: 'new',
    hostKeyOf: (url) => hostKeyOf(url, 'host'),
    hostSlots: slots,
    clock,
    ...overrides,
  });
  return { frontier, clock, slots };
}

export const req = (url: string, init: Partial<CrawlRequestInit> = {}) => new CrawlRequest({ url, ...init });

export function expectLease(pick: Pick): Lease {
  if (pick.type !== 'lease') throw new Error(`expected a lease, got ${JSON.stringify(pick)}`);
  return pick.lease;
}

/** Leases the next request, sends and answers it, marks it handled; its URL. */
export async function handleNext(worker: RedisFrontier): Promise<string> {
  const lease = expectLease(await worker.next(Date.now()));
  lease.markSent();
  lease.releaseSlot();
  await worker.markHandled(lease.request, 200);
  return lease.request.url;
}

/** A worker of the run `runId` on a test Redis (created by the first), with one policy for every host. */
export function openRedisWorker(
  url: string,
  runId: string,
  options: { policy: HostPolicy; leaseTtlMs: number; breaker?: BreakerOptions },
): Promise<RedisFrontier> {
  return RedisFrontier.open({
    url, spider: 'test', runId, join: false, seeding: false, hostKeyOf: (u) => hostKeyOf(u, 'host'), policyFor: () => options.policy,
    breaker: options.breaker, settings: { ...settingsSchema.parse({}).frontier, leaseTtlMs: options.leaseTtlMs, pollMs: 20 }, log: pino({ level: 'silent' }),
  });
}

/**
 * Holds the event loop as a slow start or a GC pause does: no heartbeat can fire meanwhile, so a lease runs out
 * at Redis' clock. What is tested is the stall itself, not a wait for something else.
 */
export function stallLoop(ms: number): void {
  const untilMs = Date.now() + ms;
  while (Date.now() < untilMs) {
    // busy: the heartbeat timer cannot run
  }
}
