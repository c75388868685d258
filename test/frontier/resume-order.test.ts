// A resumed run serves its pending requests in the order an uninterrupted one does: per host by priority,
// then FIFO, hosts interleaved by their slots. The resume finds its hosts without counting their rows
// (sqlite-frontier.ts loadPending), so a host's unknown count must neither end it early nor keep it forever.
import { afterEach, describe, expect, it } from 'vitest';
import type { SqliteFrontier } from '../../storage/sqlite/sqlite-frontier';
import type { ManualClock } from '../../src/politeness/clock';
import { expectLease, openFrontier, req, tempDir } from './frontier-fixture';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** 3 hosts × 40 requests with repeating priorities, added in an interleaved order, and a few already done. */
async function seed(frontier: SqliteFrontier): Promise<void> {
  const requests = [];
  for (let i = 0; i < 40; i++) {
    for (const host of ['a', 'b', 'c']) requests.push(req(`http://${host}.test/p/${i}`, { priority: (i * 7) % 5 }));
  }
  await frontier.add(requests);
  for (let i = 0; i < 4; i++) {
    const lease = expectLease(frontier.next(1_000_000));
    lease.markSent();
    await frontier.markHandled(lease.request, 200);
    lease.releaseSlot();
  }
}

/** Leases and acknowledges until the frontier is empty; the URLs in the order served. */
async function drain(frontier: SqliteFrontier, clock: ManualClock): Promise<string[]> {
  const served: string[] = [];
  for (;;) {
    const pick = frontier.next(clock.nowMs());
    if (pick.type === 'empty') return served;
    if (pick.type === 'wait') throw new Error(`unexpected wait until ${pick.atMs}`);
    served.push(pick.lease.request.url);
    pick.lease.markSent();
    await frontier.markHandled(pick.lease.request, 200);
    pick.lease.releaseSlot();
  }
}

function byHost(urls: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const url of urls) (out[new URL(url).host] ??= []).push(url);
  return out;
}

describe('resuming a run with pending requests', () => {
  it('serves them in the same order and priority as the run would have without the interruption', async () => {
    const straight = tempDir();
    const resumed = tempDir();
    cleanups.push(straight.cleanup, resumed.cleanup);

    const a = openFrontier(straight.dir);
    await seed(a.frontier);
    const expected = await drain(a.frontier, a.clock);
    await a.frontier.close();

    const b = openFrontier(resumed.dir);
    await seed(b.frontier);
    const runId = b.frontier.runId;
    await b.frontier.close();
    const reopened = openFrontier(resumed.dir, {}, { runId: 'resume-latest' });
    expect(reopened.frontier.runId).toBe(runId);
    const served = await drain(reopened.frontier, reopened.clock);
    const summary = await reopened.frontier.summary();
    await reopened.frontier.close();

    // Per host the order is the frontier's (priority, then FIFO); which host goes first after a reopen
    // follows the heap's ties, so hosts are compared one by one, and must still take turns.
    expect(expected).toHaveLength(116);
    expect(byHost(served)).toEqual(byHost(expected));
    expect(new Set(served.slice(0, 3).map((url) => new URL(url).host)).size).toBe(3);
    expect(summary).toMatchObject({ planned: 120, succeeded: 120, failed: 0, pending: 0 });
  });
});
