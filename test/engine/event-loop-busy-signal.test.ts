// The autoscaler's busy signal: overloaded only when the event loop itself was busy, measured on injected and on real loop times.
import { describe, expect, it } from 'vitest';
import { createEventLoopBusySignal, type EventLoopTimes } from '../../src/engine/event-loop-busy-signal';

type Handle = (done: () => void) => void;

function snapshot(signal: ReturnType<typeof createEventLoopBusySignal>): boolean {
  (signal as unknown as { handle: Handle }).handle(() => undefined);
  const sample = signal.getSample();
  return sample[sample.length - 1].isOverloaded;
}

/** Crawlee's first call, when the pool starts: the baseline, no snapshot. */
function start(signal: ReturnType<typeof createEventLoopBusySignal>): ReturnType<typeof createEventLoopBusySignal> {
  (signal as unknown as { handle: Handle }).handle(() => undefined);
  return signal;
}

/** Loop times that a test advances by hand: busy and idle milliseconds since the previous snapshot. */
function manualTimes(): { readTimes: () => EventLoopTimes; pass: (activeMs: number, idleMs: number) => void } {
  const times = { activeMs: 0, idleMs: 0 };
  return {
    readTimes: () => ({ ...times }),
    pass: (activeMs, idleMs) => {
      times.activeMs += activeMs;
      times.idleMs += idleMs;
    },
  };
}

function spinMs(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Burns the event loop on purpose: this is the load the signal must see.
  }
}

describe('event-loop busy signal', () => {
  it('is overloaded only when the loop was busy more than maxBusyRatio of the time since the previous snapshot', () => {
    const clock = manualTimes();
    const signal = start(createEventLoopBusySignal({ readTimes: clock.readTimes, maxBusyRatio: 0.9 }));
    clock.pass(950, 50);
    expect(snapshot(signal)).toBe(true);
    clock.pass(900, 100);
    expect(snapshot(signal)).toBe(false);
    clock.pass(300, 700);
    expect(snapshot(signal)).toBe(false);
    // Only the interval counts, not the history: a long idle past does not hide a busy present.
    clock.pass(0, 100_000);
    expect(snapshot(signal)).toBe(false);
    clock.pass(1000, 0);
    expect(snapshot(signal)).toBe(true);
  });

  it("counts from the pool's start, not from its creation: the start-up before it is no load", () => {
    const clock = manualTimes();
    const signal = createEventLoopBusySignal({ readTimes: clock.readTimes });
    // Opening stores and seeding between the pool's creation and its start: a loop without a break.
    clock.pass(800, 0);
    start(signal);
    expect(signal.getSample()).toEqual([]); // no sample: the status is not overloaded
    clock.pass(300, 700);
    expect(snapshot(signal)).toBe(false);
  });

  it('treats two snapshots without loop time in between as not overloaded', () => {
    const clock = manualTimes();
    const signal = start(createEventLoopBusySignal({ readTimes: clock.readTimes }));
    expect(snapshot(signal)).toBe(false);
  });

  it('ignores CPU spent off the loop: a loop that mostly waits is not overloaded whatever threads work', () => {
    // The point of the signal: libuv's pool and GC threads can use more than a core while the loop idles.
    const clock = manualTimes();
    const signal = start(createEventLoopBusySignal({ readTimes: clock.readTimes }));
    clock.pass(400, 600);
    expect(snapshot(signal)).toBe(false);
  });

  it('sees a real busy loop as overloaded and a real idle one as not', async () => {
    const signal = createEventLoopBusySignal();
    // Node's counters start with the loop; take the first snapshot from inside it.
    await new Promise<void>((resolve) => setImmediate(resolve));
    start(signal);
    spinMs(150);
    expect(snapshot(signal)).toBe(true);
    // Idle time is the quantity measured here, so the test waits for it to pass.
    await new Promise<void>((resolve) => setTimeout(resolve, 150));
    expect(snapshot(signal)).toBe(false);
  });
});
