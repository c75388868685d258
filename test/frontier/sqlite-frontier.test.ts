// SqliteFrontier: dedupe per run, per-host order, paused hosts, deferral, ledger invariant, resume.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteFrontier } from '../../storage/sqlite/sqlite-frontier';
import type { Lease } from '../../src/ports/frontier';
import { expectLease, openFrontier, req, tempDir } from './frontier-fixture';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

function setup(policy = {}, overrides = {}) {
  const tmp = tempDir();
  cleanups.push(tmp.cleanup);
  const opened = openFrontier(tmp.dir, policy, overrides);
  cleanups.push(() => opened.frontier.close());
  return { ...opened, dir: tmp.dir };
}

/** Leases everything ready now, handling each at once; returns the URLs in lease order. */
async function drainNow(frontier: SqliteFrontier, nowMs: number): Promise<string[]> {
  const urls: string[] = [];
  for (let pick = frontier.next(nowMs); pick.type === 'lease'; pick = frontier.next(nowMs)) {
    urls.push(pick.lease.request.url);
    await frontier.markHandled(pick.lease.request, 200);
    pick.lease.releaseSlot();
  }
  return urls;
}

describe('SqliteFrontier', () => {
  it('dedupes within a run, not across runs, and never for dontFilter', async () => {
    const { frontier, dir } = setup();
    expect(await frontier.add([req('http://a.test/1'), req('http://a.test/1#frag'), req('http://a.test/2')])).toEqual({ added: 2, duplicates: 1 });
    expect(await frontier.add([req('http://a.test/2?utm_source=x')])).toEqual({ added: 0, duplicates: 1 });
    expect(await frontier.add([req('http://a.test/1', { dontFilter: true }), req('http://a.test/1', { dontFilter: true })])).toEqual({
      added: 2,
      duplicates: 0,
    });
    const second = openFrontier(dir, {}, { runId: 'new' }).frontier;
    cleanups.push(() => second.close());
    expect(second.runId).not.toBe(frontier.runId);
    expect(await second.add([req('http://a.test/1')])).toEqual({ added: 1, duplicates: 0 });
    expect((await frontier.summary()).planned).toBe(4);
  });

  it('assigns ids and leases by priority, then FIFO, within a host', async () => {
    const { frontier, clock } = setup();
    const batch = [req('http://a.test/low1'), req('http://a.test/high', { priority: 5 }), req('http://a.test/low2'), req('http://a.test/mid', { priority: 1 })];
    await frontier.add(batch);
    expect(batch.every((r) => r.id !== null)).toBe(true);
    expect(new Set(batch.map((r) => r.id)).size).toBe(4);
    expect(await drainNow(frontier, clock.nowMs())).toEqual(['http://a.test/high', 'http://a.test/mid', 'http://a.test/low1', 'http://a.test/low2']);
    expect(frontier.next(clock.nowMs())).toEqual({ type: 'empty' });
  });

  it('spaces a host by its interval and reports when to come back', async () => {
    const { frontier, clock } = setup({ minIntervalMs: 500 });
    await frontier.add([req('http://a.test/1'), req('http://a.test/2')]);
    const now = clock.nowMs();
    const first = expectLease(frontier.next(now));
    first.releaseSlot();
    expect(frontier.next(now)).toEqual({ type: 'wait', atMs: now + 500 });
    expect(frontier.next(now + 499)).toEqual({ type: 'wait', atMs: now + 500 });
    expect(expectLease(frontier.next(now + 500)).request.url).toBe('http://a.test/2');
  });

  it('a paused or capped host does not block another host', async () => {
    const { frontier, clock } = setup({ maxConcurrency: 1 });
    await frontier.add([req('http://paused.test/1'), req('http://busy.test/1'), req('http://busy.test/2'), req('http://free.test/1'), req('http://free.test/2')]);
    const now = clock.nowMs();
    frontier.pauseHost('paused.test', now + 60_000);
    const busy = expectLease(frontier.next(now));
    expect(busy.hostKey).toBe('busy.test');
    const leased: Lease[] = [];
    for (let pick = frontier.next(now); pick.type === 'lease'; pick = frontier.next(now)) {
      leased.push(pick.lease);
      await frontier.markHandled(pick.lease.request, 200);
      pick.lease.releaseSlot();
    }
    expect(leased.map((l) => l.request.url)).toEqual(['http://free.test/1', 'http://free.test/2']);
    // busy.test is at its cap (not in the wait), paused.test waits for its pause.
    expect(frontier.next(now)).toEqual({ type: 'wait', atMs: now + 60_000 });
    busy.releaseSlot();
    expect(expectLease(frontier.next(now)).request.url).toBe('http://busy.test/2');
    expect(frontier.next(now + 59_999)).toEqual({ type: 'wait', atMs: now + 60_000 });
    expect(expectLease(frontier.next(now + 60_000)).hostKey).toBe('paused.test');
  });

  it('waits without a time when only capped hosts have work, and cancel gives the slot back', async () => {
    const { frontier, clock } = setup({ maxConcurrency: 1, minIntervalMs: 1_000 });
    await frontier.add([req('http://a.test/1'), req('http://a.test/2')]);
    const now = clock.nowMs();
    const lease = expectLease(frontier.next(now));
    expect(frontier.inFlight()).toBe(1);
    expect(frontier.next(now)).toEqual({ type: 'wait', atMs: Number.POSITIVE_INFINITY });
    lease.cancelReservation();
    await frontier.defer(lease.request, now, { reason: 'offsite-check' });
    expect(frontier.inFlight()).toBe(0);
    // The cancelled send left no interval behind, so the host is open again at once.
    expect(expectLease(frontier.next(now)).request.url).toBe('http://a.test/1');
  });

  it('stores the server-wait count with the request, apart from its attempts, across leases and a reopen', async () => {
    const { frontier, clock, dir } = setup();
    await frontier.add([req('http://a.test/waited')]);
    const now = clock.nowMs();
    for (let i = 0; i < 2; i++) {
      const lease = expectLease(frontier.next(now));
      expect(lease.request.deferrals).toBe(i);
      await frontier.defer(lease.request, now, { countDeferral: true, reason: 'http/429' });
      lease.releaseSlot();
    }
    await frontier.close();
    const reopened = openFrontier(dir, {}, { runId: frontier.runId }).frontier;
    const lease = expectLease(reopened.next(now));
    expect([lease.request.deferrals, lease.request.attempt]).toEqual([2, 0]);
    await reopened.close();
  });

  it('defer respects not_before, counts attempts on request, and lets other rows go first', async () => {
    const { frontier, clock } = setup();
    await frontier.add([req('http://a.test/retry', { priority: 9 }), req('http://a.test/other')]);
    const now = clock.nowMs();
    const lease = expectLease(frontier.next(now));
    expect(lease.request.url).toBe('http://a.test/retry');
    expect(lease.request.attempt).toBe(0);
    await frontier.defer(lease.request, now + 5_000, { countAttempt: true, reason: 'http-503' });
    lease.releaseSlot();
    expect(await drainNow(frontier, now + 10)).toEqual(['http://a.test/other']);
    expect(frontier.next(now + 10)).toEqual({ type: 'wait', atMs: now + 5_000 });
    const again = expectLease(frontier.next(now + 5_000));
    expect(again.request.url).toBe('http://a.test/retry');
    expect(again.request.attempt).toBe(1);
  });

  it('keeps planned = succeeded + failed + pending with reasons, hosts and statuses', async () => {
    const { frontier, clock } = setup({ maxConcurrency: 10 });
    const urls = Array.from({ length: 30 }, (_, i) => `http://h${i % 3}.test/${i}`);
    await frontier.add(urls.map((u) => req(u)));
    const now = clock.nowMs();
    for (let i = 0; i < 20; i++) {
      const lease = expectLease(frontier.next(now));
      if (i % 4 === 0) await frontier.fail(lease.request, i % 8 === 0 ? 'http-404' : 'parse-error', i % 8 === 0 ? 404 : 200);
      else if (i % 4 === 1) continue; // leased and left in progress
      else await frontier.markHandled(lease.request, 200);
      lease.releaseSlot();
    }
    const summary = await frontier.summary();
    expect(summary.planned).toBe(30);
    expect(summary.failed).toBe(5);
    expect(summary.succeeded).toBe(10);
    expect(summary.pending).toBe(15);
    expect(summary.planned).toBe(summary.succeeded + summary.failed + summary.pending);
    expect(summary.failedByReason).toEqual({ 'http-404': 3, 'parse-error': 2 });
    expect(summary.byStatus).toEqual({ '200': 12, '404': 3 });
    expect(Object.keys(summary.byHost).sort()).toEqual(['h0.test', 'h1.test', 'h2.test']);
    const hostTotal = Object.values(summary.byHost).reduce((n, c) => n + c.planned, 0);
    expect(hostTotal).toBe(30);
    expect(frontier.inFlight()).toBe(5);
  });

  it('acknowledges an outcome only once another connection can read it', async () => {
    const { frontier, dir, clock } = setup({ maxConcurrency: 5 });
    await frontier.add([req('http://a.test/1'), req('http://a.test/2')]);
    const reader = new Database(join(dir, 'frontier.sqlite'), { readonly: true });
    cleanups.push(() => {
      reader.close();
    });
    const stateOf = (id: string | null) => (reader.prepare('SELECT state FROM requests WHERE id = ?').get(Number(id)) as { state: string }).state;
    const first = expectLease(frontier.next(clock.nowMs()));
    const second = expectLease(frontier.next(clock.nowMs()));
    const acknowledged = Promise.all([frontier.markHandled(first.request, 200), frontier.fail(second.request, 'http-500', 500)]);
    // Both outcomes share one commit that has not happened yet: nothing is acknowledged early.
    expect(stateOf(first.request.id)).toBe('pending');
    await acknowledged;
    expect(stateOf(first.request.id)).toBe('succeeded');
    expect(stateOf(second.request.id)).toBe('failed');
  });

  it('refuses outcomes for requests it never leased', async () => {
    const { frontier } = setup();
    const never = req('http://a.test/x');
    await expect(frontier.markHandled(never, 200)).rejects.toThrow(/never added/);
    await frontier.add([never]);
    await expect(frontier.markHandled(never, 200)).rejects.toThrow(/not in progress/);
  });

  it('resumes the latest unfinished run with its pending work after close', async () => {
    const { frontier, dir, clock } = setup();
    await frontier.add([req('http://a.test/1'), req('http://a.test/2'), req('http://b.test/1')]);
    const lease = expectLease(frontier.next(clock.nowMs()));
    await frontier.markHandled(lease.request, 200);
    lease.releaseSlot();
    const leftInProgress = expectLease(frontier.next(clock.nowMs()));
    const runId = frontier.runId;
    await frontier.close();

    expect(SqliteFrontier.latestUnfinishedRun(dir, 'shop')?.runId).toBe(runId);
    const resumed = openFrontier(dir, {}, { runId: 'resume-latest' }).frontier;
    cleanups.push(() => resumed.close());
    expect(resumed.runId).toBe(runId);
    expect(resumed.resumed).toBe(true);
    expect(resumed.reclaimedOnOpen).toBe(1);
    expect(await resumed.add([req(leftInProgress.request.url)])).toEqual({ added: 0, duplicates: 1 });
    const urls = await drainNow(resumed, clock.nowMs());
    expect(urls.sort()).toEqual(['http://a.test/1', 'http://a.test/2', 'http://b.test/1'].filter((u) => u !== lease.request.url).sort());
    const summary = await resumed.summary();
    expect(summary).toMatchObject({ planned: 3, succeeded: 3, failed: 0, pending: 0 });
    resumed.finishRun('finished');
    expect(SqliteFrontier.latestUnfinishedRun(dir, 'shop')).toBeNull();
    expect(SqliteFrontier.listRuns(dir, 'shop').map((r) => [r.runId, r.status])).toEqual([[runId, 'finished']]);
  });

  it('rejects resuming another spider’s run', async () => {
    const { frontier, dir } = setup();
    expect(() => openFrontier(dir, {}, { runId: frontier.runId, spider: 'other' })).toThrow(/belongs to spider shop/);
  });
});
