// The global pool starts every ready task in the turn that found the first, not one per turn of the event loop,
// and a busy start-up before the pool runs does not hold it at one task.
import { describe, expect, it } from 'vitest';
import { GlobalPool } from '../../src/engine/global-pool';

function spinMs(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Keeps the event loop busy without a break, as a crawl's start-up does (stores, seeds, sessions).
  }
}

/** Runs TASKS ready tasks; returns what happened up to the turn after the first task started. */
async function runReadyTasks(pool: (tasks: ConstructorParameters<typeof GlobalPool>[1]) => GlobalPool, beforeRun: () => void = () => undefined): Promise<string[]> {
  const TASKS = 5;
  const events: string[] = [];
  let started = 0;
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const made = pool({
    isTaskReady: () => started < TASKS,
    runTask: async () => {
      started++;
      events.push(`task ${started}`);
      // Queued when the first task starts: Crawlee's own next look-up is a setImmediate queued just before it.
      if (started === 1)
        setImmediate(() => {
          events.push('next turn');
          finish();
        });
      await finished;
    },
    isFinished: () => started >= TASKS,
  });
  beforeRun();
  // What has not started by the next turn starts once the first tasks end (all of them, at once).
  await made.run();
  return events.slice(0, TASKS + 1);
}

describe('global pool: tasks ready together', () => {
  it('starts all of them before the next turn of the event loop', async () => {
    const events = await runReadyTasks((tasks) => new GlobalPool({ maxConcurrency: 16, minConcurrency: 1, desiredConcurrency: 16, autoscale: false }, tasks));
    // Hosts whose slots open together are all dispatched in the turn their slots open (on the polite
    // bench the 20th home page otherwise left ~120 ms after its slot opened, one look-up per turn).
    expect(events).toEqual(['task 1', 'task 2', 'task 3', 'task 4', 'task 5', 'next turn']);
  }, 20_000);

  it('is not held at one task by the start-up the crawl did before the pool ran', async () => {
    // Autoscaling on: the event-loop busy signal decides. Its first snapshot is taken when the pool starts,
    // and once measured the busy stretch since the pool was made (the crawl opening its stores and
    // seeding), so a single overloaded sample held the pool at minConcurrency for a second.
    const events = await runReadyTasks(
      (tasks) => new GlobalPool({ maxConcurrency: 16, minConcurrency: 1, desiredConcurrency: 16, autoscale: true }, tasks),
      () => spinMs(1_000),
    );
    expect(events).toEqual(['task 1', 'task 2', 'task 3', 'task 4', 'task 5', 'next turn']);
  }, 20_000);
});
