// The global pool starts every ready task in the turn that found the first, not one per turn of the event loop.
import { describe, expect, it } from 'vitest';
import { GlobalPool } from '../../src/engine/global-pool';

describe('global pool: tasks ready together', () => {
  it('starts all of them before the next turn of the event loop', async () => {
    const TASKS = 5;
    const events: string[] = [];
    let started = 0;
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const pool = new GlobalPool(
      { maxConcurrency: 16, minConcurrency: 1, desiredConcurrency: 16, autoscale: false },
      {
        isTaskReady: () => started < TASKS,
        runTask: async () => {
          started++;
          events.push(`task ${started}`);
          // Queued when the first task starts: Crawlee's own next look-up is a setImmediate queued just before it.
          if (started === 1) setImmediate(() => events.push('next turn'));
          if (started === TASKS) setImmediate(finish);
          await finished;
        },
        isFinished: () => started >= TASKS,
      },
    );
    await pool.run();
    // Hosts whose slots open together are all dispatched in the turn their slots open (on the polite
    // bench the 20th home page otherwise left ~120 ms after its slot opened, one look-up per turn).
    expect(events.slice(0, TASKS + 1)).toEqual(['task 1', 'task 2', 'task 3', 'task 4', 'task 5', 'next turn']);
  }, 20_000);
});
