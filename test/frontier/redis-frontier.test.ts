// The Redis frontier against a real redis-server: dedupe, priorities, gates across connections, leases, ledger.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import pino from 'pino';
import { CrawlRequest } from '../../src/core/request';
import type { Lease } from '../../src/ports/frontier';
import { RedisFrontier, type RedisFrontierOptions } from '../../storage/redis/redis-frontier';
import { hostKeyOf } from '../../src/politeness/host-key';
import { settingsSchema } from '../../src/settings/schema';
import { frontierScripts, runPrefix } from '../../storage/redis/redis-scripts';
import { longestPossibleGapsMs, stampedGapsMs } from '../support/arrival-gaps';
import { startFixtureServers, closeFixtureServers, type FixtureServer } from '../support/fixture-server';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';

const defaults = settingsSchema.parse({});
/**
 * The workers' own leases outlive any stall of a loaded machine. At 400 ms, two workers racing on one host
 * once took a request twice (load 29: the holder's renewal came after the other worker's pick had reaped
 * the lease). Expiry is tested with a dead worker's own short lease (`ghost` below), which this does not touch.
 */
const LEASE_TTL_MS = 60_000;
const keyOf = (url: string) => hostKeyOf(url, 'host');

function options(redis: RedisTestServer, overrides: Partial<RedisFrontierOptions> & { minIntervalMs?: number; maxConcurrency?: number } = {}): RedisFrontierOptions {
  const policy = { maxConcurrency: overrides.maxConcurrency ?? 1, minIntervalMs: overrides.minIntervalMs ?? 0, jitterMs: 0 };
  return {
    url: redis.url,
    spider: 'test',
    runId: 'new',
    join: false,
    seeding: false,
    hostKeyOf: keyOf,
    policyFor: () => policy,
    settings: { ...defaults.frontier, leaseTtlMs: LEASE_TTL_MS, pollMs: 20 },
    log: pino({ level: 'silent' }),
    ...overrides,
  };
}

const req = (url: string, extra: Partial<ConstructorParameters<typeof CrawlRequest>[0]> = {}) => new CrawlRequest({ url, ...extra });

/** Takes the next lease, following `wait` answers like the engine does (an awaited timer, not a guess). */
async function take(frontier: RedisFrontier, maxWaits = 200): Promise<Lease | null> {
  for (let i = 0; i < maxWaits; i++) {
    const pick = await frontier.next(Date.now());
    if (pick.type === 'lease') return pick.lease;
    if (pick.type === 'empty') return null;
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, pick.atMs - Date.now())));
  }
  throw new Error('no lease after many waits');
}

describe('RedisFrontier', () => {
  let redis: RedisTestServer;
  let site: FixtureServer;

  beforeAll(async () => {
    redis = await startRedisServer();
    [site] = await startFixtureServers(1);
    site.route('/p/:n', (_req, res) => {
      res.end('ok');
    });
  });
  afterAll(async () => {
    await closeFixtureServers([site]);
    await redis.stop();
  });

  it('skips duplicates within a run, pops the highest score first, and balances the ledger', async () => {
    const frontier = await RedisFrontier.open(options(redis));
    const now = Date.now();
    const result = await frontier.add([
      req('http://127.0.0.1:9/a'),
      req('http://127.0.0.1:9/b', { meta: { velocity: 3 } }),
      req('http://127.0.0.1:9/c', { meta: { lastSeenMs: now - 7_200_000 } }),
      req('http://127.0.0.1:9/a'),
    ]);
    expect(result).toEqual({ added: 3, duplicates: 1 });
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      const lease = (await take(frontier))!;
      order.push(new URL(lease.request.url).pathname);
      lease.markSent();
      lease.releaseSlot();
      if (i === 2) await frontier.fail(lease.request, 'test/broken', 500);
      else await frontier.markHandled(lease.request, 200);
    }
    // velocity 3 × 2 = 6 beats two hours of staleness (2 × 1) beats a fresh page (0).
    expect(order).toEqual(['/b', '/c', '/a']);
    expect(await take(frontier)).toBeNull();
    const summary = await frontier.summary();
    expect(summary).toMatchObject({ planned: 3, succeeded: 2, failed: 1, pending: 0, failedByReason: { 'test/broken': 1 }, byStatus: { '200': 2, '500': 1 } });
    expect(summary.byHost['127.0.0.1:9']).toMatchObject({ planned: 3, succeeded: 2, failed: 1, pending: 0 });
    await frontier.close();
  });

  it('gives a second run a fresh seen-set: the same URLs are planned again', async () => {
    const urls = ['http://127.0.0.1:9/x', 'http://127.0.0.1:9/y'];
    const first = await RedisFrontier.open(options(redis));
    expect(await first.add(urls.map((u) => req(u)))).toEqual({ added: 2, duplicates: 0 });
    const second = await RedisFrontier.open(options(redis));
    expect(second.runId).not.toBe(first.runId);
    expect(await second.add(urls.map((u) => req(u)))).toEqual({ added: 2, duplicates: 0 });
    const ttl = await new Redis(redis.url).pttl(`${runPrefix(first.runId)}seen`);
    expect(ttl).toBeGreaterThan(0); // expires: old runs do not keep their fingerprints forever
    await Promise.all([first.close(), second.close()]);
  });

  it('never lets two workers racing on one host send closer than the interval (server-measured)', async () => {
    const MIN_INTERVAL_MS = 60;
    const ROUNDS = 30;
    const seeder = await RedisFrontier.open(options(redis, { minIntervalMs: MIN_INTERVAL_MS, maxConcurrency: 4 }));
    await seeder.add(Array.from({ length: ROUNDS }, (_, i) => req(site.url(`/p/${i}`))));
    const join = { join: true, runId: seeder.runId, minIntervalMs: MIN_INTERVAL_MS, maxConcurrency: 4 };
    const workers = [await RedisFrontier.open(options(redis, join)), await RedisFrontier.open(options(redis, join))];
    const taken: string[] = [];
    const before = site.requests.length;
    await Promise.all(
      workers.map(async (worker) => {
        for (let lease = await take(worker); lease; lease = await take(worker)) {
          taken.push(lease.request.id!);
          // Marked when written, as the engine does: a send stalled before its write holds the host (see below).
          await get(lease.request.url, () => lease.markSent());
          lease.releaseSlot();
          await worker.markHandled(lease.request, 200);
        }
      }),
    );
    expect(new Set(taken).size).toBe(ROUNDS);
    expect(taken).toHaveLength(ROUNDS);
    const arrivals = site.requests.slice(before);
    const gaps = stampedGapsMs(arrivals);
    // Sends are anchored at Redis' clock; delivery between two sockets on a loaded machine shaves a gap
    // (15.8 ms seen at load 3–5), while two workers sharing one slot arrive ~0 ms apart: half the interval
    // tells the two apart whatever the load. The server shares the workers' loop, so an arrival it stamped
    // late shortens the gap after it by as much (29.9 ms seen at load 29): each gap as long as it could have
    // been. The median holds the interval.
    expect(Math.min(...longestPossibleGapsMs(arrivals))).toBeGreaterThanOrEqual(MIN_INTERVAL_MS / 2);
    expect([...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]).toBeGreaterThanOrEqual(MIN_INTERVAL_MS);
    expect((await seeder.summary()).succeeded).toBe(ROUNDS);
    await Promise.all([seeder.close(), ...workers.map((w) => w.close())]);
  });

  it('never reserves a spaced host again before its last reservation is sent, however long its worker stalls', async () => {
    const spaced = { minIntervalMs: 20, maxConcurrency: 4 };
    const a = await RedisFrontier.open(options(redis, spaced));
    await a.add([req('http://127.0.0.1:9/s1'), req('http://127.0.0.1:9/s2')]);
    const b = await RedisFrontier.open(options(redis, { ...spaced, join: true, runId: a.runId }));
    const first = (await take(a))!;
    // a stalls between its pick and its send for ten of b's polls (20 ms each, ten intervals): b only waits.
    for (let i = 0; i < 10; i++) {
      const pick = await b.next(Date.now());
      if (pick.type !== 'wait') throw new Error(`expected a wait while a's reservation is unsent, got ${pick.type}`);
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, pick.atMs - Date.now())));
    }
    first.markSent();
    expect((await take(b))?.request.url).toBe('http://127.0.0.1:9/s2');
    await Promise.all([a.close(), b.close()]);
  });

  it('reclaims the lease of a worker that died (stopped renewing) once it expires', async () => {
    const frontier = await RedisFrontier.open(options(redis));
    await frontier.add([req('http://127.0.0.1:9/orphan')]);
    // A worker that takes the request and is never heard of again.
    const ghost = new Redis(redis.url);
    const picked = (await frontierScripts(ghost).pick(runPrefix(frontier.runId), 'ghost', 300, 0, 20)) as string[];
    expect(picked[0]).toBe('lease');
    const pendingWhileLeased = await frontier.summary();
    expect(pendingWhileLeased).toMatchObject({ planned: 1, pending: 1 });
    const lease = await take(frontier);
    expect(lease?.request.url).toBe('http://127.0.0.1:9/orphan');
    lease!.markSent();
    lease!.releaseSlot();
    await frontier.markHandled(lease!.request, 200);
    // The ghost's late result is ignored: the request was settled by the worker that holds it.
    expect(await frontierScripts(ghost).settle(runPrefix(frontier.runId), 'ghost', picked[1], 'succeeded', '', 200)).toBe(0);
    expect(await frontier.summary()).toMatchObject({ planned: 1, succeeded: 1, pending: 0, reclaimed: 1 });
    ghost.disconnect();
    await frontier.close();
  });

  it("frees the slots a dead worker's redirect hop and robots.txt beside it booked on other hosts once its lease expires", async () => {
    const frontier = await RedisFrontier.open(options(redis));
    await frontier.add([req('http://127.0.0.1:9/moved'), req('http://localhost:9/target'), req('http://[::1]:9/api')]);
    // A worker that takes /moved, books its redirect's slot on localhost:9 (cap 1) and one beside it on [::1]:9
    // (a robots.txt read again for its page's part), and is never heard of again. The second was held for ever before.
    const ghost = new Redis(redis.url);
    const scripts = frontierScripts(ghost);
    const prefix = runPrefix(frontier.runId);
    const picked = (await scripts.pick(prefix, 'ghost', 300, 0, 20)) as string[];
    expect(picked.slice(0, 4)).toEqual(['lease', picked[1], expect.stringContaining('/moved'), '127.0.0.1:9']);
    const [booked] = (await scripts.batch(prefix, 'ghost', 'B', picked[1], 'localhost:9', 0, 1, 0, 0, 0)) as string[][];
    expect(booked[0]).toBe('booked');
    const [beside] = (await scripts.batch(prefix, 'ghost', 'B', `${picked[1]}~`, '[::1]:9', 0, 1, 0, 0, 0)) as string[][];
    expect(beside[0]).toBe('booked');
    // Its bookings hold each host's one slot; once the ghost's lease expires, every request goes to this worker.
    const urls: string[] = [];
    for (let lease = await take(frontier); lease; lease = await take(frontier)) {
      urls.push(lease.request.url);
      lease.markSent();
      lease.releaseSlot();
      await frontier.markHandled(lease.request, 200);
    }
    expect(urls.sort()).toEqual(['http://127.0.0.1:9/moved', 'http://[::1]:9/api', 'http://localhost:9/target']);
    expect(await frontier.summary()).toMatchObject({ planned: 3, succeeded: 3, pending: 0, reclaimed: 1 });
    ghost.disconnect();
    await frontier.close();
  });

  it("claims a run's end for one worker; a claimant whose heartbeat is older than a lease is replaced, and only the claimant finishes the run", async () => {
    const settings = { ...defaults.frontier, leaseTtlMs: 60_000, pollMs: 20 };
    const b = await RedisFrontier.open(options(redis, { settings }));
    const prefix = runPrefix(b.runId);
    const ghost = new Redis(redis.url);
    const scripts = frontierScripts(ghost);
    const [seconds] = await ghost.time();
    await ghost.zadd(`${prefix}workers`, Number(seconds) * 1000, 'ghost');
    expect(await scripts.claimEnd(prefix, 'ghost', 60_000)).toBe(1);
    expect(await b.claimEnd('finished')).toBe(false);
    // The claimant was killed during its end work: its heartbeat stops and ages past a lease.
    await ghost.zadd(`${prefix}workers`, 0, 'ghost');
    expect(await b.claimEnd('finished')).toBe(true);
    expect(await scripts.finishRun(prefix, 'ghost')).toBe(0);
    expect(await ghost.hget(`${prefix}meta`, 'status')).toBe('running');
    await b.finishRun('finished');
    expect(await ghost.hget(`${prefix}meta`, 'status')).toBe('finished');
    ghost.disconnect();
    await b.close();
  });

  it('stores the server-wait count with the request, apart from its attempts', async () => {
    const a = await RedisFrontier.open(options(redis));
    await a.add([req('http://127.0.0.1:9/waited')]);
    for (let i = 0; i < 2; i++) {
      const lease = (await take(a))!;
      expect(lease.request.deferrals).toBe(i);
      lease.cancelReservation();
      await a.defer(lease.request, Date.now(), { countDeferral: true, reason: 'http/429' });
    }
    const lease = (await take(a))!;
    expect([lease.request.deferrals, lease.request.attempt]).toEqual([2, 0]);
    await a.close();
  });

  it('defers with attempts counted, honours host pauses, and returns leases on close', async () => {
    const a = await RedisFrontier.open(options(redis, { maxConcurrency: 2 }));
    await a.add([req('http://127.0.0.1:9/r1'), req('http://127.0.0.1:9/r2')]);
    const first = (await take(a))!;
    first.cancelReservation();
    await a.defer(first.request, Date.now() + 60_000, { countAttempt: true, reason: 'retry/test' });
    expect(first.request.attempt).toBe(1);
    a.pauseHost('127.0.0.1:9', Date.now() + 60_000);
    const paused = await a.next(Date.now());
    expect(paused.type).toBe('wait');
    const status = (await a.status()) as { byHost: Record<string, { pausedForMs: number; delayed: number; queued: number }> };
    expect(status.byHost['127.0.0.1:9']).toMatchObject({ delayed: 1, queued: 1 });
    expect(status.byHost['127.0.0.1:9'].pausedForMs).toBeGreaterThan(50_000);
    await a.close();
    const b = await RedisFrontier.open(options(redis, { join: true, runId: a.runId, settings: { ...defaults.frontier, leaseTtlMs: 60_000, pollMs: 20 } }));
    expect(await b.summary()).toMatchObject({ planned: 2, pending: 2, succeeded: 0, failed: 0 });
    await b.close();
  });

  it('returns a closing worker\'s leases at once (graceful exit): another worker takes them without waiting for expiry', async () => {
    const slowExpiry = { settings: { ...defaults.frontier, leaseTtlMs: 60_000, pollMs: 20 } };
    const a = await RedisFrontier.open(options(redis, slowExpiry));
    await a.add([req('http://127.0.0.1:9/held')]);
    const held = (await a.next(Date.now())) as { type: 'lease'; lease: Lease };
    expect(held.type).toBe('lease');
    held.lease.markSent();
    await a.close(); // as after SIGTERM: never settled
    const b = await RedisFrontier.open(options(redis, { ...slowExpiry, join: true, runId: a.runId }));
    const retaken = await b.next(Date.now());
    expect(retaken.type).toBe('lease');
    expect((await b.summary()).reclaimed).toBe(0); // handed back, not reaped after 60 s
    await b.close();
  });

  it('adds politeness.intervalMarginMs to a host with an interval, and none to a host without', async () => {
    const spaced = await RedisFrontier.open(options(redis, { minIntervalMs: 50, intervalMarginMs: 3 }));
    await spaced.add([req('http://127.0.0.1:9/m1')]);
    const raw = new Redis(redis.url);
    const [kind, , , , , , reservedAtMs, nextOpenAtMs] = (await frontierScripts(raw).pick(runPrefix(spaced.runId), 'probe', 60_000, 0, 20)) as Array<string | number>;
    expect(kind).toBe('lease');
    expect(Number(nextOpenAtMs) - Number(reservedAtMs)).toBe(53);
    const unspaced = await RedisFrontier.open(options(redis, { minIntervalMs: 0, intervalMarginMs: 3 }));
    await unspaced.add([req('http://127.0.0.1:9/m2')]);
    const [, , , , , , reserved2, next2] = (await frontierScripts(raw).pick(runPrefix(unspaced.runId), 'probe', 60_000, 0, 20)) as Array<string | number>;
    expect(Number(next2) - Number(reserved2)).toBe(0);
    raw.disconnect();
    await Promise.all([spaced.close(), unspaced.close()]);
  });

  it('shares adapted intervals: the slowest live view spaces every worker; a closed worker withdraws, a dead one fades', async () => {
    const slowExpiry = { settings: { ...defaults.frontier, leaseTtlMs: 60_000, pollMs: 20 }, minIntervalMs: 50 };
    const host = '127.0.0.1:9';
    const a = await RedisFrontier.open(options(redis, slowExpiry));
    await a.add([req(`http://${host}/i1`), req(`http://${host}/i2`)]);
    const b = await RedisFrontier.open(options(redis, { ...slowExpiry, join: true, runId: a.runId }));
    // Calls on one connection run in order: a worker's status() sees its own publication done.
    const gateOf = async (f: RedisFrontier) => ((await f.status()) as { nowMs: number; byHost: Record<string, { intervalMs: number; nextOpenInMs: number }> }).byHost[host];
    expect((await gateOf(a)).intervalMs).toBe(50);

    a.gate.setThrottleMs(host, 400);
    await gateOf(a);
    b.gate.setThrottleMs(host, 150);
    expect((await gateOf(b)).intervalMs).toBe(400);
    const lease = (await take(b))!;
    lease.markSent();
    // Reserved with the slowest view; the margin covers the round trips since the reservation.
    expect((await gateOf(b)).nextOpenInMs).toBeGreaterThan(250);

    a.gate.setThrottleMs(host, 2_000); // grows: the slot already reserved moves out too
    const grown = await gateOf(a);
    expect(grown.intervalMs).toBe(2_000);
    expect(grown.nextOpenInMs).toBeGreaterThan(1_750);
    await a.close(); // withdrawn at once: b's view rules, and the reserved slot does not move back
    const afterClose = await gateOf(b);
    expect(afterClose.intervalMs).toBe(150);
    expect(afterClose.nextOpenInMs).toBeGreaterThan(1_500);

    // A worker that dies leaves its view behind until it expires; the next publication sweeps it out.
    const ghost = new Redis(redis.url);
    await frontierScripts(ghost).intervals(runPrefix(b.runId), 'ghost', 1, host, 5_000);
    const haunted = await b.status() as { nowMs: number; byHost: Record<string, { intervalMs: number }> };
    expect(haunted.byHost[host].intervalMs).toBe(5_000);
    for (let seen = haunted.nowMs; seen <= haunted.nowMs + 1; ) seen = ((await b.status()) as { nowMs: number }).nowMs;
    b.gate.setThrottleMs(host, 20); // below the configured 50: the throttle's own floor decides that
    expect((await gateOf(b)).intervalMs).toBe(20);
    ghost.disconnect();
    lease.releaseSlot();
    await b.markHandled(lease.request, 200);
    await b.close();
  });
});

/** `onSent` runs once the request is written to the socket, where the engine marks a send (undici's sendHeaders). */
function get(url: string, onSent: () => void = () => undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    httpRequest(url, (res) => {
      res.resume();
      res.on('end', resolve);
    })
      .on('error', reject)
      .on('finish', onSent)
      .end();
  });
}
