// A load signal on how busy this process's event loop is: the one thread our crawl code runs on.
import { SnapshotStore, type LoadSignal, type LoadSnapshot } from '@crawlee/core';

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
 */
export function createEventLoopBusySignal(options: EventLoopBusySignalOptions = {}): LoadSignal {
  const intervalMs = options.intervalMs ?? 1000;
  const maxBusyRatio = options.maxBusyRatio ?? 0.95;
  const readTimes = options.readTimes ?? readEventLoopTimes;
  let last = readTimes();
  return SnapshotStore.fromInterval<LoadSnapshot>({
    name: 'eventLoopBusy',
    overloadedRatio: options.overloadedRatio ?? 0.4,
    intervalMillis: intervalMs,
    handler(store, intervalCallback) {
      const now = readTimes();
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
