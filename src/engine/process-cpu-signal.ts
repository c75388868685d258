// A load signal on this process's own CPU time: the crawler's event loop is what saturates, not the host.
import { SnapshotStore, type LoadSignal, type LoadSnapshot } from '@crawlee/core';

/**
 * Crawlee's CPU signal reads host-wide CPU, so a busy neighbour (a database, the site under test, another
 * crawl) throttles us although our one event-loop thread is idle (CRAWLEE-NOTES). Node runs our code on
 * one core: we are CPU-bound when this process used more than `maxBusyRatio` of one core since the
 * previous snapshot.
 */
export function createProcessCpuSignal(options: { intervalMs?: number; maxBusyRatio?: number; overloadedRatio?: number } = {}): LoadSignal {
  const intervalMs = options.intervalMs ?? 1000;
  const maxBusyRatio = options.maxBusyRatio ?? 0.95;
  let lastCpu = process.cpuUsage();
  let lastAt = performance.now();
  return SnapshotStore.fromInterval<LoadSnapshot>({
    name: 'processCpuInfo',
    overloadedRatio: options.overloadedRatio ?? 0.4,
    intervalMillis: intervalMs,
    handler(store, intervalCallback) {
      const cpu = process.cpuUsage(lastCpu);
      const now = performance.now();
      const busyRatio = (cpu.user + cpu.system) / 1000 / Math.max(1, now - lastAt);
      lastCpu = process.cpuUsage();
      lastAt = now;
      store.push({ createdAt: new Date(), isOverloaded: busyRatio > maxBusyRatio });
      intervalCallback();
    },
  }) as LoadSignal;
}
