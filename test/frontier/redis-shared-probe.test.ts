// A half-open breaker on a Redis frontier lets one probe go for all workers, not one per worker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPrefix } from '../../storage/redis/redis-scripts';
import type { RedisFrontier } from '../../storage/redis/redis-frontier';
import { readRunStatus } from '../../storage/redis/redis-status';
import { startRedisServerWithClient, type RedisTestServerWithClient } from '../support/redis-server';
import { breakerWorker, openBreakerWorker } from './breaker-worker';
import { expectLease, req } from './frontier-fixture';

const COOLDOWN_MS = 60_000;
const HOST = 'probe.test';

describe('the half-open probe of a host two Redis workers crawl at a concurrency of two', () => {
  let started: RedisTestServerWithClient;
  beforeAll(async () => {
    started = await startRedisServerWithClient();
  });
  afterAll(() => started.stop());

  const open = (runId: string) => openBreakerWorker(started.server.url, runId, { threshold: 3, cooldownMs: COOLDOWN_MS, probeTimeoutMs: 30_000 });

  /**
   * The run keeps the host's breaker open until a moment already past: both workers restore it so (as a
   * resume inside the open period, or two workers that both heard it open), and the next request of each
   * would start a probe.
   */
  async function workersWithBreakerDue(runId: string): Promise<[RedisFrontier, RedisFrontier]> {
    const seeder = await open(runId);
    // Another host's page: the run exists, and this host's slots are the test's.
    await seeder.add([req('http://other.test/queued')]);
    await seeder.close();
    const snapshot = { state: 'open', openUntilMs: Date.now() - 1, cooldownMs: COOLDOWN_MS };
    await started.client.hset(`${runPrefix(runId)}g:${HOST}`, 'br', JSON.stringify(snapshot));
    await started.client.sadd(`${runPrefix(runId)}broken`, HOST);
    // A host the run knows (as one whose pages it had), so a joining worker reads its gate.
    await started.client.sadd(`${runPrefix(runId)}hostset`, HOST);
    return [await open(runId), await open(runId)];
  }

  const worker = (frontier: RedisFrontier) => breakerWorker(frontier, HOST);

  it('lets the first worker\'s request go as the probe and parks the other worker\'s, not as a probe', async () => {
    const [a, b] = await workersWithBreakerDue('one-probe');
    try {
      const [wa, wb] = [worker(a), worker(b)];
      expect(await wa.send('/1')).toEqual({ type: 'continue' });
      expect(wa.stats.get('breaker/probes')).toBe(1);
      // Before: b's breaker, open until the same past moment, sent a second probe at once.
      const second = await wb.send('/2');
      expect(second).toMatchObject({ type: 'defer', reason: 'breaker/open' });
      expect(wb.stats.get('breaker/probes') ?? 0).toBe(0);
      // A parked wait for another worker's probe is ours, not the server's: it counts no deferral.
      expect(second).toMatchObject({ serverWait: false });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('asks the run before a lease goes whose host broke after this worker last heard, and parks it beside the probe', async () => {
    const runId = 'unheard';
    const [a, b] = [await open(runId), await open(runId)];
    try {
      // The breaker opened and its period ran out before either worker heard: both breakers are closed.
      await a.add([req(`http://${HOST}/1`)]);
      await started.client.hset(`${runPrefix(runId)}g:${HOST}`, 'br', JSON.stringify({ state: 'open', openUntilMs: Date.now() - 1, cooldownMs: COOLDOWN_MS }), 'bk', 1);
      await started.client.sadd(`${runPrefix(runId)}broken`, HOST);
      // One request queued at each pick: a worker's pick takes a batch.
      const first = expectLease(await a.next(0));
      await b.add([req(`http://${HOST}/2`)]);
      const second = expectLease(await b.next(0));
      const probe = await a.gate.admit(HOST, first.request.id!, Date.now());
      expect(probe.gate).toEqual({ type: 'pass', probe: true });
      // Before: b's breaker, closed, let its lease go beside a's probe.
      const other = await b.gate.admit(HOST, second.request.id!, Date.now());
      expect(other.gate).toMatchObject({ type: 'wait', pauseHost: false });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('has a worker that heard of the other worker\'s probe at its heartbeat look again shortly, not park the host for a probe\'s timeout', async () => {
    const [a, b] = await workersWithBreakerDue('heard-half-open');
    try {
      const [wa, wb] = [worker(a), worker(b)];
      expect(await wa.send('/1')).toEqual({ type: 'continue' });
      await wa.settled();
      // b's heartbeat hears the host half-open: a's probe is out.
      await Promise.all(b.gate.heartbeat());
      await wb.settled();
      const parked = await wb.send('/2');
      // Before: b parked its pages for the probe's whole timeout (30 s here) as a wait of the server's.
      expect(parked).toMatchObject({ type: 'defer', reason: 'breaker/open', serverWait: false });
      expect((parked as { untilMs: number }).untilMs).toBeLessThanOrEqual(Date.now() + 1_000);
      // The probe's answer reaches b's next request at once, not at b's next heartbeat.
      await wa.answer('/1', 200);
      await wa.settled();
      expect(await wb.send('/3')).toEqual({ type: 'continue' });
      expect(wb.stats.get('breaker/probes') ?? 0).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('forgets a broken pick whose lease ended before the breaker was asked, so its next pick of a closed host is not asked of the run', async () => {
    const runId = 'dropped-before-admit';
    const a = await open(runId);
    try {
      await a.add([req(`http://${HOST}/1`)]);
      await started.client.hset(`${runPrefix(runId)}g:${HOST}`, 'br', JSON.stringify({ state: 'open', openUntilMs: Date.now() - 1, cooldownMs: COOLDOWN_MS }), 'bk', 1);
      const first = expectLease(await a.next(0));
      // A middleware above the breaker (offsite, a project's own) hands the lease back: admit is never asked.
      first.cancelReservation();
      await a.defer(first.request, Date.now(), { countAttempt: false });
      // Another worker's probe closed the host's breaker meanwhile.
      await started.client.hset(`${runPrefix(runId)}g:${HOST}`, 'br', JSON.stringify({ state: 'closed', openUntilMs: 0, cooldownMs: COOLDOWN_MS }));
      await started.client.hdel(`${runPrefix(runId)}g:${HOST}`, 'bk');
      const again = expectLease(await a.next(0));
      expect(again.request.id).toBe(first.request.id);
      // Before: the id stayed flagged for the worker's life, and this admission cost a round trip to Redis.
      const admitted = a.gate.admit(HOST, again.request.id!, Date.now());
      expect(admitted).not.toBeInstanceOf(Promise);
      expect((await admitted).gate).toEqual({ type: 'pass', probe: false });
    } finally {
      await a.close();
    }
  });

  it('lets the other worker through once the probe closed the breaker, and holds it when the probe reopened it', async () => {
    const [a, b] = await workersWithBreakerDue('probe-decides');
    try {
      const [wa, wb] = [worker(a), worker(b)];
      await wa.send('/1');
      await wa.answer('/1', 200);
      await wa.settled();
      expect(await wb.send('/2')).toEqual({ type: 'continue' });
      expect(wb.stats.get('breaker/probes') ?? 0).toBe(0);
      expect((await readRunStatus(started.client, 'probe-decides')).byHost[HOST]).toMatchObject({ breaker: 'closed' });
    } finally {
      await a.close();
      await b.close();
    }
    const [c, d] = await workersWithBreakerDue('probe-reopens');
    try {
      const [wc, wd] = [worker(c), worker(d)];
      // Leased before the probe reopens the host, whose pause then holds every pick.
      await wd.lease('/2');
      await wc.send('/1');
      await wc.answer('/1', 429);
      await wc.settled();
      const parked = await wd.send('/2');
      expect(parked).toMatchObject({ type: 'defer', reason: 'breaker/open', serverWait: true });
      expect((parked as { untilMs: number }).untilMs).toBeGreaterThan(Date.now() + COOLDOWN_MS);
      expect(wd.stats.get('breaker/probes') ?? 0).toBe(0);
    } finally {
      await c.close();
      await d.close();
    }
  });

  // The probe's connection reset: its worker's breaker reopens it, and the run must hear that, or the other
  // worker would hold the host only until the probe's claim ran out (30 s here) and then probe again.
  it('holds the other worker for the longer cooldown when the probe\'s connection was reset', async () => {
    const [a, b] = await workersWithBreakerDue('probe-reset');
    try {
      const [wa, wb] = [worker(a), worker(b)];
      await wb.lease('/2');
      expect(await wa.send('/1')).toEqual({ type: 'continue' });
      expect(await wa.fail('/1')).toMatchObject({ type: 'defer', reason: 'breaker/open', serverWait: true });
      await wa.settled();
      const parked = await wb.send('/2');
      expect(parked).toMatchObject({ type: 'defer', reason: 'breaker/open', serverWait: true });
      expect((parked as { untilMs: number }).untilMs).toBeGreaterThan(Date.now() + COOLDOWN_MS);
      expect(wb.stats.get('breaker/probes') ?? 0).toBe(0);
      expect((await readRunStatus(started.client, 'probe-reset')).byHost[HOST]).toMatchObject({ breaker: 'open' });
    } finally {
      await a.close();
      await b.close();
    }
  });
});
