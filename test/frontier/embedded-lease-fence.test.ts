// The embedded frontier's lease tokens: every lease of a run is above every earlier one, whatever the clock did.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/politeness/clock';
import { expectLease, openFrontier, req, tempDir } from './frontier-fixture';

const HOUR_MS = 3_600_000;

describe('the embedded frontier\'s lease tokens', () => {
  const dirs: Array<{ cleanup(): void }> = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) dir.cleanup();
  });
  const freshDir = () => {
    const made = tempDir();
    dirs.push(made);
    return made.dir;
  };

  it('gives a lease taken after the clock stepped back an hour a token above one taken before the step', async () => {
    const { frontier, clock } = openFrontier(freshDir());
    try {
      clock.set(10 * HOUR_MS);
      await frontier.add([req('http://a.test/p'), req('http://b.test/p')]);
      const before = expectLease(frontier.next(clock.nowMs()));
      clock.set(clock.nowMs() - HOUR_MS);
      const after = expectLease(frontier.next(clock.nowMs()));
      expect(after.request.id).not.toBe(before.request.id);
      expect(after.request.earlierLease).toBe(false); // a first lease of its request all the same
      expect(after.request.leaseFence).toBe(before.request.leaseFence! + 1);
    } finally {
      await frontier.close();
    }
  });

  /** A run with one lease taken at the manual clock's time; `alter` then changes its file as an older version left it. */
  const leasedRun = async (alter: (dir: string) => void = () => undefined) => {
    const dir = freshDir();
    const first = openFrontier(dir);
    await first.frontier.add([req('http://a.test/p'), req('http://b.test/p')]);
    const before = expectLease(first.frontier.next(first.clock.nowMs()));
    await first.frontier.close();
    alter(dir);
    return { dir, beforeFence: before.request.leaseFence!, beforeMs: first.clock.nowMs() };
  };
  /** Resumes the run on a clock an hour behind the first open's: both its leases are above the earlier token. */
  const expectResumedAbove = async (run: { dir: string; beforeFence: number; beforeMs: number }) => {
    const resumed = openFrontier(run.dir, {}, { runId: 'resume-latest', clock: new ManualClock(run.beforeMs - HOUR_MS) });
    try {
      const leases = [expectLease(resumed.frontier.next(resumed.clock.nowMs())), expectLease(resumed.frontier.next(resumed.clock.nowMs()))];
      for (const lease of leases) expect(lease.request.leaseFence).toBeGreaterThan(run.beforeFence);
    } finally {
      await resumed.frontier.close();
    }
  };

  it('keeps the run\'s greatest token over a resume on a clock an hour behind', async () => {
    await expectResumedAbove(await leasedRun());
  });

  it('takes a run\'s greatest token from its requests when the file was made before the run kept one', async () => {
    // The file as schema 5 left it: the lease's token on its request only.
    const run = await leasedRun((dir) => {
      const db = new Database(join(dir, 'frontier.sqlite'));
      db.exec('ALTER TABLE runs DROP COLUMN last_fence');
      db.pragma('user_version = 5');
      db.close();
    });
    await expectResumedAbove(run);
  });
});
