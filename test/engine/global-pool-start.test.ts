// The global pool after a busy start-up: the crawl's own work before the pool ran must not hold it at one task.
import { describe, expect, it } from 'vitest';
import { GlobalPool } from '../../src/engine/global-pool';

function spinMs(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Keeps the event loop busy without a break, as a crawl's start-up does (stores, seeds, sessions).
  }
}

/** Resolves after `hops` turns of the event loop's check phase: an order, not a time. */
async function turns(hops: number): Promise<void> {
  for (let i = 0; i < hops; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

describe('global pool after a busy start-up', () => {
  it('starts the second ready task while the first still runs', async () => {
    // Autoscaling on: the event-loop busy signal decides. Crawlee takes its first snapshot when the pool
    // starts; it once measured the busy stretch since the pool was made (the crawl opening its stores and
    // seeding), and one overloaded sample held the pool at minConcurrency (1) for a second.
    const events: string[] = [];
    let started = 0;
    const pool = new GlobalPool(
      { maxConcurrency: 16, minConcurrency: 1, desiredConcurrency: 16, autoscale: true },
      {
        isTaskReady: () => started < 2,
        runTask: async () => {
          const n = ++started;
          events.push(`task ${n} starts`);
          // Crawlee queues its look-up for the next task (a setImmediate) before it runs this one.
          await turns(3);
          events.push(`task ${n} ends`);
        },
        isFinished: () => started >= 2,
      },
    );
    spinMs(1_000);
    await pool.run();
    expect(events.slice(0, 2)).toEqual(['task 1 starts', 'task 2 starts']);
  }, 20_000);
});
