// `crawl --processes N`: the first process starts N-1 others on its run, takes over the slot of any that ends, and gathers their counters.
import type { ChildProcess } from 'node:child_process';
import type { Logger } from 'pino';
import type { Stats } from '../../engine/stats';

/** How the first process starts the process of `slot` on `runId` (an IPC channel: `fork`). */
export type StartCrawlProcess = (slot: number, runId: string) => ChildProcess;

export interface CrawlProcessesOption {
  /** Processes in all, this one included (≥ 2). */
  count: number;
  start: StartCrawlProcess;
}

/** What a joining process sends its first process once its crawl is over. */
interface CountersMessage {
  type: 'pricecrawl/counters';
  counters: Record<string, number>;
  peaks: string[];
}

export interface ProcessExit {
  slot: number;
  pid: number | undefined;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Its counters arrived: it ended its crawl normally. */
  reported: boolean;
}

/**
 * A process that exits is taken over at once (`takeOver(slot)`: its hosts and leases come to this one), so
 * a crash loses no work and is never silent: it is logged and counted (`processes/crashed`), and the
 * summary says so.
 */
export class CrawlProcesses {
  private readonly exits: Array<Promise<ProcessExit>> = [];
  private readonly children = new Map<number, ChildProcess>();

  constructor(
    option: CrawlProcessesOption,
    runId: string,
    private readonly stats: Stats,
    private readonly log: Logger,
    takeOver: (slot: number) => void,
  ) {
    for (let slot = 1; slot < option.count; slot++) {
      const child = option.start(slot, runId);
      this.children.set(slot, child);
      this.exits.push(this.watch(slot, child, takeOver));
    }
  }

  private watch(slot: number, child: ChildProcess, takeOver: (slot: number) => void): Promise<ProcessExit> {
    let reported = false;
    child.on('message', (message: CountersMessage) => {
      if (message?.type !== 'pricecrawl/counters') return;
      reported = true;
      this.absorb(message);
    });
    return new Promise((resolve) => {
      const settle = (code: number | null, signal: NodeJS.Signals | null) => {
        this.children.delete(slot);
        const exit = { slot, pid: child.pid, code, signal, reported };
        if (!reported || code !== 0) {
          this.stats.inc('processes/crashed');
          this.log.error({ slot, childPid: child.pid, code, signal }, 'a crawl process ended without finishing its crawl: its hosts and leases pass to the first process');
        }
        try {
          takeOver(slot);
        } catch (error) {
          this.log.error({ err: error, slot }, 'could not take over the slot of an ended crawl process');
        }
        resolve(exit);
      };
      child.once('exit', settle);
      child.once('error', (error) => {
        this.log.error({ err: error, slot }, 'could not start a crawl process');
        if (child.pid === undefined) settle(null, null);
      });
    });
  }

  /** Counters add up; peaks (`Stats.max`) keep the largest. */
  private absorb(message: CountersMessage): void {
    const peaks = new Set(message.peaks);
    for (const [key, value] of Object.entries(message.counters)) {
      if (peaks.has(key)) this.stats.max(key, value);
      else this.stats.inc(key, value);
    }
  }

  /** Asks the others to stop as this one does (a signal sent only to the first process). */
  stop(): void {
    for (const child of this.children.values()) child.kill('SIGTERM');
  }

  /** Resolves once every other process has exited. */
  async done(): Promise<ProcessExit[]> {
    return Promise.all(this.exits);
  }
}

/**
 * The joining side: stop when the first process is gone (it would neither take over nor finish the run;
 * what is unsettled stays queued for `--resume`), and send the counters once the crawl is over.
 */
export function joinFirstProcess(stop: (reason: string) => void): { report(stats: Stats): Promise<void>; dispose(): void } {
  const onDisconnect = () => stop('the first crawl process is gone');
  process.once('disconnect', onDisconnect);
  return {
    report: (stats) =>
      new Promise((resolve) => {
        const message: CountersMessage = { type: 'pricecrawl/counters', counters: stats.snapshot(), peaks: stats.peakKeys() };
        if (!process.send || !process.connected) return resolve();
        process.send(message, undefined, {}, () => resolve());
      }),
    dispose: () => process.off('disconnect', onDisconnect),
  };
}
