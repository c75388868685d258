// `crawl --processes N`: the first process starts N-1 others on its run, takes over the slot of any that ends, and gathers their counters.
import type { ChildProcess } from 'node:child_process';
import type { Logger } from 'pino';
import type { Stats } from '../../engine/stats';
import type { ProcessSlot } from '../../ports/frontier';
import type { HopLinks, HopWire } from './hop-channel';

/**
 * How the first process starts the process of `slot` (an IPC channel: `fork`); the run id reaches it over
 * that channel once the run is open, so it may have been forked before (the CLI forks at its very start).
 */
export type StartCrawlProcess = (slot: number) => ChildProcess;

export interface CrawlProcessesOption {
  /** Processes in all, this one included (≥ 2). */
  count: number;
  start: StartCrawlProcess;
}

/**
 * How long a joining process waits for its first process to open the run. The first one is bounded by
 * its own start-up (stores, catalog); a hung one is given up on rather than waited for forever.
 */
const JOIN_TIMEOUT_MS = 300_000;

/** A joining process asks to be told once the run is open; the first process answers `run-open`. */
interface JoinMessage {
  type: 'pricecrawl/join';
}

interface RunOpenMessage {
  type: 'pricecrawl/run-open';
  runId: string;
  /** The first process's claim token (SpiderClaim.fence): the others write under its claim, refused as its writes are. */
  fence?: number;
}

/** What a joining process learns once the run is open. */
export type OpenedRun = Omit<RunOpenMessage, 'type'>;

/** What a joining process sends its first process once its crawl is over. */
interface CountersMessage {
  type: 'pricecrawl/counters';
  counters: Record<string, number>;
  peaks: string[];
  /** Stats.note texts (the first error of a component); absent from a process of an older build. */
  notes?: Record<string, string>;
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
 * The others are started before this process opens the run, so their start-up (loading modules, opening
 * the stores) overlaps its own; each joins once the run is open (`runOpened`: its row and slot 0's seeder
 * mark are committed). A process that exits is taken over at once (`takeOver(slot)`: its hosts and leases
 * come to this one; one that exits before the run is open, as soon as it is), so a crash loses no work and
 * is never silent: it is logged and counted (`processes/crashed`), and the summary says so.
 */
export class CrawlProcesses {
  private readonly exits: Array<Promise<ProcessExit>> = [];
  private readonly children = new Map<number, ChildProcess>();
  /** Set once the run is open; until then joiners wait and exits queue. */
  private takeOver: ((slot: number) => void) | null = null;
  private runId = '';
  private fence: number | undefined;
  private readonly waiting = new Set<ChildProcess>();
  private readonly exitedEarly: number[] = [];
  private abandoned = false;
  private hops: { message: (message: HopWire) => void; gone: (slot: number) => void } | null = null;

  constructor(
    option: CrawlProcessesOption,
    private readonly stats: Stats,
    private readonly log: Logger,
  ) {
    for (let slot = 1; slot < option.count; slot++) {
      const child = option.start(slot);
      this.children.set(slot, child);
      this.exits.push(this.watch(slot, child));
    }
  }

  /** The run is open: waiting joiners go, and slots of processes that already exited are taken over. */
  runOpened(runId: string, takeOver: (slot: number) => void, fence?: number): void {
    this.runId = runId;
    this.fence = fence;
    this.takeOver = takeOver;
    for (const child of this.waiting) this.tellOpen(child);
    this.waiting.clear();
    for (const slot of this.exitedEarly.splice(0)) this.takeOverSafely(slot);
  }

  /** The first process's links for hop bookings (hop-channel.ts): it reaches every other process. */
  hopLinks(): HopLinks {
    return {
      self: 0,
      slots: this.children.size + 1,
      send: (slot, message) => {
        const child = this.children.get(slot);
        if (!child?.connected) return false;
        child.send(message, undefined, {}, () => undefined);
        return true;
      },
      listen: (message, gone) => void (this.hops = { message, gone }),
      close: () => void (this.hops = null),
    };
  }

  /** This process failed before its crawl: the others are let go (their wait ends with an error) and not taken over. */
  abandon(): void {
    this.abandoned = true;
    for (const child of this.children.values()) if (child.connected) child.disconnect();
  }

  private tellOpen(child: ChildProcess): void {
    const message: RunOpenMessage = { type: 'pricecrawl/run-open', runId: this.runId, fence: this.fence };
    // A child gone meanwhile is no error here: its exit is watched (and taken over).
    if (child.connected) child.send(message, undefined, {}, () => undefined);
  }

  private takeOverSafely(slot: number): void {
    try {
      this.takeOver?.(slot);
    } catch (error) {
      this.log.error({ err: error, slot }, 'could not take over the slot of an ended crawl process');
    }
  }

  private watch(slot: number, child: ChildProcess): Promise<ProcessExit> {
    let reported = false;
    child.on('message', (message: CountersMessage | JoinMessage | HopWire) => {
      if (message?.type === 'pricecrawl/hop') return void this.hops?.message(message);
      if (message?.type === 'pricecrawl/join') {
        if (this.takeOver) this.tellOpen(child);
        else this.waiting.add(child);
      }
      if (message?.type !== 'pricecrawl/counters') return;
      reported = true;
      this.absorb(message);
    });
    return new Promise((resolve) => {
      const settle = (code: number | null, signal: NodeJS.Signals | null) => {
        this.children.delete(slot);
        this.waiting.delete(child);
        this.hops?.gone(slot);
        const exit = { slot, pid: child.pid, code, signal, reported };
        if (this.abandoned) return resolve(exit);
        if (!reported || code !== 0) {
          this.stats.inc('processes/crashed');
          this.log.error({ slot, childPid: child.pid, code, signal }, 'a crawl process ended without finishing its crawl: its hosts and leases pass to the first process');
        }
        if (this.takeOver) this.takeOverSafely(slot);
        else this.exitedEarly.push(slot);
        resolve(exit);
      };
      // Node emits 'exit' once the child is reaped, and the counters it sent just before may still be in the
      // channel (seen 1 in 1,500): while it is connected, its end ('disconnect', read after every message) is
      // awaited. Not 'close': after abandon() disconnected it from this side, 'close' never comes.
      child.once('exit', (code: number | null, signal: NodeJS.Signals | null) => {
        if (child.connected) child.once('disconnect', () => settle(code, signal));
        else settle(code, signal);
      });
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
    for (const [key, text] of Object.entries(message.notes ?? {})) this.stats.note(key, text);
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
 * The joining side, before it opens the run: asks the first process and waits until the run is open.
 * Fails with a clear error if the first process goes away first (the IPC channel closes) or takes longer
 * than JOIN_TIMEOUT_MS.
 */
export function awaitRunOpen(timeoutMs = JOIN_TIMEOUT_MS): Promise<OpenedRun> {
  return new Promise((resolve, reject) => {
    const stopped = () => new Error('the first crawl process stopped before it opened its run');
    if (!process.send) return reject(new Error('a joining crawl process needs its channel to the first one (it is started by `crawl --processes N`)'));
    if (!process.connected) return reject(stopped());
    const finish = (error: Error | null, opened: OpenedRun = { runId: '' }) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      process.off('disconnect', onDisconnect);
      if (error) reject(error);
      else resolve(opened);
    };
    const timer = setTimeout(() => finish(new Error(`the first crawl process did not open its run within ${timeoutMs / 1000} s`)), timeoutMs);
    const onMessage = (message: RunOpenMessage) => {
      if (message?.type === 'pricecrawl/run-open') finish(null, { runId: message.runId, fence: message.fence });
    };
    const onDisconnect = () => finish(stopped());
    process.on('message', onMessage);
    process.once('disconnect', onDisconnect);
    const join: JoinMessage = { type: 'pricecrawl/join' };
    // A channel closing under the send is an answer too: the first process is gone.
    process.send(join, undefined, {}, (error) => error && finish(stopped()));
  });
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
        const message: CountersMessage = { type: 'pricecrawl/counters', counters: stats.snapshot(), peaks: stats.peakKeys(), notes: stats.notes() };
        if (!process.send || !process.connected) return resolve();
        process.send(message, undefined, {}, () => resolve());
      }),
    dispose: () => process.off('disconnect', onDisconnect),
  };
}

/**
 * A joining process's links for hop bookings: everything goes to the first process, which passes it on.
 * Made before the joiner waits for the run: the first process crawls as soon as the run is open and may
 * ask this one (a hop's booking, a robots.txt look-up) before its crawl is set up. Such a message was
 * dropped (no listener yet), its ask never answered, and the asker's robots look-up never settled, so its
 * crawl hung at the end. Messages are kept until the crawl listens, and handed over a turn later, once its
 * set-up (which serves the answers) is done.
 */
export function joinerHopLinks(place: ProcessSlot): HopLinks {
  const early: HopWire[] = [];
  let onMessage = (message: HopWire): void => void early.push(message);
  const onHop = (message: HopWire) => {
    if (message?.type === 'pricecrawl/hop') onMessage(message);
  };
  let onDisconnect = (): void => undefined;
  process.on('message', onHop);
  return {
    self: place.slot,
    slots: place.slots,
    send: (_slot, message) => {
      if (!process.send || !process.connected) return false;
      process.send(message, undefined, {}, () => undefined);
      return true;
    },
    listen: (listener, onGone) => {
      setImmediate(() => {
        for (const message of early.splice(0)) listener(message);
        onMessage = listener;
      });
      onDisconnect = () => onGone(0);
      process.once('disconnect', onDisconnect);
    },
    close: () => {
      process.off('message', onHop);
      process.off('disconnect', onDisconnect);
    },
  };
}
