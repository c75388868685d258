// A load signal on how busy this process's event loop is: the one thread our crawl code runs on.
import type { LoadSignal, LoadSnapshot } from '@crawlee/core';
import { crawleeCore } from '../core/crawlee';

/** Cumulative time the event loop spent running callbacks (active) and waiting for I/O (idle), ms. */
export interface EventLoopTimes {
  activeMs: number;
  idleMs: number;
}

/** Node's own counters (`performance.eventLoopUtilization()`), cumulative since the loop started. */
export function readEventLoopTimes(): EventLoopTimes {
  const elu = performance.eventLoopUtilization();
  return { activeMs: elu.active, idleMs: elu.idle };
}

export interface EventLoopBusySignalOptions {
  /** How often a snapshot is taken, ms. */
  intervalMs?: number;
  /** A snapshot is overloaded when the loop was busy more than this share of the time since the previous one. */
  maxBusyRatio?: number;
  /** The pool counts as overloaded when more than this share of the recent snapshots were. */
  overloadedRatio?: number;
  /** Injectable for tests; Node's event-loop counters by default. */
  readTimes?: () => EventLoopTimes;
}

/**
 * Why event-loop utilization and not CPU time: `process.cpuUsage()` also counts libuv's thread pool
 * (zlib, crypto, fs) and V8's GC helper threads, which run beside the loop on other cores. Summed,
 * they exceeded one core while the loop itself still had idle time, so the pool believed it was
 * CPU-bound and stayed at low concurrency (bench/README.md has the figures). The loop's own busy share
 * is what more concurrency competes for. Crawlee's CPU signal is no better here: it reads host-wide
 * CPU, so a busy neighbour (a database, the site under test, another crawl) would throttle us.
 *
 * Why the thresholds are high (loop busy > 99 % of a second, in > 90 % of the recent snapshots): an
 * overloaded status makes Crawlee's pool start no task at all until its 5 s window looks idle again, so
 * the crawl drains to zero in flight and the loop then idles; a CPU-bound crawl at full concurrency is
 * exactly where its throughput is highest. With 0.95 and 0.4 the fast bench was gated in 16 of 26
 * quarter-second status checks and ran at ~300 pages/s against ~380 without autoscaling. A loop that is
 * busy without pause (a spinning callback) still trips this one and the pool scales down. Crawlee's
 * event-loop lag signal is off (global-pool.ts says why): lag also counts time a neighbour took the CPU.
 */
export function createEventLoopBusySignal(options: EventLoopBusySignalOptions = {}): LoadSignal {
  const intervalMs = options.intervalMs ?? 1000;
  const maxBusyRatio = options.maxBusyRatio ?? 0.99;
  const readTimes = options.readTimes ?? readEventLoopTimes;
  let last: EventLoopTimes | null = null;
  return crawleeCore.SnapshotStore.fromInterval<LoadSnapshot>({
    name: 'eventLoopBusy',
    overloadedRatio: options.overloadedRatio ?? 0.9,
    intervalMillis: intervalMs,
    handler(store, intervalCallback) {
      const now = readTimes();
      if (last === null) {
        // Crawlee calls this once when the pool starts. Counted from the signal's creation, that first
        // snapshot measured the crawl's own start-up (stores opened, seeds stored: a loop without a
        // break), and one overloaded sample is the whole status until the next one: the pool then ran
        // one task at a time for a second (home pages 300-900 ms late on the polite bench, 3 runs in 5).
        // The first snapshot counts from the pool's start.
        last = now;
        intervalCallback();
        return;
      }
      const activeMs = now.activeMs - last.activeMs;
      const elapsedMs = activeMs + (now.idleMs - last.idleMs);
      last = now;
      // No elapsed loop time (two snapshots in one turn) says nothing: not overloaded.
      const busyRatio = elapsedMs > 0 ? activeMs / elapsedMs : 0;
      store.push({ createdAt: new Date(), isOverloaded: busyRatio > maxBusyRatio });
      intervalCallback();
    },
  }) as LoadSignal;
}
