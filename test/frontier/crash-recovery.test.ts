// Crash recovery: leases of a SIGKILLed worker go back to pending as soon as a new frontier opens.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openFrontier, req, tempDir } from './frontier-fixture';

const children: ChildProcess[] = [];
const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

const WORKER = ['bin/run-ts.js', 'test/frontier/fixtures/lease-and-hang.ts'];
/** What a store connection waits on a lock before it gives up (enable-wal.ts's default). */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/**
 * `unreaped`: the worker runs under a parent that never waits for its children (`sh` exec'ing `sleep`), so
 * once SIGKILLed it stays a zombie, as a worker does for a moment (or for good) under a busy or careless
 * parent: kill(pid, 0) still succeeds on it.
 */
async function startWorker(dir: string, leaseCount: number, handleCount: number, unreaped = false) {
  const args = [...WORKER, dir, String(leaseCount), String(handleCount)];
  const child = unreaped
    ? spawn('sh', ['-c', `"$0" "$@" & exec sleep 600`, process.execPath, ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
    : spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  lines.close();
  const report = JSON.parse(line) as { runId: string; leased: string[]; handled: string[]; pid: number };
  // Under `sh` the worker is a grandchild: it is killed by pid, also when a test fails before doing so.
  if (unreaped) cleanups.push(() => void signal(report.pid, 'SIGKILL'));
  return { child, report };
}

function signal(pid: number, name: NodeJS.Signals): boolean {
  try {
    return process.kill(pid, name);
  } catch {
    return false;
  }
}

/** Waits until the kernel shows `pid` as a zombie (it does once the SIGKILL is delivered). */
async function zombie(pid: number): Promise<void> {
  const state = () => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  };
  while (state() !== 'Z') await new Promise((resolve) => setImmediate(resolve));
}

function leasedRows(dir: string, runId: string): number {
  const db = new Database(join(dir, 'frontier.sqlite'), { readonly: true });
  try {
    return db.prepare("SELECT count(*) FROM requests WHERE run_id = ? AND state = 'in_progress'").pluck().get(runId) as number;
  } finally {
    db.close();
  }
}

function releaseRunClaim(dir: string, runId: string): void {
  const db = new Database(join(dir, 'frontier.sqlite'));
  try {
    db.prepare('DELETE FROM run_slots WHERE run_id = ?').run(runId);
  } finally {
    db.close();
  }
}

describe('crash recovery', () => {
  it('leaves a live worker’s leases alone, reclaims them at once after SIGKILL, keeps acknowledged outcomes', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.cleanup);
    const { child, report } = await startWorker(tmp.dir, 6, 2);
    expect(report.leased).toHaveLength(4);
    expect(report.handled).toHaveLength(2);
    expect(report.pid).toBe(child.pid);

    // A second crawl of the run while its process lives is refused: its leases (and its hosts) stay its own.
    expect(() => openFrontier(tmp.dir, { maxConcurrency: 100 }, { spider: 'crashy', runId: report.runId })).toThrow(/being crawled by process \d+/);
    expect(leasedRows(tmp.dir, report.runId)).toBe(4);

    child.kill('SIGKILL');
    await once(child, 'exit');
    const startedAt = performance.now();
    const { frontier, clock } = openFrontier(tmp.dir, { maxConcurrency: 100 }, { spider: 'crashy', runId: 'resume-latest' });
    cleanups.push(() => frontier.close());
    expect(frontier.runId).toBe(report.runId);
    expect(frontier.reclaimedOnOpen).toBe(4);
    expect(await frontier.summary()).toMatchObject({ planned: 10, succeeded: 2, failed: 0, pending: 8 });
    const urls: string[] = [];
    for (let pick = frontier.next(clock.nowMs()); pick.type === 'lease'; pick = frontier.next(clock.nowMs())) {
      urls.push(pick.lease.request.url);
      await frontier.markHandled(pick.lease.request, 200);
      pick.lease.releaseSlot();
    }
    // No lock timeout to wait out. The frontier's clock is the test's (it never moves here), so only a blocking
    // wait can take time: a lock wait takes SQLite's whole busy timeout. (A bound of 1 s was a timing target:
    // 1,051 ms for the reopen and eight commits at load 29.)
    expect(performance.now() - startedAt).toBeLessThan(SQLITE_BUSY_TIMEOUT_MS);
    expect(urls).toHaveLength(8);
    expect(urls).toEqual(expect.arrayContaining(report.leased));
    for (const url of report.handled) expect(urls).not.toContain(url);
    expect(await frontier.summary()).toMatchObject({ planned: 10, succeeded: 10, failed: 0, pending: 0 });
  });

  it('judges workers on other machines by heartbeat age', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.cleanup);
    const remote = openFrontier(tmp.dir, { maxConcurrency: 10 }, { workerId: 'remote-worker', staleWorkerAfterMs: 30_000 });
    cleanups.push(() => remote.frontier.close());
    await remote.frontier.add([req('http://a.test/1'), req('http://a.test/2'), req('http://a.test/3')]);
    remote.frontier.next(remote.clock.nowMs());
    remote.frontier.next(remote.clock.nowMs());
    remote.frontier.flush();
    const db = new Database(join(tmp.dir, 'frontier.sqlite'));
    cleanups.push(() => {
      db.close();
    });
    const setHeartbeat = db.prepare(`UPDATE workers SET hostname = 'other-machine', heartbeat_at = ? WHERE worker_id = 'remote-worker'`);

    setHeartbeat.run(Date.now() - 5_000);
    expect(() => openFrontier(tmp.dir, {}, { runId: remote.frontier.runId, staleWorkerAfterMs: 30_000 })).toThrow(/being crawled by process \d+ on other-machine/);

    setHeartbeat.run(Date.now() - 60_000);
    const stale = openFrontier(tmp.dir, {}, { runId: remote.frontier.runId, staleWorkerAfterMs: 30_000 }).frontier;
    cleanups.push(() => stale.close());
    expect(stale.reclaimedOnOpen).toBe(2);
    expect(await stale.summary()).toMatchObject({ planned: 3, pending: 3 });
  });

  it('reclaims at open the leases of a SIGKILLed worker that is still a zombie', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.cleanup);
    const { child, report } = await startWorker(tmp.dir, 6, 2, true);
    expect(report.pid).not.toBe(child.pid);
    process.kill(report.pid, 'SIGKILL');
    await zombie(report.pid);
    // kill(pid, 0) alone would call it alive.
    expect(() => process.kill(report.pid, 0)).not.toThrow();
    const { frontier } = openFrontier(tmp.dir, { maxConcurrency: 100 }, { spider: 'crashy', runId: 'resume-latest' });
    cleanups.push(() => frontier.close());
    expect(frontier.reclaimedOnOpen).toBe(4);
    expect(await frontier.summary()).toMatchObject({ planned: 10, succeeded: 2, pending: 8 });
  });

  it('reclaims while running: a worker that dies after this one opened does not leave its leases behind', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.cleanup);
    const { report } = await startWorker(tmp.dir, 6, 2, true);
    // The other holder of leases is a client of the run's queue (Crawlee's), which leases rows without crawling the run.
    releaseRunClaim(tmp.dir, report.runId);
    const { frontier, clock } = openFrontier(tmp.dir, { maxConcurrency: 100 }, { spider: 'crashy', runId: report.runId, heartbeatEveryMs: 50 });
    cleanups.push(() => frontier.close());
    expect(frontier.reclaimedOnOpen).toBe(0);
    const drain = async (): Promise<string[]> => {
      const urls: string[] = [];
      for (let pick = frontier.next(clock.nowMs()); pick.type === 'lease'; pick = frontier.next(clock.nowMs())) {
        urls.push(pick.lease.request.url);
        await frontier.markHandled(pick.lease.request, 200);
        pick.lease.releaseSlot();
      }
      return urls;
    };
    expect(await drain()).toHaveLength(4);
    // The live worker still holds 4: the run is not over, so this worker waits instead of ending.
    expect(frontier.next(clock.nowMs())).toEqual({ type: 'wait', atMs: clock.nowMs() + 50 });
    process.kill(report.pid, 'SIGKILL');
    await zombie(report.pid);
    expect(await drain()).toEqual(expect.arrayContaining(report.leased));
    expect(frontier.reclaimedWhileRunning).toBe(4);
    expect(frontier.next(clock.nowMs())).toEqual({ type: 'empty' });
    expect(await frontier.summary()).toMatchObject({ planned: 10, succeeded: 10, pending: 0 });
  });
});
