// The global concurrency ceiling: a thin adapter over Crawlee's AutoscaledPool and its load signals.
import type { AutoscaledPool } from '@crawlee/core';
import { crawleeCore } from '../core/crawlee';
import type { Settings } from '../settings/schema';
import { createEventLoopBusySignal } from './event-loop-busy-signal';
import { availableMemoryBytes, canReadProcessTree, readProcessMemory } from './process-memory';

export interface PoolTasks {
  isTaskReady(): boolean | Promise<boolean>;
  runTask(): Promise<void>;
  isFinished(): boolean | Promise<boolean>;
}

/** How often the pool looks for ready work without being told, ms (Crawlee's own interval is 500 ms). */
const RECHECK_MS = 500;

export class GlobalPool {
  // systemInfoV2 off: its CPU reading runs `getconf CLK_TCK` in a shell in containers and reads cgroup files
  // every second for a signal we ignore (see below); the first version reads os.cpus().
  private readonly config = new crawleeCore.Configuration({ persistStorage: false, purgeOnStart: false, systemInfoV2: false });
  private readonly pool: AutoscaledPool;

  constructor(settings: Settings['concurrency'], tasks: PoolTasks) {
    const max = settings.maxConcurrency;
    this.pool = new crawleeCore.AutoscaledPool(
      {
        maxConcurrency: max,
        // Without autoscaling the pool runs at the ceiling and ignores the system-load signals.
        minConcurrency: settings.autoscale ? Math.min(settings.minConcurrency, max) : max,
        // Crawlee ramps by +5 % per 10 s; starting low would take minutes to reach a useful level.
        desiredConcurrency: settings.autoscale ? Math.min(settings.desiredConcurrency, max) : max,
        runTaskFunction: () => tasks.runTask(),
        isTaskReadyFunction: async () => tasks.isTaskReady(),
        isFinishedFunction: async () => tasks.isFinished(),
        loggingIntervalSecs: null,
        // Host-wide CPU and event-loop lag are ignored: both also measure a neighbour (its CPU; our process
        // descheduled while it runs) and the start-up's module loading. Lag went overloaded at every start
        // and with a busy neighbour, and an overloaded pool starts no task beyond minConcurrency (1): each
        // host's first page then waited for the previous host's answer (~30 ms a host). Our event loop's
        // busy share (the loop's own utilisation, also tripped by a spinning callback) stands in for both;
        // memory (read from /proc, below) and the storage client's signal stay.
        systemStatusOptions: { maxCpuOverloadedRatio: 1, maxEventLoopOverloadedRatio: 1, loadSignals: [createEventLoopBusySignal()] },
      },
      this.config,
    );
  }

  async run(): Promise<void> {
    await this.measureMemoryFromProc();
    const events = this.config.getEventManager();
    await events.init();
    // Crawlee's own re-check interval (`maybeRunIntervalSecs`) schedules its next tick only once the call
    // before it settled (@apify/utilities' betterSetInterval), and a call that starts a task settles when
    // that task ends: while one long task runs, the pool re-checks only when told. A check that found the
    // system busy then left the pool at one task however idle the system became (seen with a loop blocked
    // 800 ms on a loaded machine: 3 ready tasks waited 5 s). This tick keeps the re-check going.
    const recheck = setInterval(() => this.notify(), RECHECK_MS);
    try {
      await this.pool.run();
    } finally {
      clearInterval(recheck);
      await events.close();
    }
  }

  /**
   * Crawlee's memory signal reads the total at start and the tree's RSS every second by spawning `ps`
   * (src/engine/process-memory.ts says why not). Where /proc can be read: the budget is fixed here, as
   * Crawlee would compute it (`availableMemoryRatio` of the memory, `CRAWLEE_MEMORY_MBYTES` if set), and
   * the event manager reads /proc instead (its `getMemoryInfo`, private in Crawlee's types, replaced on
   * this instance only). Elsewhere (macOS, Windows) Crawlee measures as it does.
   */
  private async measureMemoryFromProc(): Promise<void> {
    if (!(await canReadProcessTree())) return;
    if (!(this.config.get('memoryMbytes', 0) > 0)) {
      const ratio = this.config.get('availableMemoryRatio', 0.25) || 0.25;
      this.config.set('memoryMbytes', Math.max(1, Math.floor((availableMemoryBytes() * ratio) / 2 ** 20)));
    }
    const events = this.config.getEventManager() as unknown as { getMemoryInfo?: unknown };
    if (typeof events.getMemoryInfo === 'function') events.getMemoryInfo = () => readProcessMemory();
  }

  /** Re-checks for ready work soon (new requests, a freed slot): on the pool's next `setImmediate`. */
  notify(): void {
    void this.pool.notify();
  }

  /**
   * Re-checks for ready work in this phase of the event loop: a host whose slot opened now. `notify()`
   * would wait for the check phase, after every I/O callback of the poll phase (page callbacks among
   * them), and undici then waits one more `setImmediate` before writing on a reused socket; with the
   * interval anchored on the write, each such wait lengthens the host's gap. This is the method that
   * `notify()` schedules (protected in Crawlee's types, the same guards: one look-up at a time, the
   * ceiling, the load signals).
   */
  checkNow(): void {
    const pool = this.pool as unknown as { _maybeRunTask?: () => Promise<void> };
    if (typeof pool._maybeRunTask === 'function') void pool._maybeRunTask();
    else this.notify();
  }

  get currentConcurrency(): number {
    return this.pool.currentConcurrency;
  }

  get desiredConcurrency(): number {
    return this.pool.desiredConcurrency;
  }
}
