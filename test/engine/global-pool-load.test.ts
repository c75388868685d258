// The global pool under a blocked start: one long synchronous stretch (module loading, a neighbour taking the CPU) must not serialise the crawl.
import { describe, expect, it } from 'vitest';
import { GlobalPool } from '../../src/engine/global-pool';

function spinMs(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Blocks the event loop on purpose, as loading a crawl's modules or a descheduled process does.
  }
}

describe('global pool and event-loop lag', () => {
  it('starts every ready task after the loop was blocked once, instead of one at a time', async () => {
    const TASKS = 4;
    let started = 0;
    let running = 0;
    let maxRunning = 0;
    let releaseAll!: () => void;
    const allRunning = new Promise<void>((resolve) => (releaseAll = resolve));
    // A deadline, not a synchronisation: a pool that runs one task at a time never reaches TASKS running,
    // and the first task gives up after it so the test fails on the count instead of hanging.
    const deadline = setTimeout(releaseAll, 5_000);
    const pool = new GlobalPool(
      { maxConcurrency: 8, minConcurrency: 1, desiredConcurrency: 8, autoscale: true },
      {
        isTaskReady: () => started < TASKS,
        runTask: async () => {
          started++;
          running++;
          maxRunning = Math.max(maxRunning, running);
          // The first task blocks the loop past Crawlee's event-loop snapshot (every 500 ms, blocked > 50 ms).
          if (started === 1) spinMs(800);
          if (running === TASKS) releaseAll();
          await allRunning;
          running--;
        },
        isFinished: () => started >= TASKS && running === 0,
      },
    );
    await pool.run();
    clearTimeout(deadline);
    expect(maxRunning).toBe(TASKS);
  }, 20_000);
});
